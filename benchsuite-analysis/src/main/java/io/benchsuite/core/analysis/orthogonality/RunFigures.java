package io.benchsuite.core.analysis.orthogonality;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The headline figures of one run, as far as they were measured. A metric the run could not measure (no
 * GPU telemetry for energy, no prefix cache on the server) is simply absent; {@code NaN} given for a
 * metric counts as absent too.
 *
 * @param label the run's name in the analysis (a sweep point's load, a compared run's directory)
 * @param values the measured metrics, each finite
 */
public record RunFigures(String label, Map<HeadlineMetric, Double> values) {

    /**
     * Drops absent values and copies the map.
     *
     * @param label the run's name
     * @param values the measured metrics
     */
    public RunFigures {
        notNull(label, "label");
        notNull(values, "values");
        EnumMap<HeadlineMetric, Double> copy = new EnumMap<>(HeadlineMetric.class);
        values.forEach((m, v) -> {
            notNull(m, "values key");
            if (v != null && !v.isNaN()) {
                if (v.isInfinite()) throw new IllegalArgumentException(label + ": " + m.key() + " must be finite, got " + v);
                copy.put(m, v);
            }
        });
        values = Collections.unmodifiableMap(copy);
    }

    /**
     * A run with no figures yet.
     *
     * @param label the run's name
     * @return the figures
     */
    public static RunFigures of(String label) {
        return new RunFigures(label, Map.of());
    }

    /**
     * The same figures with one more value.
     *
     * @param metric the metric
     * @param value its value; NaN leaves it absent
     * @return the new figures
     */
    public RunFigures with(HeadlineMetric metric, double value) {
        EnumMap<HeadlineMetric, Double> m = new EnumMap<>(HeadlineMetric.class);
        m.putAll(values);
        m.put(notNull(metric, "metric"), value);
        return new RunFigures(label, m);
    }

    /**
     * One metric's value.
     *
     * @param metric the metric
     * @return its value, or empty when not measured
     */
    public OptionalDouble get(HeadlineMetric metric) {
        Double v = values.get(metric);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }
}
