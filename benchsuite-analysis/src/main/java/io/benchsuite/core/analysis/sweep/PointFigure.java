package io.benchsuite.core.analysis.sweep;

/** The latency figures of a {@link SweepPoint} an SLO may bound, each in milliseconds. */
public enum PointFigure {
    /** Median time to first token. */
    TTFT_P50("ttft p50"),
    /** 99th percentile time to first token. */
    TTFT_P99("ttft p99"),
    /** Median time per output token. */
    TPOT_P50("tpot p50"),
    /** 99th percentile time per output token. */
    TPOT_P99("tpot p99"),
    /** Median end-to-end latency. */
    E2E_P50("e2e p50"),
    /** 99th percentile end-to-end latency. */
    E2E_P99("e2e p99");

    private final String label;

    PointFigure(String label) {
        this.label = label;
    }

    /**
     * The name people write, e.g. {@code ttft p99}.
     *
     * @return the label
     */
    public String label() {
        return label;
    }
}
