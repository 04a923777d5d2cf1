package io.benchsuite.core.analysis.pareto;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One configuration compared on the front (a run of a sweep, a compared run): its label and its figures.
 * A figure that was not measured is absent from the map (or {@code NaN}).
 *
 * @param label the configuration's name, unique in a comparison (e.g. {@code vllm fp8 c=32 h100})
 * @param values figures by objective name
 */
public record ParetoCandidate(String label, Map<String, Double> values) {

    /**
     * Copies the figures, dropping {@code NaN}s.
     *
     * @param label the configuration's name
     * @param values figures by objective name
     */
    public ParetoCandidate {
        notNull(label, "label");
        notNull(values, "values");
        Map<String, Double> copy = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            notNull(k, "values key");
            if (v != null && !v.isNaN()) {
                if (v.isInfinite()) throw new IllegalArgumentException(label + ": " + k + " must be finite, got " + v);
                copy.put(k, v);
            }
        });
        values = Collections.unmodifiableMap(copy);
    }

    /**
     * A candidate from alternating names and values, e.g. {@code of("a", "accuracy", 0.9, "energyPerToken", 0.3)}.
     *
     * @param label the configuration's name
     * @param namesAndValues name, value, name, value, ...
     * @return the candidate
     */
    public static ParetoCandidate of(String label, Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) throw new IllegalArgumentException("names and values must come in pairs");
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put((String) namesAndValues[i], ((Number) namesAndValues[i + 1]).doubleValue());
        }
        return new ParetoCandidate(label, m);
    }
}
