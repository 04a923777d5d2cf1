package io.benchsuite.core.report.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.report.model.BackendDetails;
import io.benchsuite.core.report.model.ErrorSummary;
import io.benchsuite.core.report.model.GoodputSummary;
import io.benchsuite.core.report.model.Rates;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.RequestCounts;
import io.benchsuite.core.report.model.RunConfig;
import io.benchsuite.core.report.model.RunDetails;
import io.benchsuite.core.report.model.RuntimeEnvironment;
import io.benchsuite.core.report.model.SeedDetails;
import io.benchsuite.core.report.model.ToolInfo;
import io.benchsuite.core.report.model.UnknownSection;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.SecondSample;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The root of {@code report.json}: the named blocks of {@link Report}, one top-level block per
 * latency metric, one per section, and the {@code histograms} block (encoded here, and only here).
 * Reading maps the keys benchsuite knows to their record types and keeps any other top-level key as
 * an {@link UnknownSection}; a section under an old key ({@link SectionType#oldKeys()}) is read under its key now,
 * and the {@code engine} and {@code device} blocks of older reports are read into one {@code engineSnapshot}
 * section ({@link OldEngineSections}).
 */
final class ReportCodec {
    /**
     * Section keys whose records are registered (every {@link SectionCatalog}); any other key is read
     * as an {@link UnknownSection}.
     */
    static final Map<String, Class<? extends ReportSection>> KNOWN_SECTIONS = SectionTypes.loaded().byKey();

    private ReportCodec() {}

    // The histograms' text form: base64 of HdrHistogram's compressed encoding, nanoseconds. Made
    // only when a report is written and read back only from a file, never between parts of one run.

    /** The {@code encoding} entry of the {@code histograms} block. */
    static final String HISTOGRAM_ENCODING = "HdrHistogram compressed, base64, nanoseconds";

    static String encodeHistogram(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), len));
    }

    /** @throws IllegalArgumentException naming the metric when the text is not an encoded histogram */
    static Histogram decodeHistogram(String metric, String base64) {
        try {
            Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
            h.setAutoResize(true);
            return h;
        } catch (DataFormatException | IllegalArgumentException | BufferUnderflowException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("histogram '" + metric + "' is corrupt: " + e.getMessage(), e);
        }
    }

    /** A report that is valid JSON but not a readable benchsuite report; the message is the problem alone. */
    static final class NotAReportException extends JsonMappingException {
        NotAReportException(JsonParser p, String problem) {
            super(p, problem);
        }
    }

    static final class Writer extends StdSerializer<Report> {
        Writer() {
            super(Report.class);
        }

        @Override
        public void serialize(Report r, JsonGenerator g, SerializerProvider provider) throws IOException {
            g.writeStartObject();
            g.writeNumberField("schemaVersion", r.schemaVersion());
            provider.defaultSerializeField("tool", r.tool(), g);
            provider.defaultSerializeField("run", r.run(), g);
            provider.defaultSerializeField("backend", r.backend(), g);
            provider.defaultSerializeField("config", r.config(), g);
            provider.defaultSerializeField("seed", r.seed(), g);
            provider.defaultSerializeField("environment", r.environment(), g);
            provider.defaultSerializeField("requests", r.requests(), g);
            provider.defaultSerializeField("rate", r.rate(), g);
            for (LatencyMetric m : LatencyMetric.values()) {
                if (r.shows(m)) provider.defaultSerializeField(m.key(), r.latency(m), g); // an optional one with samples only
            }
            provider.defaultSerializeField("throughput", r.throughput(), g);
            provider.defaultSerializeField("goodput", r.goodput(), g);
            provider.defaultSerializeField("tokens", r.tokens(), g);
            provider.defaultSerializeField("errors", r.errors(), g);
            // a report always has at least its first second; a baseline file leaves the series out
            if (!r.timeSeries().isEmpty()) provider.defaultSerializeField("timeSeries", r.timeSeries(), g);
            for (Map.Entry<String, ReportSection> s : r.sections().entrySet()) {
                provider.defaultSerializeField(s.getKey(), s.getValue(), g);
            }
            g.writeObjectFieldStart("histograms");
            g.writeStringField("encoding", HISTOGRAM_ENCODING);
            for (LatencyMetric m : LatencyMetric.values()) {
                if (r.shows(m)) g.writeStringField(m.key(), encodeHistogram(r.histograms().get(m)));
            }
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    static final class Reader extends StdDeserializer<Report> {
        private static final TypeReference<List<SecondSample>> SERIES = new TypeReference<>() {};
        private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

        Reader() {
            super(Report.class);
        }

        @Override
        public Report deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.START_OBJECT) throw new NotAReportException(p, "does not hold a JSON object");
            Integer version = null;
            ToolInfo tool = null;
            RunDetails run = null;
            BackendDetails backend = null;
            RunConfig config = null;
            SeedDetails seed = null;
            RuntimeEnvironment environment = null;
            RequestCounts requests = null;
            Rates rate = null;
            Map<LatencyMetric, LatencyStats> latencies = new EnumMap<>(LatencyMetric.class);
            RunSummary.Throughput throughput = null;
            GoodputSummary goodput = null;
            RunSummary.Tokens tokens = null;
            ErrorSummary errors = null;
            List<SecondSample> timeSeries = null;
            Map<String, ReportSection> sections = new LinkedHashMap<>();
            LatencyHistograms histograms = null;
            for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                p.nextToken();
                switch (key) {
                    case "schemaVersion" -> version = schemaVersion(p);
                    case "tool" -> tool = ctxt.readValue(p, ToolInfo.class);
                    case "run" -> run = ctxt.readValue(p, RunDetails.class);
                    case "backend" -> backend = ctxt.readValue(p, BackendDetails.class);
                    case "config" -> config = ctxt.readValue(p, RunConfig.class);
                    case "seed" -> seed = ctxt.readValue(p, SeedDetails.class);
                    case "environment" -> environment = ctxt.readValue(p, RuntimeEnvironment.class);
                    case "requests" -> requests = ctxt.readValue(p, RequestCounts.class);
                    case "rate" -> rate = ctxt.readValue(p, Rates.class);
                    case "throughput" -> throughput = ctxt.readValue(p, RunSummary.Throughput.class);
                    case "goodput" -> goodput = ctxt.readValue(p, GoodputSummary.class);
                    case "tokens" -> tokens = ctxt.readValue(p, RunSummary.Tokens.class);
                    case "errors" -> errors = ctxt.readValue(p, ErrorSummary.class);
                    case "timeSeries" -> timeSeries = ctxt.readValue(p, ctxt.getTypeFactory().constructType(SERIES));
                    case "histograms" -> histograms = histograms(p, ctxt);
                    default -> readOther(key, p, ctxt, latencies, sections);
                }
            }
            if (version == null) throw new NotAReportException(p, "has no integer schemaVersion; not a benchsuite report");
            return new Report(version, tool, run, backend, config, seed, environment, requests, rate, latencies, throughput,
                    goodput, tokens, errors, timeSeries, OldEngineSections.upgrade(sections), histograms);
        }

        private static int schemaVersion(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
                throw new NotAReportException(p, "has no integer schemaVersion; not a benchsuite report");
            }
            int v = p.getIntValue();
            if (v > Report.SCHEMA_VERSION) {
                throw new NotAReportException(p, "has schemaVersion " + v + "; this benchsuite reads up to " + Report.SCHEMA_VERSION);
            }
            return v;
        }

        private static void readOther(String key, JsonParser p, DeserializationContext ctxt,
                                      Map<LatencyMetric, LatencyStats> latencies, Map<String, ReportSection> sections)
                throws IOException {
            for (LatencyMetric m : LatencyMetric.values()) {
                if (m.key().equals(key)) {
                    latencies.put(m, ctxt.readValue(p, LatencyStats.class));
                    return;
                }
            }
            // a section's old key reads as its key now (cold start, once "phases"); a report holding both keeps the new one
            String now = SectionTypes.loaded().keyNow(key);
            Class<? extends ReportSection> type = KNOWN_SECTIONS.get(now);
            if (type != null && p.currentToken() == JsonToken.START_OBJECT) {
                if (!now.equals(key) && sections.containsKey(now)) {
                    p.skipChildren();
                } else {
                    sections.put(now, ctxt.readValue(p, type));
                }
            } else {
                sections.put(key, new UnknownSection(key, ctxt.readValue(p, Object.class)));
            }
        }

        private static LatencyHistograms histograms(JsonParser p, DeserializationContext ctxt) throws IOException {
            Map<String, Object> block = ctxt.readValue(p, ctxt.getTypeFactory().constructType(OBJECT));
            Map<LatencyMetric, Histogram> decoded = new EnumMap<>(LatencyMetric.class);
            for (LatencyMetric m : LatencyMetric.values()) {
                Object text = block.get(m.key());
                if (text == null) continue; // a report from before this metric existed
                if (!(text instanceof String s)) throw new NotAReportException(p, "histogram '" + m.key() + "' is not a string");
                try {
                    decoded.put(m, decodeHistogram(m.key(), s));
                } catch (IllegalArgumentException e) {
                    throw new NotAReportException(p, e.getMessage());
                }
            }
            return LatencyHistograms.of(decoded);
        }
    }
}
