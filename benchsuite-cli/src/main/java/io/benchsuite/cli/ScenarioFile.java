package io.benchsuite.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.benchsuite.api.util.IoErrors;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * A scenario file read as a tree whose every node knows its key path and line, so that an error about
 * a value names where it is ({@code scenario.yaml: phases[1].rate (line 12): ...}). YAML through
 * Jackson's streaming parser; JSON is YAML, so a {@code report.json} reads too (its
 * {@code scenario.resolved} block is the scenario it ran).
 */
final class ScenarioFile {
    /**
     * The largest scenario file read: 16 MB, room for a long run's {@code report.json} (its
     * {@code scenario.resolved} block is what runs again), checked before the parser sees a byte.
     */
    static final long MAX_FILE_BYTES = 16L << 20;
    /**
     * The longest line of a scenario file: 1 MB. A report's longest lines (encoded histograms) are a few
     * KB; the YAML parser's work on one line grows faster than its length (a 30 MB line took 230 s of
     * CPU), so a longer line is refused before parsing.
     */
    static final int MAX_LINE_BYTES = 1 << 20;

    private ScenarioFile() {}

    /**
     * A value of the file: a text ({@link String}, numbers and booleans as written), a {@code List<Node>},
     * a {@code Map<String, Node>} (in file order), or {@code null}.
     *
     * @param value the value
     * @param path its key path, e.g. {@code phases[1].rate}
     * @param line its line in the file, from 1
     */
    record Node(Object value, String path, int line) {
        boolean isMap() {
            return value instanceof Map;
        }

        boolean isList() {
            return value instanceof List;
        }

        @SuppressWarnings("unchecked")
        Map<String, Node> map() {
            return (Map<String, Node>) value;
        }

        @SuppressWarnings("unchecked")
        List<Node> list() {
            return (List<Node>) value;
        }

        /** {@code phases[1].rate (line 12)}. */
        String where() {
            return (path.isEmpty() ? "the document" : path) + " (line " + line + ")";
        }
    }

    /**
     * Reads a scenario file.
     *
     * @throws CliException (usage) naming the file and the line of a syntax error, or saying the file is missing
     */
    static Node read(Path file) {
        String name = file.toString();
        try {
            checkText(file);
        } catch (NoSuchFileException e) {
            throw CliException.usage("-f: scenario file " + name + " does not exist");
        } catch (IOException e) {
            throw CliException.failure("cannot read the scenario file " + name + ": " + IoErrors.reason(e, file));
        }
        LoaderOptions limits = new LoaderOptions();
        limits.setCodePointLimit((int) MAX_FILE_BYTES);
        YAMLFactory yaml = YAMLFactory.builder().loaderOptions(limits).build();
        try (JsonParser p = yaml.createParser(Files.newBufferedReader(file))) {
            JsonToken t = p.nextToken();
            if (t == null) throw CliException.badInput(name + ": the scenario file is empty");
            Node root = node(p, "", name);
            if (!root.isMap()) throw CliException.badInput(name + ": a scenario is a mapping of keys (rate: 10, phases: ...), got "
                    + describe(root));
            if (p.nextToken() != null) {
                // a second document (after ---) would be dropped without a word: one file is one scenario
                throw CliException.badInput(name + " line " + p.currentTokenLocation().getLineNr() + ": a second YAML document "
                        + "(after '---'); a scenario file holds one: put the steps of one run under 'phases:', and other "
                        + "runs in files of their own");
            }
            Node resolved = reportScenario(root);
            return resolved != null ? resolved : root;
        } catch (NoSuchFileException e) {
            throw CliException.usage("-f: scenario file " + name + " does not exist");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw CliException.badInput(name + ": not a valid scenario file" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + e.getOriginalMessage().lines().findFirst().orElse("").trim());
        } catch (IOException e) {
            throw CliException.failure("cannot read the scenario file " + name + ": " + IoErrors.reason(e, file));
        }
    }

    /**
     * Refuses, before any parsing, a file over {@link #MAX_FILE_BYTES}, a line over {@link #MAX_LINE_BYTES}
     * and bytes that are not UTF-8, each naming the file and the line.
     */
    static void checkText(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_FILE_BYTES) {
            throw CliException.badInput(file + ": " + size + " bytes is over " + MAX_FILE_BYTES + " (16 MB), the largest scenario "
                    + "file read");
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        byte[] all = Files.readAllBytes(file);
        int line = 1;
        int start = 0;
        for (int i = 0; i <= all.length; i++) {
            if (i < all.length && all[i] != '\n') continue;
            if (i - start > MAX_LINE_BYTES) {
                throw CliException.badInput(file + " line " + line + ": " + (i - start) + " bytes is over " + MAX_LINE_BYTES
                        + " (1 MB), the longest line of a scenario file read");
            }
            try {
                utf8.reset().decode(ByteBuffer.wrap(all, start, i - start));
            } catch (CharacterCodingException e) {
                throw CliException.badInput(file + " line " + line + ": not UTF-8 text (save the file as UTF-8)");
            }
            line++;
            start = i + 1;
        }
    }

    /** The {@code scenario.resolved} block of a report.json, or {@code null} when the document is not a report. */
    private static Node reportScenario(Node root) {
        if (!root.map().containsKey("schemaVersion")) return null;
        Node scenario = root.map().get("scenario");
        Node resolved = scenario == null || !scenario.isMap() ? null : scenario.map().get("resolved");
        if (resolved == null || !resolved.isMap()) {
            throw CliException.badInput("this report.json has no scenario.resolved block to run again (it was written by a "
                    + "version without one)");
        }
        return resolved;
    }

    private static Node node(JsonParser p, String path, String file) throws IOException {
        int line = p.currentTokenLocation().getLineNr();
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, Node> m = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                int keyLine = p.currentTokenLocation().getLineNr();
                String childPath = path.isEmpty() ? key : path + "." + key;
                if (m.containsKey(key)) {
                    throw CliException.badInput(file + ": " + childPath + " (line " + keyLine + "): the key is given twice");
                }
                p.nextToken();
                Node child = node(p, childPath, file);
                m.put(key, new Node(child.value(), childPath, keyLine));
            }
            return new Node(m, path, line);
        }
        if (t == JsonToken.START_ARRAY) {
            List<Node> l = new ArrayList<>();
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) l.add(node(p, path + "[" + i++ + "]", file));
            return new Node(l, path, line);
        }
        if (t == JsonToken.VALUE_NULL) return new Node(null, path, line);
        return new Node(p.getText(), path, line);
    }

    static String describe(Node n) {
        if (n.value() == null) return "nothing";
        if (n.isMap()) return "a mapping";
        if (n.isList()) return "a list";
        return "'" + n.value() + "'";
    }
}
