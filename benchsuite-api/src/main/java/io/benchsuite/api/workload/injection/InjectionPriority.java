package io.benchsuite.api.workload.injection;

import java.util.Locale;
import java.util.Objects;

/** How soon an injection goes out when several wait at one turn boundary: urgent first, low last. */
public enum InjectionPriority {
    /** Goes out after every normal and urgent injection waiting at the same boundary. */
    LOW,
    /** The default. */
    NORMAL,
    /** Goes out before every other injection waiting at the same boundary. */
    URGENT;

    /**
     * The lower-case name used in reports and scenario files.
     *
     * @return {@code low}, {@code normal} or {@code urgent}
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code low}, {@code normal} or {@code urgent} (any case).
     *
     * @param text the priority's name
     * @return the priority
     * @throws IllegalArgumentException naming the text and the accepted names
     */
    public static InjectionPriority parse(String text) {
        Objects.requireNonNull(text, "priority text");
        String s = text.trim().toLowerCase(Locale.ROOT);
        for (InjectionPriority p : values()) {
            if (p.label().equals(s)) return p;
        }
        throw new IllegalArgumentException("expected an injection priority: low, normal or urgent, got '" + text + "'");
    }
}
