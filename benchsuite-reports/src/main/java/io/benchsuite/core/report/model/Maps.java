package io.benchsuite.core.report.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** Immutable copies of the report's string maps. */
final class Maps {
    private Maps() {}

    /** An unmodifiable copy keeping the given order (a report read back keeps its file's order); null is empty. */
    static <V> Map<String, V> ordered(Map<String, V> m) {
        return m == null || m.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /** An unmodifiable copy sorted by key, so a new report's text does not depend on hash order. */
    static <V> Map<String, V> sorted(Map<String, V> m) {
        return m == null || m.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(new TreeMap<>(m)));
    }
}
