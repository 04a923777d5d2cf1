package io.benchsuite.core.report.html;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.BatchSection;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.FigureResolver;
import io.benchsuite.core.report.model.FigureSourcesSection;
import io.benchsuite.core.report.model.GoodputSummary;
import io.benchsuite.core.report.model.GpuSection;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ReportNumbers;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.report.model.SourcedFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One of the twelve headline metrics of SPEC §4, read from a {@link Report}.
 *
 * @param key stable identifier, e.g. {@code ttft}, {@code kvCacheHitRate}
 * @param name display name
 * @param definition one-line definition
 * @param figures the values shown (empty when the metric is absent)
 * @param absentWhy why the metric is absent (null when at least one figure has a value)
 */
public record Headline(String key, String name, String definition, List<Figure> figures, String absentWhy) {

    public Headline {
        figures = List.copyOf(figures);
    }

    /** Whether no figure could be read. */
    public boolean absent() {
        return absentWhy != null;
    }

    /**
     * One value of a headline metric.
     *
     * @param label short qualifier, e.g. {@code p99} (may be empty)
     * @param value the value as stored in report.json ({@code NaN} when absent)
     * @param unit how the value is shown
     * @param pointer where the value lies in {@code report.json}, as a JSON pointer (shown in the page so a
     *     reader can find the figure in the file)
     */
    public record Figure(String label, double value, Unit unit, String pointer) {
        /** The value with its unit, e.g. {@code 12.35 ms}, {@code 87.3 %}, {@code 1.50 GiB}, or {@code absent}. */
        public String text() {
            return unit.format(value);
        }
    }

    /** Units of the figures; {@link #RATIO_AS_PERCENT} shows a 0..1 ratio as a percentage. */
    public enum Unit {
        MS("ms"), TOKENS_PER_S("tokens/s"), REQUESTS_PER_S("req/s"), RATIO_AS_PERCENT("%"), PERCENT("%"),
        BYTES(""), RATIO(""), JOULES_PER_TOKEN("J/token"), INPUTS_PER_S("inputs/s");

        private final String symbol;

        Unit(String symbol) {
            this.symbol = symbol;
        }

        /** The unit's symbol (empty for bytes, whose unit follows the size, and plain ratios). */
        public String symbol() {
            return symbol;
        }

        /** The value formatted with {@link HtmlNumbers} and its unit. */
        public String format(double v) {
            if (!Double.isFinite(v)) return HtmlNumbers.ABSENT;
            return switch (this) {
                case BYTES -> HtmlNumbers.bytes(v);
                case RATIO -> HtmlNumbers.num(v);
                case RATIO_AS_PERCENT -> HtmlNumbers.pct(v) + " %";
                default -> HtmlNumbers.num(v) + " " + symbol;
            };
        }
    }

