package io.benchsuite.core.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one JSON mapper of the reports, and number handling: NaN and infinities are written as null. */
public final class Json {
    /** Shared, thread-safe once configured. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private Json() {}

    /** Puts a number, or null when it is not finite. */
    public static void put(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, round(value));
        } else {
            node.putNull(key);
        }
    }

    /** Rounds to 6 decimals: nanosecond resolution for millisecond values, and stable text. */
    static double round(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
