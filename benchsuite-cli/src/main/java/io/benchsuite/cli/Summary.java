package io.benchsuite.cli;

import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.report.json.SectionTypes;
import io.benchsuite.core.report.model.AccuracySection;
import io.benchsuite.core.report.model.BatchSection;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.GoodputSummary;
import io.benchsuite.core.report.model.Rates;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.RequestCounts;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.report.model.WorkloadConfig;
import io.benchsuite.core.report.model.WorkloadSection;
import io.benchsuite.core.run.RunResult;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The text the CLI prints: the banner before a run and the summary table after it, a format of the
 * report model like report.json, summary.csv and report.html. Numbers use Locale.ROOT.
 */
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
        return load(WorkloadConfig.of(w));
    }

    /** The load in one phrase, e.g. {@code open loop steady:8.0 req/s, poisson arrivals, max 8 in flight}. */
    static String load(WorkloadConfig w) {
        if (w.open() && w.source() != null && w.profile() == null) {
            return "open loop at the source's own times, max " + w.maxConcurrency() + " in flight";
        }
        if (w.open()) {
            return "open loop " + w.profile() + " req/s, " + w.arrival() + " arrivals, max " + w.maxConcurrency() + " in flight";
        }
        return "closed loop, users " + w.users();
    }

    /** The summary table of a finished run. */
    static String render(RunResult r, Path outputDir, boolean interrupted) {
        return render(Report.of(r), outputDir, interrupted);
    }

    /** The summary table of a report: the console's format of the report model. */
    static String render(Report r, Path outputDir, boolean interrupted) {
        RequestCounts c = r.requests();
        StringBuilder b = new StringBuilder();
        String status = r.run().failed() ? "FAILED (" + r.run().stopReason() + "; partial results)"
                : !r.run().stopped() ? "COMPLETED"
                : r.run().stopReason() != null ? "STOPPED (" + r.run().stopReason() + "; partial results)"
                : "STOPPED" + (interrupted ? " (interrupted; partial results)" : " (partial results)");
        b.append('\n');
        line(b, "run '%s' %s: %s, backend %s, model %s", r.run().name(), status, load(r.config().workload()),
                r.backend().name(), r.backend().model());
        if (r.run().simulatedTime()) line(b, "%-20s %s", "SIMULATED TIME", r.run().timeNote());
        if (mostlyErrors(c)) {
            line(b, "%-20s %d of %d measured requests (%s %%) did not succeed: the figures below describe failures, "
                    + "not the server's service; see the errors at the end", "MOSTLY ERRORS", c.failed() + c.cancelled(),
                    c.measured(), num(c.errorRate() * 100, 1));
        }
        line(b, "%-20s measured %d, succeeded %d, failed %d, cancelled %d, warm-up excluded %d, cool-down excluded %d, waited for a slot %d",
                "requests", c.measured(), c.succeeded(), c.failed(), c.cancelled(), c.warmup(), c.cooldown(), c.waitedForSlot());
        if (c.measured() > 0) {
            line(b, "%-20s %s %% did not succeed ((failed + cancelled) / measured); %s %% failed, cancelled left out",
                    "error rate", num(c.errorRate() * 100, 1), num(c.failed() * 100.0 / Math.max(1, c.measured() - c.cancelledByDesign()), 1));
        }
        if (c.cancelledByDesign() > 0) {
            line(b, "%-20s %d measured request(s) aborted on purpose by the client (--cancel-rate): flagged "
                    + "cancelled_by_client in requests.jsonl, not failures, no latency samples, left out of the error rate",
                    "cancelled by design", c.cancelledByDesign());
        }
        if (c.notSent() > 0) {
            line(b, "%-20s %d arrival(s) never sent: they came due faster than concurrency slots freed, with the line "
                    + "of requests waiting for a slot full; the scheduled rate counts them, the achieved rate shows what was sent", "NOT SENT", c.notSent());
        }
        if (c.connectionRetries() > 0) {
            line(b, "%-20s %d request(s) re-sent once on a fresh connection: the server closed a kept-alive "
                    + "connection before it can have read them (each flagged \"resent\" with the reason in requests.jsonl; "
                    + "their latency includes the lost round trip)", "connection retries",
                    c.connectionRetries());
        }
        Rates rate = r.rate();
        // Three rates over three spans, each named, so one run's figures cannot look contradictory.
        line(b, "%-20s target %s, scheduled %s req/s (arrivals drawn), achieved %s req/s (sent, to the last send)",
                "rate", Double.isFinite(rate.target()) ? num(rate.target(), 2) + " req/s (profile)"
                        : r.config().workload().closed() ? "n/a (closed loop)" : "n/a (paced by the source)",
                num(rate.scheduled(), 2), num(rate.achieved(), 2));
        line(b, "%-20s %s req/s succeeded, %s output tok/s, %s total tok/s over the %ss measured (first arrival to last "
                        + "end)", "throughput", num(r.throughput().requestsPerSecond(), 2),
                num(r.throughput().outputTokensPerSecond(), 1), num(r.throughput().totalTokensPerSecond(), 1),
                num(rate.measuredSeconds(), 1));
        r.section(BatchSection.class).ifPresent(s -> line(b, "%-20s %s inputs/s, %s input tok/s: %d inputs in %d successful "
                + "requests (mean batch %s) over the %ss measured%s", "batches", num(s.inputsPerSecond(), 1),
                num(s.inputTokensPerSecond(), 1), s.inputs(), s.requests(), num(s.meanBatchSize(), 1), num(s.windowSeconds(), 1),
                s.shortResponses() == 0 ? "" : "; " + s.shortResponses() + " response(s) held fewer items than inputs (failed)"));
        GoodputSummary g = r.goodput();
        if (g.hasSlo()) {
            line(b, "%-20s %s req/s, %d of %d measured%s (%s%%) met %s%s%s", "goodput",
                    num(g.requestsPerSecond(), 2), g.met(), c.measured() - c.cancelledByDesign(),
                    c.cancelledByDesign() > 0 ? " (cancelled by design left out)" : "", num(g.fraction() * 100, 1), g.slo(), attainment(g),
                    r.config().defaultSlo() ? " (goodput against the default SLO: " + r.config().sloBasis() + "; set --slo to choose)"
                            : "");
        }
        SourcedFiguresLine.append(b, r);
        r.section(EngineSnapshotSection.class).filter(d -> !d.compilation().mode().isEmpty()).ifPresent(d -> compiled(b, d.compilation()));
        r.section(AccuracySection.class).ifPresent(a -> line(b, "%-20s %s: %d of %d graded answers correct, mean score %s%s",
                "accuracy", a.scorer(), a.correct(), a.graded(), Double.isFinite(a.meanScore()) ? num(a.meanScore(), 3) : "-",
                a.ungraded() == 0 ? "" : "; " + a.ungraded() + " not graded " + a.ungradedReasons()));
        r.section(ServerSection.class).ifPresent(server -> SpecDecodeSummary.append(b, server));
        r.section(WorkloadSection.class).ifPresent(w -> workload(b, w,
                r.section(ServerSection.class).map(ServerSection::prefixCacheHitRate).orElse(Double.NaN)));
        r.section(ClientSection.class).ifPresent(client -> client(b, client));
        b.append(SectionTypes.loaded().consoleText(r)); // registered sections' lines: per model, tools, ...
        b.append('\n');
        line(b, "%-20s %10s %10s %10s %10s %10s %10s %8s", r.run().simulatedTime() ? "latency (sim. ms)" : "latency (ms)", "mean", "p50", "p90", "p99", "p99.9", "max", "count");
        // the reasoning split only when a request reasoned: without it, it repeats TTFT and TPOT or is empty
        boolean reasoned = r.latency(LatencyMetric.TTFRT).count() > 0;
        for (LatencyMetric m : LatencyMetric.values()) {
            // a batch run generates no token: its empty token-timing rows are left out rather than shown as dashes
            boolean noTokens = r.latency(m).count() == 0 && r.section(BatchSection.class).isPresent();
            if ((reasoned || !m.reasoningSplit()) && !noTokens && r.shows(m)) row(b, m.displayName(), r.latency(m));
        }
        if (reasoned) {
            line(b, "%-20s %d reasoning, %d answer (%d of %d reasoning requests counted by the server)", "output tokens",
                    r.tokens().reasoning(), r.tokens().answer(), r.tokens().reasoningFromUsage(), r.tokens().reasoningRequests());
        }
        b.append('\n');
        Map<String, Long> errors = r.errors().byKind();
        line(b, "%-20s %s", "errors", errors.isEmpty() ? "none"
                : errors.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
        line(b, "%-20s %s", "output", outputDir);
        return b.toString();
    }

    /** The engine's compiled code: the headline's recompile ratio / hit rate and its compile time at start. */
    private static void compiled(StringBuilder b, EngineSnapshotSection.Compilation c) {
        line(b, "%-20s %s: hit rate %s (%d of %d decode-only steps on compiled code%s), recompile ratio %s (%d of %d), "
                        + "%d of %d steps eager; compile/capture at start %s ms", "engine compilation", c.mode(),
                Double.isFinite(c.hitRate()) ? num(c.hitRate() * 100, 1) + " %" : "-", c.graphHits(), c.graphRequests(),
                c.maxCapturedBatch() > 0 ? ", graphs up to batch " + c.maxCapturedBatch() : "",
                Double.isFinite(c.recompileRatio()) ? num(c.recompileRatio() * 100, 1) + " %" : "-", c.recompilations(),
                c.compilations(), c.eagerSteps(), c.steps(), Double.isFinite(c.compileMs()) ? num(c.compileMs(), 0) : "-");
    }

    /** The client line: its own hiccups, CPU and flagged requests; a loud line when it was saturated. */
    private static void client(StringBuilder b, ClientSection c) {
        ClientSection.Hiccups h = c.hiccups();
        String cpu = Double.isFinite(c.cpu().processPct())
                ? num(c.cpu().processPct(), 1) + " % of " + c.cpu().cores() + " cores (" + num(c.cpu().processSeconds(), 2) + " s)"
                : "n/a";
        line(b, "%-20s hiccups p50 %s / p99 %s / max %s ms, CPU %s, %d request(s) overlapped a client stall over %s ms",
                "client", h == null ? "n/a" : num(h.p50Ms(), 3), h == null ? "n/a" : num(h.p99Ms(), 3),
                h == null ? "n/a" : num(h.maxMs(), 3), cpu, c.stalledRequests(), num(c.stallThresholdMs(), 1));
        if (!c.saturated().isEmpty()) {
            line(b, "%-20s %s: the client's own delays are inside these latencies", "CLIENT SATURATED",
                    String.join(", ", c.saturated()));
        }
    }

    /** More than half of the measured requests did not succeed: the summary says so loudly. */
    static boolean mostlyErrors(RequestCounts c) {
        return c.measured() > 0 && c.errorRate() > 0.5;
    }

    /** The workload lines: source, lengths sent, prefix sharing (ideal beside the server's), sessions and turns, context, injections. */
    private static void workload(StringBuilder b, WorkloadSection w, double serverHitRate) {
        long skipped = w.skipped().values().stream().mapToLong(Long::longValue).sum();
        line(b, "%-20s %s, paced by %s: %d requests sent%s%s", "workload", w.source(), w.pacing(), w.requests(),
                skipped == 0 ? "" : ", " + skipped + " records skipped (" + w.skipped().entrySet().stream()
                        .map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")) + ")",
                w.sourceError() == null ? "" : "; the source stopped early: " + w.sourceError());
        WorkloadSection.Lengths in = w.inputTokens();
        WorkloadSection.Lengths out = w.outputTokens();
        line(b, "%-20s prompt p50 %d, p99 %d, max %d (mean %s); output p50 %d, p99 %d, max %d", "tokens sent",
                in.p50(), in.p99(), in.max(), num(in.mean(), 1), out.p50(), out.p99(), out.max());
        line(b, "%-20s ideal %s (%d of %d prompt tokens repeat an earlier prefix), server measured %s", "prefix hit rate",
                num(w.prefixSharing().idealHitRate(), 3), w.prefixSharing().repeatedTokens(), w.prefixSharing().promptTokens(),
                Double.isFinite(serverHitRate) ? num(serverHitRate, 3) : "- (not exposed)");
        WorkloadSection.Sessions s = w.sessions();
        if (s != null) {
            line(b, "%-20s %d started, %d completed, %d failed, %d over context, %d cut; %s turns each; E2E p50 %s ms, p99 %s ms",
                    "sessions", s.started(), s.completed(), s.failed(), s.overContext(), s.cut(), num(s.meanTurns(), 2),
                    num(s.e2e().p50(), 1), num(s.e2e().p99(), 1));
            StringBuilder turns = new StringBuilder();
            int shown = 0;
            for (WorkloadSection.Turn t : w.turns()) {
                if (shown++ == 8) {
                    turns.append(", ...");
                    break;
                }
                if (turns.length() > 0) turns.append("; ");
                turns.append(t.turn()).append(": ").append(num(t.meanPromptTokens(), 0)).append(" tok, hit ")
                        .append(num(t.idealHitRate(), 2)).append(", TTFT p50 ").append(num(t.ttft().p50(), 1)).append(" ms");
            }
            line(b, "%-20s %s", "by turn", turns);
        }
        if (w.context() != null) {
            line(b, "%-20s %d tokens (%s), policy %s: %d recorded context_exceeded, %d skipped", "model context",
                    w.context().limitTokens(), w.context().from(), w.context().policy(), w.context().marked(), w.context().skipped());
        }
        WorkloadSection.Injections inj = w.injections();
        if (inj != null) {
            StringBuilder after = new StringBuilder();
            inj.firstTokenAfter().forEach((p, m) -> after.append(", ").append(p).append(" p50 ").append(num(m.p50(), 1))
                    .append(" / p99 ").append(num(m.p99(), 1)).append(" ms"));
            line(b, "%-20s %d delivered, %d expired, %d undelivered; first token after%s", "injections",
                    inj.delivered().values().stream().mapToLong(Long::longValue).sum(), inj.expiredTotal(),
                    inj.undelivered().values().stream().mapToLong(Long::longValue).sum(), after.length() == 0 ? ": none" : after);
        }
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

    /** Each objective's share of the measured requests that met it, e.g. {@code "; each: ttft 98.2 % met (491), tpot 61.0 % (305)"}. */
    static String attainment(GoodputSummary g) {
        if (g.attainment().isEmpty()) return "";
        StringBuilder out = new StringBuilder("; each: ");
        for (int i = 0; i < g.attainment().size(); i++) {
            GoodputSummary.Attainment a = g.attainment().get(i);
            if (i > 0) out.append(", ");
            out.append(a.name()).append(' ').append(num(a.fraction() * 100, 1)).append(i == 0 ? " % met (" : " % (")
                    .append(a.met()).append(')');
        }
        return out.toString();
    }
}
