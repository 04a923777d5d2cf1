package io.benchsuite.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.core.RunResult;
import java.util.List;
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
        return render(ReportJson.build(r));
    }

    /**
     * The CSV text of a {@code report.json} tree, so the file can be rebuilt from a saved report;
     * values missing or null in the report are empty cells.
     */
    public static String render(JsonNode report) {
        StringBuilder b = new StringBuilder("metric,statistic,value,unit\n");
        latency(b, report, "ttft", "ttft");
        latency(b, report, "itl", "itl");
        latency(b, report, "tpot", "tpot");
        latency(b, report, "e2e", "e2e");
        latency(b, report, "ttft_from_send", "ttftFromSend");
        latency(b, report, "schedule_lag", "scheduleLag");
        latency(b, report, "dispatch_lag", "dispatchLag");
        latency(b, report, "slot_wait", "slotWait");
        row(b, "throughput", "requests_per_second", num(report, "/throughput/requestsPerSecond"), "1/s");
        row(b, "throughput", "output_tokens_per_second", num(report, "/throughput/outputTokensPerSecond"), "tokens/s");
        row(b, "throughput", "total_tokens_per_second", num(report, "/throughput/totalTokensPerSecond"), "tokens/s");
        row(b, "goodput", "requests_per_second", num(report, "/goodput/requestsPerSecond"), "1/s");
        row(b, "goodput", "fraction", num(report, "/goodput/fraction"), "ratio");
        row(b, "rate", "target", num(report, "/rate/target"), "1/s");
        row(b, "rate", "scheduled", num(report, "/rate/scheduled"), "1/s");
        row(b, "rate", "achieved", num(report, "/rate/achieved"), "1/s");
        for (String count : List.of("measured", "succeeded", "failed", "cancelled", "warmup", "cooldown")) {
            row(b, "requests", count, num(report, "/requests/" + count), "count");
        }
        row(b, "requests", "error_rate", num(report, "/requests/errorRate"), "ratio");
        report.at("/errors/byKind").fields().forEachRemaining(e -> row(b, "errors", e.getKey(),
                e.getValue().isNumber() ? e.getValue().asDouble() : Double.NaN, "count"));
        return b.toString();
    }

    private static double num(JsonNode report, String pointer) {
        JsonNode v = report.at(pointer);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    private static void latency(StringBuilder b, JsonNode report, String name, String key) {
        row(b, name, "count", num(report, "/" + key + "/count"), "count");
        for (String stat : List.of("mean", "p50", "p90", "p95", "p99", "p999", "max")) {
            row(b, name, stat, num(report, "/" + key + "/" + stat), "ms");
        }
    }

    private static void row(StringBuilder b, String metric, String statistic, double value, String unit) {
        String v = Double.isFinite(value) ? String.format(Locale.ROOT, "%.6f", value).replaceAll("\\.?0+$", "") : "";
        b.append(metric).append(',').append(statistic).append(',').append(v).append(',').append(unit).append('\n');
    }
}