    /** The twelve headline metrics of a report, in SPEC §4 order. */
    public static List<Headline> of(Report report) {
        Optional<ServerSection> server = report.section(ServerSection.class);
        Optional<HostSection> host = report.section(HostSection.class);
        Optional<GpuSection> gpu = report.section(GpuSection.class);
        // the serving engine's own accounting (the simulator's), where the backend has it
        Optional<EngineSnapshotSection> engine = report.section(EngineSnapshotSection.class);
        long succeeded = report.requests().succeeded();
        String noSuccess = succeeded == 0 ? "no request succeeded" : "no successful request carried this measurement";
        String noServer = "no server metrics scraped (no server section in report.json)";
        String noHost = "no host telemetry recorded (no host section in report.json)";
        LatencyStats ttft = report.latency(LatencyMetric.TTFT);
        LatencyStats tpot = report.latency(LatencyMetric.TPOT);
        LatencyStats itl = report.latency(LatencyMetric.ITL);
        LatencyStats e2e = report.latency(LatencyMetric.E2E);
        Optional<BatchSection> batches = report.section(BatchSection.class);
        // embeddings, rerank, score: no token, so no token timing; said so rather than blamed on the requests
        String noTokens = batches.isPresent() ? "embeddings, rerank and score requests generate no token" : null;

        List<Headline> out = new ArrayList<>();
        batches.ifPresent(s -> out.add(make("inputsThroughput", "Input throughput", "Inputs (texts embedded, documents "
                        + "ranked, pairs scored) and their tokens per second over the measured window, successful requests only.",
                noSuccess, fig("", s.inputsPerSecond(), Unit.INPUTS_PER_S, "/batches/inputsPerSecond"),
                fig("tokens", s.inputTokensPerSecond(), Unit.TOKENS_PER_S, "/batches/inputTokensPerSecond"))));
        out.add(make("ttft", "TTFT", "Time to first token: from the scheduled send time to the first streamed token.",
                noTokens != null ? noTokens : noSuccess, fig("p50", ttft.p50(), Unit.MS, "/ttft/p50"), fig("p99", ttft.p99(), Unit.MS, "/ttft/p99")));
        if (report.histograms().count(LatencyMetric.TTFRT) > 0) {
            // a reasoning model: its user waits for the first answer token, not the first thinking token
            LatencyStats ttfat = report.latency(LatencyMetric.TTFAT);
            LatencyStats answerTpot = report.latency(LatencyMetric.ANSWER_TPOT);
            out.add(make("ttfat", "TTFAT / answer TPOT", "Time to first answer token (the first token that is not "
                            + "reasoning) and time per answer token after it, for a reasoning model.", noSuccess,
                    fig("TTFAT p50", ttfat.p50(), Unit.MS, "/ttfat/p50"), fig("TTFAT p99", ttfat.p99(), Unit.MS, "/ttfat/p99"),
                    fig("answer TPOT p99", answerTpot.p99(), Unit.MS, "/answerTpot/p99")));
        }
        out.add(make("tpot", "TPOT / ITL", "Time per output token after the first (TPOT) and the gap between consecutive tokens (ITL).",
                succeeded == 0 ? noSuccess : noTokens != null ? noTokens : "no request streamed more than one token",
                fig("TPOT p50", tpot.p50(), Unit.MS, "/tpot/p50"), fig("TPOT p99", tpot.p99(), Unit.MS, "/tpot/p99"),
                fig("ITL p99", itl.p99(), Unit.MS, "/itl/p99")));
        out.add(make("e2e", "E2E latency", "End-to-end latency: scheduled send time to the last token"
                        + (batches.isPresent() ? " (for a batch of inputs, to the whole response)." : "."),
                noSuccess, fig("mean", e2e.mean(), Unit.MS, "/e2e/mean"), fig("p50", e2e.p50(), Unit.MS, "/e2e/p50"),
                fig("p99", e2e.p99(), Unit.MS, "/e2e/p99")));
        out.add(make("outputThroughput", "Output token throughput", "Output tokens per second over the measured window.",
                noSuccess, fig("", report.throughput().outputTokensPerSecond(), Unit.TOKENS_PER_S,
                        "/throughput/outputTokensPerSecond")));
        String slo = report.goodput().slo();
        String basis = report.config().sloBasis();
        List<Figure> goodput = new ArrayList<>(List.of(
                fig("", report.goodput().requestsPerSecond(), Unit.REQUESTS_PER_S, "/goodput/requestsPerSecond"),
                fig("met", report.goodput().fraction(), Unit.RATIO_AS_PERCENT, "/goodput/fraction")));
        List<GoodputSummary.Attainment> each = report.goodput().attainment();
        for (int i = 0; i < each.size(); i++) {
            goodput.add(fig(each.get(i).name() + " met", each.get(i).fraction(), Unit.RATIO_AS_PERCENT,
                    "/goodput/attainment/" + i + "/fraction"));
        }
        out.add(make("goodput", "Goodput", "Requests per second that met every SLO"
                        + (slo.isEmpty() ? "" : " (" + slo + ")") + ", and their share of measured requests"
                        + (each.isEmpty() ? "." : "; then each objective's own share of measured requests that met it.")
                        + (basis.isEmpty() ? "" : " Goodput against the default SLO: " + basis + "; set --slo to choose."),
                slo.isEmpty() ? "no SLO set (--slo), so goodput is not defined" : noSuccess,
                goodput.toArray(Figure[]::new)));
        SourcedFigure hit = FigureResolver.kvCacheHitRate(report);
        out.add(make("kvCacheHitRate", "KV-cache hit rate", "Share of prompt tokens served from the server's prefix cache"
                        + (hit.known() ? " (from " + said(hit) + ")." : "."),
                server.isPresent() || engine.isPresent() ? "the server did not report a prefix-cache hit rate" : noServer,
                sourced(hit, Unit.RATIO_AS_PERCENT)));
        SourcedFigure memory = FigureResolver.memoryPeak(report);
        boolean hostMemory = SourcedFigure.HOST.equals(memory.source());
        out.add(make("memoryPeak", "Memory peak", "Highest memory in use during the run" + (memory.known() && !hostMemory
                        ? " (" + said(memory) + (engine.isPresent() && !SourcedFigure.GPU.equals(memory.source())
                        ? ": weights + KV cache in use + activations" : "") + ")" : "")
                        + ", then the benchmark process's RSS and JVM heap.",
                engine.isPresent() ? "no memory reading in the engine snapshot, host or GPU sections"
                        : host.isPresent() || gpu.isPresent() ? "no memory reading in the host or GPU sections"
                        : "no host or GPU telemetry recorded",
                sourced(memory, Unit.BYTES),
                fig("RSS", hostMemory ? Double.NaN : host.map(h -> number(h.memory().rssPeakBytes())).orElse(Double.NaN), Unit.BYTES,
                        "/host/memory/rssPeakBytes"),
                fig("heap", host.map(h -> (double) h.memory().heapPeakBytes()).orElse(Double.NaN), Unit.BYTES,
                        "/host/memory/heapPeakBytes")));
        SourcedFigure kv = FigureResolver.kvFragmentation(report);
        out.add(make("memoryFragmentation", "Memory fragmentation ratio", kv.known()
                        ? "KV-cache allocator: 1 − largest free block / total free, mean (from " + said(kv) + ") and max over the "
                        + "run's seconds. Process: RSS ÷ memory the JVM uses (heap + non-heap), Redis's "
                        + "mem_fragmentation_ratio: above 1 is memory held but not in use (the JVM's own free blocks are not observable)."
                        : "Process RSS ÷ memory the JVM uses (heap + non-heap), Redis's mem_fragmentation_ratio: above 1 is memory "
                        + "held but not in use. (1 − largest free block / total free is not observable from the JVM.)",
                engine.isPresent() ? "neither the engine snapshot nor the host section has a fragmentation reading"
                        : host.isPresent() ? "the host section has no fragmentation reading" : noHost,
                kv.known() ? new Figure("KV mean (" + kv.source() + ")", ReportNumbers.round(kv.value()), Unit.RATIO, kv.pointer())
                        : fig("", Double.NaN, Unit.RATIO, ""),
                fig("KV max", engine.map(d -> d.kvCacheFragmentation().max()).orElse(Double.NaN), Unit.RATIO,
                        "/engineSnapshot/kvCacheFragmentation/max"),
                fig(kv.known() ? "process" : "", host.map(h -> h.memory().fragmentationRatio()).orElse(Double.NaN), Unit.RATIO,
                        "/host/memory/fragmentationRatio")));
        String warmup = report.config().workload().warmup();
        Optional<EngineSnapshotSection.Compilation> compiled = engine.map(EngineSnapshotSection::compilation).filter(c -> !c.mode().isEmpty());
        out.add(make("compileTime", "Compile / warm-up time", (compiled.isPresent() && compiled.get().compilations() > 0
                        ? "Engine: graphs compiled and captured at its start (" + compiled.get().compilations() + " of them). " : "")
                        + "JIT compilation time during the run (cold-start cost; warm-up "
                        + (warmup == null ? "0s" : warmup) + " excluded from the figures).",
                host.isPresent() ? "the host section has no JIT compile time" : noHost,
                fig("engine", compiled.map(EngineSnapshotSection.Compilation::compileMs).orElse(Double.NaN), Unit.MS,
                        "/engineSnapshot/compilation/compileMs"),
                fig("JIT", host.map(h -> number(h.jit().compileMs())).orElse(Double.NaN), Unit.MS,
                        "/host/jit/compileMs")));
        if (compiled.isPresent()) {
            EngineSnapshotSection.Compilation c = compiled.get();
            out.add(make("recompileRatio", "Recompile ratio / JIT hit rate", "Recompilations over compilations, and the share of "
                            + "decode-only steps served by compiled code (" + describe(c) + "); prefill and mixed steps run eagerly "
                            + "by design (" + c.eagerSteps() + " of " + c.steps() + " steps ran eagerly).",
                    c.compilations() == 0 && c.graphRequests() == 0 ? "the engine compiled nothing and ran no decode-only step"
                            : "the engine ran no decode-only step",
                    fig("recompile", c.recompileRatio(), Unit.RATIO_AS_PERCENT, "/engineSnapshot/compilation/recompileRatio"),
                    fig("hit", c.hitRate(), Unit.RATIO_AS_PERCENT, "/engineSnapshot/compilation/hitRate")));
        } else {
            // No JVM interface counts recompilations, so the row states the gap instead of a made-up figure.
            out.add(make("recompileRatio", "Recompile ratio / JIT hit rate", "Share of compilations that were recompilations (deoptimised code).",
                    host.isPresent() ? "no recompile counter recorded (the host section has JIT compile time only)" : noHost,
                    fig("recompile", Double.NaN, Unit.RATIO_AS_PERCENT, "/host/jit/recompileRatio"),
                    fig("hit", Double.NaN, Unit.RATIO_AS_PERCENT, "/host/jit/hitRate")));
        }
        out.add(make("cpuPeak", "CPU peak utilisation", "Highest per-second CPU use of the benchmark process and of the whole host.",
                host.isPresent() ? "the host section has no CPU reading" : noHost,
                fig("process", host.map(h -> h.cpu().processPeakPct()).orElse(Double.NaN), Unit.PERCENT, "/host/cpu/processPeakPct"),
                fig("system", host.map(h -> h.cpu().systemPeakPct()).orElse(Double.NaN), Unit.PERCENT, "/host/cpu/systemPeakPct")));
        SourcedFigure energy = FigureResolver.energyPerToken(report);
        boolean hostEnergy = SourcedFigure.HOST.equals(energy.source());
        String hostMeter = host.map(h -> h.energy().source()).orElse(null);
        out.add(make("energyPerToken", "Energy per token", "Energy drawn over the run divided by output tokens ("
                        + (energy.known() && !hostEnergy ? said(energy) + "; host: " + (hostMeter == null ? "no energy source" : hostMeter)
                        : hostMeter == null ? "no energy source" : hostMeter) + ").",
                engine.isPresent() || gpu.isPresent() ? "no energy meter was readable (no power figures in the GPU, engine snapshot or host sections)"
                        : host.isPresent() ? "no energy meter was readable (host.energy is empty)" : noHost,
                sourced(shownAt(report, "energyPerToken", energy), Unit.JOULES_PER_TOKEN),
                fig("host", hostEnergy ? Double.NaN : host.map(h -> h.energy().joulesPerOutputToken()).orElse(Double.NaN),
                        Unit.JOULES_PER_TOKEN, "/host/energy/joulesPerOutputToken")));
        return out;
    }

