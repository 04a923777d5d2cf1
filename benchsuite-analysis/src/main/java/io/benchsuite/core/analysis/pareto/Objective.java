package io.benchsuite.core.analysis.pareto;

import static io.benchsuite.api.util.Checks.notNull;

/**
 * One axis of a Pareto comparison: a named figure and whether smaller or larger is better.
 *
 * @param name the figure's key in {@link ParetoCandidate#values()}, e.g. {@code energyPerToken}
 * @param maximise true when larger is better (accuracy), false when smaller is (energy, latency)
 */
public record Objective(String name, boolean maximise) {

    /** Energy per output token, joules: minimised. */
    public static final Objective ENERGY_PER_TOKEN = minimise("energyPerToken");
    /** Accuracy, 0 to 1: maximised. */
    public static final Objective ACCURACY = maximise("accuracy");

    /**
     * Checks the name.
     *
     * @param name the figure's key
     * @param maximise whether larger is better
     */
    public Objective {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("objective name must not be blank");
    }

    /**
     * A figure to make small.
     *
     * @param name its key
     * @return the objective
     */
    public static Objective minimise(String name) {
        return new Objective(name, false);
    }

    /**
     * A figure to make large.
     *
     * @param name its key
     * @return the objective
     */
    public static Objective maximise(String name) {
        return new Objective(name, true);
    }

    /**
     * A latency figure (minimised), e.g. {@code latency("ttftP99Ms")}.
     *
     * @param name its key
     * @return the objective
     */
    public static Objective latency(String name) {
        return minimise(name);
    }

    /**
     * Whether {@code a} is strictly better than {@code b} on this objective.
     *
     * @param a one value
     * @param b another
     * @return whether a is better
     */
    public boolean better(double a, double b) {
        return maximise ? a > b : a < b;
    }
}
