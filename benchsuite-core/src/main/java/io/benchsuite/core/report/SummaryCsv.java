package io.benchsuite.core.report;

import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.RunResult;
import java.util.Locale;

/**
 * {@code summary.csv}: one row per figure, columns {@code metric,statistic,value,unit}, so
 * spreadsheets and scripts read it without knowing the report's shape. Numbers use {@code .} as the
 * decimal separator whatever the default locale; unmeasurable values are empty.
 */
public final class SummaryCsv {
    private SummaryCsv() {}

    /** The CSV text of a run. */
    public static String render(RunResult r) {
        RunSummary s = r.summary();
        StringBuilder b = new StringBuilder("metric,statistic,value,unit\n");
        latency(b, "ttft", s.ttft());
        latency(b, "itl", s.itl());
        latency(b, "tpot", s.tpot());
        latency(b, "e2e", s.e2e());
        latency(b, "ttft_from_send", s.ttftFromSend());
        latency(b, "schedule_lag", s.scheduleLag());
        latency(b, "dispatch_lag", s.dispatchLag());
        latency(b, "slot_wait", s.slotWait());
        row(b, "throughput", "requests_per_second", s.throughput().requestsPerSecond(), "1/s");
        row(b, "throughput", "output_tokens_per_second", s.throughput().outputTokensPerSecond(), "tokens/s");
        row(b, "throughput", "total_tokens_per_second", s.throughput().totalTokensPerSecond(), "tokens/s");
        row(b, "goodput", "requests_per_second", s.goodput().requestsPerSecond(), "1/s");
        row(b, "goodput", "fraction", s.goodput().fraction(), "ratio");
        row(b, "rate", "target", s.targetRate(), "1/s");
        row(b, "rate", "achieved", s.achievedRate(), "1/s");
        RunSummary.Counts c = s.counts();
        row(b, "requests", "measured", c.measured(), "count");
        row(b, "requests", "succeeded", c.succeeded(), "count");
        row(b, "requests", "failed", c.failed(), "count");
        row(b, "requests", "cancelled", c.cancelled(), "count");
        row(b, "requests", "warmup", c.warmup(), "count");
        row(b, "requests", "cooldown", c.cooldown(), "count");
        row(b, "requests", "error_rate", c.errorRate(), "ratio");
        s.errorsByKind().forEach((kind, n) -> row(b, "errors", kind, n, "count"));
        return b.toString();
    }

    private static void latency(StringBuilder b, String name, LatencyStats l) {
        row(b, name, "count", l.count(), "count");
        row(b, name, "mean", l.mean(), "ms");
        row(b, name, "p50", l.p50(), "ms");
        row(b, name, "p90", l.p90(), "ms");
        row(b, name, "p95", l.p95(), "ms");
        row(b, name, "p99", l.p99(), "ms");
        row(b, name, "p999", l.p999(), "ms");
        row(b, name, "max", l.max(), "ms");
    }

    private static void row(StringBuilder b, String metric, String statistic, double value, String unit) {
        String v = Double.isFinite(value) ? String.format(Locale.ROOT, "%.6f", value).replaceAll("\\.?0+$", "") : "";
        b.append(metric).append(',').append(statistic).append(',').append(v).append(',').append(unit).append('\n');
    }
}
