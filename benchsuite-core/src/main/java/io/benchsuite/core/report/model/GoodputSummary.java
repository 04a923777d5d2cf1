package io.benchsuite.core.report.model;

import io.benchsuite.api.result.RunSummary;

/**
 * The report's {@code goodput} block.
 *
 * @param slo the objectives in their text form, e.g. {@code ttft=200ms,e2e=3s} (empty when none was set)
 * @param met measured requests meeting every objective
 * @param requestsPerSecond met requests per second of the measured window ({@code NaN} without objectives)
 * @param fraction met / measured ({@code NaN} without objectives)
 */
public record GoodputSummary(String slo, long met, double requestsPerSecond, double fraction) {
    static final GoodputSummary NONE = new GoodputSummary("", 0, Double.NaN, Double.NaN);

    public GoodputSummary {
        slo = slo == null ? "" : slo;
    }

    /** The block of a run's goodput. */
    public static GoodputSummary of(RunSummary.Goodput g) {
        return new GoodputSummary(g.slo().describe(), g.met(), g.requestsPerSecond(), g.fraction());
    }

    /** Whether objectives were set (goodput is defined). */
    public boolean hasSlo() {
        return !slo.isEmpty();
    }
}
