package io.benchsuite.backends.http.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads the JSON object of each server-sent event of one stream with Jackson's streaming parser,
 * straight from the event's UTF-8 bytes: no tree, no intermediate {@code String} of the event, and
 * one parser for the whole stream (Jackson's non-blocking parser reads any number of root values fed
 * one after the other), so an event costs the tokens it holds and the strings the caller asks for.
 *
 * <p>Use: {@link #open} an event, walk it with {@link #next()} and {@link #skip()}, then
 * {@link #close()}. Anything that is not exactly one complete JSON object per event is a
 * {@link MalformedResponseException} naming the start of the event. Not thread-safe: one per stream.
 */
public final class EventJson {
    private JsonParser parser;
    private ByteArrayFeeder feeder;
    private byte[] bytes;
    private int offset;
    private int length;

    /**
     * Starts reading an event's data, which must be one JSON object; the parser is left on its
     * {@code START_OBJECT}. The bytes must stay unchanged until {@link #close()}.
     *
     * @throws MalformedResponseException when the data is not a JSON object
     */
    public JsonParser open(byte[] data, int offset, int length) {
        this.bytes = data;
        this.offset = offset;
        this.length = length;
        int i = offset;
        int end = offset + length;
        while (i < end && isSpace(data[i])) i++;
        if (i == end || data[i] != '{') throw new MalformedResponseException("event is not a JSON object: " + excerpt());
        if (parser == null) {
            try {
                parser = Json.MAPPER.getFactory().createNonBlockingByteArrayParser();
            } catch (IOException e) {
                throw new IllegalStateException("cannot create a JSON parser", e);
            }
            feeder = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
        }
        try {
            feeder.feedInput(data, i, end);
        } catch (IOException e) {
            abandon();
            throw new MalformedResponseException("not JSON: " + excerpt());
        }
        next();
        return parser;
    }

    /**
     * The next token of the event.
     *
     * @throws MalformedResponseException when the event ends before its object does, or is not JSON
     */
    public JsonToken next() {
        try {
            JsonToken t = parser.nextToken();
            if (t == JsonToken.NOT_AVAILABLE || t == null) {
                abandon();
                throw new MalformedResponseException("incomplete JSON: " + excerpt());
            }
            return t;
        } catch (IOException e) {
            abandon();
            throw new MalformedResponseException("not JSON: " + excerpt());
        }
    }

    /** The name of the field the parser is on (Jackson keeps one canonical instance per name). */
    public String name() {
        try {
            return parser.currentName();
        } catch (IOException e) {
            abandon();
            throw new MalformedResponseException("not JSON: " + excerpt());
        }
    }

    /** Skips the value the parser is on (with its children when it is an object or array). */
    public void skip() {
        JsonToken t = parser.currentToken();
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) return;
        int depth = 1;
        while (depth > 0) {
            JsonToken n = next();
            if (n == JsonToken.START_OBJECT || n == JsonToken.START_ARRAY) {
                depth++;
            } else if (n == JsonToken.END_OBJECT || n == JsonToken.END_ARRAY) {
                depth--;
            }
        }
    }

    /**
     * Ends the event after its object's {@code END_OBJECT}.
     *
     * @throws MalformedResponseException when more JSON follows the object
     */
    public void close() {
        try {
            JsonToken t = parser.nextToken();
            if (t != JsonToken.NOT_AVAILABLE) {
                abandon();
                throw new MalformedResponseException("more than one JSON value in an event: " + excerpt());
            }
        } catch (IOException e) {
            abandon();
            throw new MalformedResponseException("not JSON: " + excerpt());
        }
        bytes = null;
    }

    /**
     * Gives up on the current event (a reader that stops early, e.g. at an error event): the next
     * {@link #open} starts a fresh parser.
     */
    public void abandon() {
        parser = null;
        feeder = null;
    }

    /** Whether the parser is on a string value equal to {@code expected}, without making a {@code String}. */
    public static boolean textIs(JsonParser p, String expected) {
        if (p.currentToken() != JsonToken.VALUE_STRING) return false;
        try {
            if (p.getTextLength() != expected.length()) return false;
            char[] chars = p.getTextCharacters();
            int o = p.getTextOffset();
            for (int i = 0; i < expected.length(); i++) {
                if (chars[o + i] != expected.charAt(i)) return false;
            }
            return true;
        } catch (IOException e) {
            throw new MalformedResponseException("not JSON: " + e.getMessage());
        }
    }

    /** The string the parser is on, or {@code null} when the value is not a string. */
    public static String string(JsonParser p) {
        if (p.currentToken() != JsonToken.VALUE_STRING) return null;
        try {
            return p.getText();
        } catch (IOException e) {
            throw new MalformedResponseException("not JSON: " + e.getMessage());
        }
    }

    /**
     * The non-negative integer the parser is on, or {@link Usage#UNKNOWN} for anything else (a
     * fraction is truncated, as a tree's {@code asInt} would).
     */
    public static int count(JsonParser p) {
        try {
            JsonToken t = p.currentToken();
            if (t == JsonToken.VALUE_NUMBER_INT) {
                if (p.getNumberType() != JsonParser.NumberType.INT) return Usage.UNKNOWN;
                int v = p.getIntValue();
                return v < 0 ? Usage.UNKNOWN : v;
            }
            if (t == JsonToken.VALUE_NUMBER_FLOAT) {
                double d = p.getDoubleValue();
                return d >= 0 && d <= Integer.MAX_VALUE ? (int) d : Usage.UNKNOWN;
            }
            return Usage.UNKNOWN;
        } catch (IOException e) {
            throw new MalformedResponseException("not JSON: " + e.getMessage());
        }
    }

    /** The start of the current event, quoted, for messages (allocates: only for the rare paths). */
    public String excerpt() {
        if (bytes == null) return "''";
        String t = new String(bytes, offset, Math.min(length, 240), StandardCharsets.UTF_8).strip();
        t = t.length() > 120 ? t.substring(0, 120) + "…" : t;
        return "'" + t.replaceAll("\\s+", " ") + "'";
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }
}
