package io.benchsuite.backends.http.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** JSON helpers shared by the dialects. */
public final class Json {
    /**
     * One mapper for all backends: it is immutable after configuration and thread-safe. Jackson's
     * default cap of 20 M characters per string would reject a legitimately huge event, so the
     * string limit is lifted; the event size is bounded by {@code max-event-size} instead.
     */
    public static final ObjectMapper MAPPER = new ObjectMapper();

    static {
        MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxStringLength(Integer.MAX_VALUE)
                .build());
    }

    private Json() {}

    /** A new empty object. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Serialises {@code node} to UTF-8 bytes. */
    public static byte[] bytes(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a request body", e);
        }
    }

    /**
     * Parses {@code text}.
     *
     * @throws MalformedResponseException naming what could not be parsed (truncated to a short prefix)
     */
    public static JsonNode parse(String text) {
        try {
            JsonNode n = MAPPER.readTree(text);
            if (n == null || n.isMissingNode()) throw new MalformedResponseException("empty JSON");
            return n;
        } catch (JsonProcessingException e) {
            throw new MalformedResponseException("not JSON: " + prefix(text));
        }
    }

    /** Parses {@code bytes} as UTF-8 JSON. */
    public static JsonNode parse(byte[] bytes) {
        try {
            JsonNode n = MAPPER.readTree(bytes);
            if (n == null || n.isMissingNode()) throw new MalformedResponseException("empty body");
            return n;
        } catch (IOException e) {
            throw new MalformedResponseException("not JSON: " + prefix(new String(bytes, 0, Math.min(bytes.length, 200),
                    StandardCharsets.UTF_8)));
        }
    }

    /** The text of a field when it is a non-null string, else {@code null}. */
    public static String text(JsonNode node, String field) {
        if (node == null) return null;
        JsonNode v = node.get(field);
        return v != null && v.isTextual() ? v.asText() : null;
    }

    /**
     * An OpenAI-style {@code usage} object ({@code prompt_tokens}, {@code completion_tokens}), or
     * {@code null} when absent or {@code null}.
     */
    public static Usage usage(JsonNode usage) {
        if (usage == null || !usage.isObject()) return null;
        int prompt = count(usage.get("prompt_tokens"));
        int completion = count(usage.get("completion_tokens"));
        if (prompt == Usage.UNKNOWN && completion == Usage.UNKNOWN) return null;
        JsonNode details = usage.get("completion_tokens_details");
        int reasoning = details == null || !details.isObject() ? Usage.UNKNOWN : count(details.get("reasoning_tokens"));
        return new Usage(prompt, completion, reasoning);
    }

    /** A non-negative integer field, or {@link Usage#UNKNOWN}. */
    public static int count(JsonNode v) {
        if (v == null || !v.canConvertToInt() || !v.isNumber()) return Usage.UNKNOWN;
        int n = v.asInt();
        return n < 0 ? Usage.UNKNOWN : n;
    }

    /** A short description of an {@code error} member (string or object with {@code message}). */
    public static String errorMessage(JsonNode error) {
        if (error == null || error.isNull()) return "unknown error";
        if (error.isTextual()) return error.asText();
        String m = text(error, "message");
        String type = text(error, "type");
        JsonNode code = error.get("code");
        StringBuilder b = new StringBuilder(m != null ? m : error.toString());
        if (type != null) b.append(" (type ").append(type).append(')');
        if (code != null && !code.isNull()) b.append(" (code ").append(code.asText()).append(')');
        return b.toString();
    }

    private static String prefix(String text) {
        String t = text.length() > 120 ? text.substring(0, 120) + "…" : text;
        return "'" + t.replaceAll("\\s+", " ") + "'";
    }
}
