package io.benchsuite.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads and edits written files as plain JSON trees, the way a script or a person would: tests use
 * it to check the exact text benchsuite writes, and to make hand-edited or damaged reports.
 */
public final class JsonTrees {
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonTrees() {}

    public static ObjectNode read(Path file) {
        try {
            return (ObjectNode) MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void write(Path file, JsonNode tree) {
        try {
            Files.writeString(file, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
