package io.benchsuite.cli;

import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.RunResult;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The text the CLI prints: the banner before a run and the summary table after it. Numbers use Locale.ROOT. */
final class Summary {
    private Summary() {}

    /** One line saying what is about to run (no backend config values: they may hold secrets). */
    static String banner(RunPlan p) {
        Workload w = p.workload();
        String bound = w.length().map(Durations::format).orElse("")
                + (w.maxRequests() > 0 ? (w.length().isPresent() ? ", " : "") + "at most " + w.maxRequests() + " requests" : "");
        return String.format(Locale.ROOT, "benchsuite run '%s': backend %s, model %s%s; %s; %s; seed %s; output %s",
                p.name(), p.backend(), p.backendConfig().string("model", "?"),
                p.backendConfig().string("url").map(u -> " at " + SecretMask.stripUserInfo(u)).orElse(""),
                load(w), bound, p.seed().source(), p.outputDir());
    }

    static String load(Workload w) {
        if (w.load() instanceof LoadModel.OpenLoop o) {
            return "open loop " + o.rate().describe() + " req/s, " + o.arrival().describe()
                    + " arrivals, max " + o.maxConcurrency() + " in flight";
        }
        LoadModel.ClosedLoop c = (LoadModel.ClosedLoop) w.load();
        return "closed loop, users " + c.users().describe();
    }

    /** The summary table of a finished run. */
    static String render(RunResult r, Path outputDir, boolean interrupted) {
        RunSummary s = r.summary();
        RunSummary.Counts c = s.counts();
        StringBuilder b = new StringBuilder();
        String status = r.status() == RunResult.Status.STOPPED
                ? "STOPPED" + (interrupted ? " (interrupted; partial results)" : " (partial results)")
                : "COMPLETED";
        b.append('\n');
        line(b, "run '%s' %s: %s, backend %s, model %s", r.info().name(), status, load(r.info().workload()),
                r.info().backend().name(), r.info().backend().model());
        line(b, "%-20s measured %d, succeeded %d, failed %d, cancelled %d, warm-up excluded %d, cool-down excluded %d, waited for a slot %d",
                "requests", c.measured(), c.succeeded(), c.failed(), c.cancelled(), c.warmup(), c.cooldown(), c.waitedForSlot());
        if (c.connectionRetries() > 0) {
            line(b, "%-20s %d request(s) re-sent once on a fresh connection: the server closed a kept-alive "
                    + "connection before answering (their latency includes the lost round trip)", "connection retries",
                    c.connectionRetries());
        }
        line(b, "%-20s target %s, scheduled %s, achieved %s req/s over %ss measured", "rate",
                Double.isFinite(s.targetRate()) ? num(s.targetRate(), 2) + " req/s (profile)" : "n/a (closed loop)",
                num(s.scheduledRate(), 2), num(s.achievedRate(), 2), num(s.measuredSeconds(), 1));
        line(b, "%-20s %s req/s, %s output tok/s, %s total tok/s", "throughput",
                num(s.throughput().requestsPerSecond(), 2), num(s.throughput().outputTokensPerSecond(), 1),
                num(s.throughput().totalTokensPerSecond(), 1));
        if (!s.goodput().slo().isEmpty()) {
            line(b, "%-20s %s req/s, %d of %d measured (%s%%) met %s", "goodput",
                    num(s.goodput().requestsPerSecond(), 2), s.goodput().met(), c.measured(),
                    num(s.goodput().fraction() * 100, 1), s.goodput().slo().describe());
        }
        b.append('\n');
        line(b, "%-20s %10s %10s %10s %10s %10s %10s %8s", "latency (ms)", "mean", "p50", "p90", "p99", "p99.9", "max", "count");
        row(b, "TTFT", s.ttft());
        row(b, "ITL", s.itl());
        row(b, "TPOT", s.tpot());
        row(b, "E2E", s.e2e());
        row(b, "schedule lag", s.scheduleLag());
        row(b, "slot wait", s.slotWait());
        b.append('\n');
        Map<String, Long> errors = new TreeMap<>(s.errorsByKind());
        line(b, "%-20s %s", "errors", errors.isEmpty() ? "none"
                : errors.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
        line(b, "%-20s %s", "output", outputDir);
        return b.toString();
    }

    private static void row(StringBuilder b, String name, LatencyStats l) {
        line(b, "%-20s %10s %10s %10s %10s %10s %10s %8d", name, num(l.mean(), 2), num(l.p50(), 2), num(l.p90(), 2),
                num(l.p99(), 2), num(l.p999(), 2), num(l.max(), 2), l.count());
    }

    private static void line(StringBuilder b, String format, Object... args) {
        b.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    static String num(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
    }
}
