package io.benchsuite.core.report.html.internal;

import com.fasterxml.jackson.databind.JsonNode;

/** Reads values out of a report tree by JSON pointer; missing, null and non-numeric all read as absent. */
public final class J {
    private J() {}

    /** The number at {@code pointer}, or {@code NaN} when it is missing, null or not a number. */
    public static double num(JsonNode root, String pointer) {
        JsonNode v = root.at(pointer);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    /** The text at {@code pointer}, or {@code fallback} when missing or null. */
    public static String text(JsonNode root, String pointer, String fallback) {
        JsonNode v = root.at(pointer);
        return v.isMissingNode() || v.isNull() ? fallback : v.asText();
    }

    /** Whether {@code pointer} names an object (a section that was written). */
    public static boolean hasObject(JsonNode root, String pointer) {
        return root.at(pointer).isObject();
    }
}
