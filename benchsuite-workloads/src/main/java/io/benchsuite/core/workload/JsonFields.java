package io.benchsuite.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.math.BigDecimal;

/** Reads typed fields of one JSON record, failing with the record's place and the key in the message. */
final class JsonFields {
    private JsonFields() {}

    /** A required token count: a whole number from 0 to {@link LengthDistribution#MAX_TOKENS}. */
    static int count(JsonNode record, String key, String where) {
        JsonNode n = required(record, key, where);
        if (!n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < 0) {
            throw new WorkloadDataException(where + ": \"" + key + "\" must be a whole number of at least 0, got " + n);
        }
        return withinMaxTokens(n.intValue(), "\"" + key + "\"", where);
    }

    /** An optional token count from 1 to {@link LengthDistribution#MAX_TOKENS}, or -1 when absent. */
    static int optionalPositive(JsonNode record, String key, String where) {
        JsonNode n = record.get(key);
        if (n == null || n.isNull()) return -1;
        if (!n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < 1) {
            throw new WorkloadDataException(where + ": \"" + key + "\" must be a whole number of at least 1, got " + n);
        }
        return withinMaxTokens(n.intValue(), "\"" + key + "\"", where);
    }

    /** A token count checked against {@link LengthDistribution#MAX_TOKENS} before anything is built from it. */
    static int withinMaxTokens(int tokens, String what, String where) {
        if (tokens > LengthDistribution.MAX_TOKENS) {
            throw new WorkloadDataException(where + ": " + LengthDistribution.overMaxTokens(what, tokens));
        }
        return tokens;
    }

    /** A required number (whole or decimal), exactly. */
    static BigDecimal number(JsonNode record, String key, String where) {
        JsonNode n = required(record, key, where);
        if (!n.isNumber()) throw new WorkloadDataException(where + ": \"" + key + "\" must be a number, got " + n);
        return n.decimalValue();
    }

    /** A required string. */
    static String text(JsonNode record, String key, String where) {
        JsonNode n = required(record, key, where);
        if (!n.isTextual()) throw new WorkloadDataException(where + ": \"" + key + "\" must be a string, got " + brief(n));
        return n.textValue();
    }

    static JsonNode required(JsonNode record, String key, String where) {
        if (!record.isObject()) throw new WorkloadDataException(where + ": expected a JSON object, got " + brief(record));
        JsonNode n = record.get(key);
        if (n == null || n.isNull()) throw new WorkloadDataException(where + ": missing \"" + key + "\"");
        return n;
    }

    /** A node's text, shortened for messages. */
    static String brief(JsonNode n) {
        String s = n.toString();
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
