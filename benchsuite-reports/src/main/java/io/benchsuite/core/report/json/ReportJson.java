package io.benchsuite.core.report.json;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ReportFormat;
import io.benchsuite.core.run.SecondSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report.json}: the {@link Report} model written and read with Jackson databind. The only
 * place the report's JSON text is made or parsed; everything else works on the model.
 */
public final class ReportJson implements ReportFormat {
    /** The file name in an output directory. */
    public static final String FILE_NAME = "report.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new ReportModule())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** The format, for lists of formats; its methods are the static ones below. */
    public static final ReportJson FORMAT = new ReportJson();

    private ReportJson() {}

    @Override
    public String fileName() {
        return FILE_NAME;
    }

    @Override
    public String render(Report report) {
        return toJson(report) + "\n";
    }

    /** The report as indented JSON (no trailing newline). */
    public static String toJson(Report report) {
        return write(notNull(report, "report"));
    }

    /**
     * Any report document (a report, a comparison) as indented JSON with the report's number rules:
     * 6 decimals, {@code NaN} as {@code null}.
     */
    public static String write(Object document) {
        try {
            return MAPPER.writeValueAsString(notNull(document, "document"));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + document.getClass().getSimpleName() + " as JSON: "
                    + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads the {@code report.json} of an output directory, or the file itself when {@code path} is a
     * file or ends in {@code .json}.
     *
     * @throws InvalidReportException naming the file, when it is missing, unreadable, not JSON, not a
     *     benchsuite report, of a newer schema than this version understands, or holds a corrupt histogram
     */
    public static Report read(Path path) {
        notNull(path, "path");
        Path file = Files.isRegularFile(path) || path.toString().endsWith(".json") ? path : path.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new InvalidReportException(file, "not found (is this a benchsuite output directory?)", null);
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new InvalidReportException(file, "cannot be read: " + IoErrors.reason(e, file), e);
        }
        return parse(text, file);
    }

    /**
     * The blocks and fields every report benchsuite writes has, by JSON pointer: a file without one
     * of them was cut short or written by hand, and {@link #readComplete} refuses it. Blocks added
     * after schema version 1 began (newer latency metrics, sections, the time series, which a
     * baseline leaves out) are not required.
     */
    public static final List<String> REQUIRED = List.of("/tool", "/run", "/run/name", "/run/status", "/run/startedAt",
            "/backend", "/backend/name", "/config", "/config/workload", "/seed", "/environment", "/requests",
            "/requests/scheduled", "/requests/measured", "/requests/succeeded", "/requests/failed", "/rate", "/ttft",
            "/itl", "/tpot", "/e2e", "/throughput", "/goodput", "/tokens", "/errors", "/histograms", "/histograms/ttft",
            "/histograms/itl", "/histograms/tpot", "/histograms/e2e");

    /**
     * Reads like {@link #read}, and also requires every block and field of {@link #REQUIRED}, so that a
     * truncated or hand-made file (e.g. {@code {"schemaVersion":1}}) is not rendered as an empty run.
     *
     * @throws InvalidReportException naming the file and everything it lacks
     */
    public static Report readComplete(Path path) {
        Report report = read(path);
        Path file = Files.isRegularFile(path) || path.toString().endsWith(".json") ? path : path.resolve(FILE_NAME);
        JsonNode tree;
        try {
            tree = MAPPER.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new InvalidReportException(file, "cannot be read: " + IoErrors.reason(e, file), e);
        }
        List<String> missing = missing(tree);
        if (!missing.isEmpty()) {
            throw new InvalidReportException(file, "is an incomplete report: it lacks " + String.join(", ", missing)
                    + " (every report benchsuite writes has them; was the file cut short, or written by hand?)", null);
        }
        return report;
    }

    /** The {@link #REQUIRED} entries a report tree lacks, as dotted keys; a block lacking altogether hides its fields. */
    static List<String> missing(JsonNode tree) {
        List<String> out = new ArrayList<>();
        for (String pointer : REQUIRED) {
            String parent = pointer.substring(0, pointer.lastIndexOf('/'));
            if (!parent.isEmpty() && missingNode(tree.at(parent))) continue; // the block is reported already
            if (missingNode(tree.at(pointer))) out.add(pointer.substring(1).replace('/', '.'));
        }
        return out;
    }

    private static boolean missingNode(JsonNode n) {
        return n.isMissingNode() || n.isNull();
    }

    /**
     * Parses report text; {@code source} names it in error messages.
     *
     * @throws InvalidReportException as {@link #read}
     */
    public static Report parse(String json, Path source) {
        notNull(json, "json");
        try {
            return MAPPER.readValue(json, Report.class);
        } catch (ReportCodec.NotAReportException e) {
            throw new InvalidReportException(source, e.getOriginalMessage(), e);
        } catch (JsonParseException e) {
            throw new InvalidReportException(source, "not valid JSON: " + e.getOriginalMessage(), e);
        } catch (JsonMappingException e) {
            throw new InvalidReportException(source, "is not a benchsuite report: " + e.getOriginalMessage()
                    + " at " + e.getPathReference(), e);
        } catch (JsonProcessingException e) {
            throw new InvalidReportException(source, "not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads the {@code timeSeries} of a {@code report.json} one second at a time, without holding the
     * file or the series in memory (what merging many shards' series in step needs).
     *
     * @param path an output directory or its report.json
     * @throws InvalidReportException naming the file when it is missing or not JSON
     */
    public static SeriesReader readTimeSeries(Path path) {
        notNull(path, "path");
        Path file = Files.isRegularFile(path) || path.toString().endsWith(".json") ? path : path.resolve(FILE_NAME);
        try {
            JsonParser p = MAPPER.getFactory().createParser(Files.newInputStream(file));
            try {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw new InvalidReportException(file, "does not hold a JSON object", null);
                }
                for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                    JsonToken t = p.nextToken();
                    if (key.equals("timeSeries") && t == JsonToken.START_ARRAY) {
                        return new SeriesReader(p, file);
                    }
                    p.skipChildren();
                }
                p.close();
                return new SeriesReader(null, file); // a report without a series
            } catch (IOException | RuntimeException e) {
                p.close();
                throw e;
            }
        } catch (IOException e) {
            throw new InvalidReportException(file, "cannot be read: " + e.getMessage(), e);
        }
    }

    /** The seconds of one report's {@code timeSeries}, in order; close it when done. */
    public static final class SeriesReader implements AutoCloseable {
        private final JsonParser parser;
        private final Path file;

        private SeriesReader(JsonParser parser, Path file) {
            this.parser = parser;
            this.file = file;
        }

        /**
         * The next second, or null after the last.
         *
         * @throws InvalidReportException naming the file when an entry is not a second of a series
         */
        public SecondSample next() {
            if (parser == null || parser.isClosed()) return null;
            try {
                JsonToken t = parser.nextToken();
                if (t != JsonToken.START_OBJECT) {
                    parser.close();
                    return null;
                }
                return MAPPER.readValue(parser, SecondSample.class);
            } catch (IOException e) {
                throw new InvalidReportException(file, "has a timeSeries entry that cannot be read: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            if (parser == null) return;
            try {
                parser.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * The leaves of one block as {@code report.json} shows them, by dotted key in document order
     * (e.g. {@code memory.rssPeakBytes}): {@code null}, {@link Long} for whole numbers,
     * {@link Double} for the rest, {@link String}, {@link Boolean}; an array becomes its JSON text.
     * Renderers use it to list a block they show as a table without knowing its fields.
     *
     * @param block a record of the model (or a map)
     * @param prefix prepended to every key with a dot, or empty
     */
    public static Map<String, Object> leaves(Object block, String prefix) {
        notNull(prefix, "prefix");
        Map<String, Object> out = new LinkedHashMap<>();
        JsonNode tree = MAPPER.valueToTree(notNull(block, "block"));
        if (tree.isObject()) {
            collect(tree, prefix, out);
        } else if (!prefix.isEmpty()) {
            out.put(prefix, leaf(tree));
        }
        return out;
    }

    private static void collect(JsonNode node, String prefix, Map<String, Object> out) {
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> f = it.next();
            String key = prefix.isEmpty() ? f.getKey() : prefix + "." + f.getKey();
            if (f.getValue().isObject()) {
                collect(f.getValue(), key, out);
            } else {
                out.put(key, leaf(f.getValue()));
            }
        }
    }

    private static Object leaf(JsonNode v) {
        if (v.isNull() || v.isMissingNode()) return null;
        if (v.isIntegralNumber()) return v.asLong();
        if (v.isNumber()) return v.asDouble();
        if (v.isBoolean()) return v.asBoolean();
        if (v.isTextual()) return v.asText();
        try {
            return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(v);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