    /** What served the decode steps, in words. */
    private static String describe(EngineSnapshotSection.Compilation c) {
        return switch (c.mode()) {
            case "cuda-graphs" -> "CUDA graphs captured for batches up to " + c.maxCapturedBatch()
                    + ", compiled for any batch size, so none recompiles";
            case "ahead-of-time" -> "an engine built before the start for every shape, so nothing recompiles";
            case "eager" -> "eager execution: nothing is compiled";
            default -> c.mode();
        };
    }

    /** The figure labelled with where it came from ({@code server}, {@code gpu}, {@code simulator}, ...). */
    private static Figure sourced(SourcedFigure f, Unit unit) {
        return f.known() ? new Figure(f.source(), ReportNumbers.round(f.value()), unit, f.pointer()) : fig("", Double.NaN, unit, "");
    }

    /**
     * The figure with the pointer where report.json holds the value shown: a figure divided out of a block (the GPU's
     * energy over the run's tokens) is written only in the {@code figureSources} block, so the page points there
     * when the report has it; a figure read as it is keeps its block's pointer.
     */
    private static SourcedFigure shownAt(Report report, String key, SourcedFigure f) {
        if (!f.known() || !SourcedFigure.GPU.equals(f.source()) || report.section(FigureSourcesSection.class).isEmpty()) return f;
        return new SourcedFigure(f.value(), f.source(), "/" + FigureSourcesSection.KEY + "/" + key + "/value");
    }

    /** Where a figure came from, in words. */
    private static String said(SourcedFigure f) {
        return switch (f.source()) {
            case SourcedFigure.SERVER -> "the server's /metrics";
            case SourcedFigure.GPU -> "the GPU sampler";
            case EngineSnapshotSection.SIMULATOR -> "the simulator's model of its devices";
            case SourcedFigure.HOST -> "the host";
            default -> "the engine's own accounting";
        };
    }

    private static double number(Long v) {
        return v == null ? Double.NaN : v;
    }

    private static Figure fig(String label, double value, Unit unit, String pointer) {
        return new Figure(label, ReportNumbers.round(value), unit, pointer);
    }

    private static Headline make(String key, String name, String definition, String absentWhy, Figure... figures) {
        List<Figure> present = new ArrayList<>();
        for (Figure f : figures) if (Double.isFinite(f.value())) present.add(f);
        return new Headline(key, name, definition, present, present.isEmpty() ? absentWhy : null);
    }
}
