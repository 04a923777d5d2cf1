package io.benchsuite.core.report;

import static io.benchsuite.core.report.text.SummaryRows.row;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.report.json.SectionTypes;
import io.benchsuite.core.report.model.BatchSection;
import io.benchsuite.core.report.model.GoodputSummary;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ReportFormat;
import io.benchsuite.core.report.model.RequestCounts;

/**
 * {@code summary.csv}: one row per figure, columns {@code metric,statistic,value,unit}, so
 * spreadsheets and scripts read it without knowing the report's shape. Numbers use {@code .} as the
 * decimal separator whatever the default locale; unmeasurable values are empty. A run whose figures are
 * in a simulator's time (a {@code time-scale} other than 1) starts with the row {@code time,scale,<scale>,...}.
 */
public final class SummaryCsv implements ReportFormat {
    /** The file name in an output directory. */
    public static final String FILE_NAME = "summary.csv";

    /** The format, for lists of formats. */
    public static final SummaryCsv FORMAT = new SummaryCsv();

    private SummaryCsv() {}

    @Override
    public String fileName() {
        return FILE_NAME;
    }

    @Override
    public String render(Report report) {
        return csv(report);
    }

    /** The CSV text of a report. */
    public static String csv(Report report) {
        StringBuilder b = new StringBuilder("metric,statistic,value,unit\n");
        if (report.run().simulatedTime()) {
            // the figures below are in a simulator's time: the row says so, and by how much it ran faster
            row(b, "time", "scale", report.run().scale(), "wall_seconds_per_simulated_second");
        }
        for (LatencyMetric m : LatencyMetric.values()) {
            if (report.shows(m)) latency(b, m.csvName(), report.latency(m));
        }
        row(b, "throughput", "requests_per_second", report.throughput().requestsPerSecond(), "1/s");
        row(b, "throughput", "output_tokens_per_second", report.throughput().outputTokensPerSecond(), "tokens/s");
        row(b, "throughput", "total_tokens_per_second", report.throughput().totalTokensPerSecond(), "tokens/s");
        report.section(BatchSection.class).ifPresent(s -> {
            // embeddings, rerank, score: the inputs a batch run got through
            row(b, "throughput", "inputs_per_second", s.inputsPerSecond(), "1/s");
            row(b, "throughput", "input_tokens_per_second", s.inputTokensPerSecond(), "tokens/s");
        });
        row(b, "goodput", "requests_per_second", report.goodput().requestsPerSecond(), "1/s");
        row(b, "goodput", "fraction", report.goodput().fraction(), "ratio");
        for (GoodputSummary.Attainment a : report.goodput().attainment()) {
            row(b, "goodput", a.name() + "_met", a.met(), "count");
            row(b, "goodput", a.name() + "_fraction", a.fraction(), "ratio");
        }
        row(b, "rate", "target", report.rate().target(), "1/s");
        row(b, "rate", "scheduled", report.rate().scheduled(), "1/s");
        row(b, "rate", "achieved", report.rate().achieved(), "1/s");
        RunSummary.Tokens t = report.tokens();
        if (t.reasoningRequests() > 0) {
            // a reasoning model's split of the output tokens; source: how many requests' counts the server gave
            row(b, "tokens", "reasoning", t.reasoning(), "count");
            row(b, "tokens", "answer", t.answer(), "count");
            row(b, "tokens", "reasoning_requests", t.reasoningRequests(), "count");
            row(b, "tokens", "reasoning_from_usage_requests", t.reasoningFromUsage(), "count");
        }
        RequestCounts c = report.requests();
        row(b, "requests", "measured", c.measured(), "count");
        row(b, "requests", "succeeded", c.succeeded(), "count");
        row(b, "requests", "failed", c.failed(), "count");
        row(b, "requests", "cancelled", c.cancelled(), "count");
        if (c.cancelledByDesign() > 0) row(b, "requests", "cancelled_by_design", c.cancelledByDesign(), "count");
        row(b, "requests", "warmup", c.warmup(), "count");
        row(b, "requests", "cooldown", c.cooldown(), "count");
        row(b, "requests", "error_rate", c.errorRate(), "ratio");
        report.errors().byKind().forEach((kind, count) -> row(b, "errors", kind, count, "count"));
        SectionTypes.loaded().csvRows(report, b); // the rows of registered sections: per model, tools, ...
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

}
