package io.benchsuite.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario file read as a tree whose every node knows its key path and line, so that an error about
 * a value names where it is ({@code scenario.yaml: phases[1].rate (line 12): ...}). YAML through
 * Jackson's streaming parser; JSON is YAML, so a {@code report.json} reads too (its
 * {@code scenario.resolved} block is the scenario it ran).
 */
final class ScenarioFile {
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
        try (JsonParser p = new YAMLFactory().createParser(Files.newBufferedReader(file))) {
            JsonToken t = p.nextToken();
            if (t == null) throw CliException.usage(name + ": the scenario file is empty");
            Node root = node(p, "", name);
            if (!root.isMap()) throw CliException.usage(name + ": a scenario is a mapping of keys (rate: 10, phases: ...), got "
                    + describe(root));
            Node resolved = reportScenario(root);
            return resolved != null ? resolved : root;
        } catch (NoSuchFileException e) {
            throw CliException.usage("-f: scenario file " + name + " does not exist");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw CliException.usage(name + ": not a valid scenario file" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + e.getOriginalMessage().lines().findFirst().orElse("").trim());
        } catch (IOException e) {
            throw CliException.failure("cannot read the scenario file " + name + ": " + e.getMessage());
        }
    }

    /** The {@code scenario.resolved} block of a report.json, or {@code null} when the document is not a report. */
    private static Node reportScenario(Node root) {
        if (!root.map().containsKey("schemaVersion")) return null;
        Node scenario = root.map().get("scenario");
        Node resolved = scenario == null || !scenario.isMap() ? null : scenario.map().get("resolved");
        if (resolved == null || !resolved.isMap()) {
            throw CliException.usage("this report.json has no scenario.resolved block to run again (it was written by a "
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
                    throw CliException.usage(file + ": " + childPath + " (line " + keyLine + "): the key is given twice");
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
