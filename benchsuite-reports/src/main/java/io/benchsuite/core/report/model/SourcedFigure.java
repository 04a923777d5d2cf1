package io.benchsuite.core.report.model;

/**
 * One headline figure and where it came from: the block of {@code report.json} that {@link FigureResolver} picked
 * among those that could give it.
 *
 * @param value the figure ({@code NaN}, {@code null} in JSON, when no block gives it)
 * @param source {@code server} (scraped from the server's {@code /metrics}), {@code gpu} (sampled from the
 *     accelerator: nvidia-smi, DCGM), {@code simulator} (the simulator's model of its devices), {@code engine}
 *     (an in-process engine's own accounting) or {@code host} (the benchmark's host: RSS, RAPL); {@code null} when
 *     no block gives the figure
 * @param pointer where the figure, or what it is computed from, lies in {@code report.json}, as a JSON pointer
 *     ({@code null} when absent)
 */
public record SourcedFigure(double value, String source, String pointer) {
    /** {@code source} of a figure scraped from the server's metrics. */
    public static final String SERVER = "server";
    /** {@code source} of a figure sampled from the accelerator. */
    public static final String GPU = "gpu";
    /** {@code source} of a figure measured on the benchmark's host. */
    public static final String HOST = "host";

    /** No block gives the figure. */
    public static final SourcedFigure ABSENT = new SourcedFigure(Double.NaN, null, null);

    /** {@return whether a block gave the figure} */
    public boolean known() {
        return Double.isFinite(value);
    }
}
