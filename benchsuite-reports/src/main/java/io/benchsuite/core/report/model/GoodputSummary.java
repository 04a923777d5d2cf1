package io.benchsuite.core.report.model;

import io.benchsuite.api.result.RunSummary;
import java.util.List;

/**
 * The report's {@code goodput} block.
 *
 * @param slo the objectives in their text form, e.g. {@code ttft=200ms,e2e=3s} (empty when none was set)
 * @param met measured requests meeting every objective
 * @param requestsPerSecond met requests per second of the measured window ({@code NaN} without objectives)
 * @param fraction met / measured ({@code NaN} without objectives)
 * @param attainment each objective on its own: how many measured requests met it (empty without objectives, and
 *     in reports written before it was recorded)
 */
public record GoodputSummary(String slo, long met, double requestsPerSecond, double fraction, List<Attainment> attainment) {
    static final GoodputSummary NONE = new GoodputSummary("", 0, Double.NaN, Double.NaN, List.of());

    public GoodputSummary {
        slo = slo == null ? "" : slo;
        attainment = attainment == null ? List.of() : List.copyOf(attainment);
    }

    /**
     * One objective's attainment: which objective failed how often.
     *
     * @param objective the objective, e.g. {@code ttft=200ms}
     * @param met measured requests meeting it, whatever the other objectives (a failed request meets none)
     * @param measured the measured requests it was judged over
     * @param fraction met / measured ({@code NaN} with no measured request)
     */
    public record Attainment(String objective, long met, long measured, double fraction) {
        /** The objective's name, e.g. {@code ttft} for {@code ttft=200ms}. */
        public String name() {
            int eq = objective.indexOf('=');
            return eq < 0 ? objective : objective.substring(0, eq);
        }
    }

    /** The block of a run's goodput. */
    public static GoodputSummary of(RunSummary.Goodput g) {
        return new GoodputSummary(g.slo().describe(), g.met(), g.requestsPerSecond(), g.fraction(),
                g.attainment().stream().map(a -> new Attainment(a.objective(), a.met(), a.measured(), a.fraction())).toList());
    }

    /** Whether objectives were set (goodput is defined). */
    public boolean hasSlo() {
        return !slo.isEmpty();
    }
}
