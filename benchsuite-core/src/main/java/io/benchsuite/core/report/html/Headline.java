package io.benchsuite.core.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.core.report.html.internal.Fmt;
import io.benchsuite.core.report.html.internal.J;
import java.util.ArrayList;
import java.util.List;

/**
 * One of the twelve headline metrics of SPEC §4, read from a {@code report.json} tree.
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
     * @param pointer the JSON pointer the value came from
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
        BYTES(""), RATIO(""), JOULES_PER_TOKEN("J/token");

        private final String symbol;

        Unit(String symbol) {
            this.symbol = symbol;
        }

        /** The unit's symbol (empty for bytes, whose unit follows the size, and plain ratios). */
        public String symbol() {
            return symbol;
        }

        /** The value formatted with {@link Fmt} and its unit. */
        public String format(double v) {
            if (!Double.isFinite(v)) return Fmt.ABSENT;
            return switch (this) {
                case BYTES -> Fmt.bytes(v);
                case RATIO -> Fmt.num(v);
                case RATIO_AS_PERCENT -> Fmt.pct(v) + " %";
                default -> Fmt.num(v) + " " + symbol;
            };
        }
    }

    /** The twelve headline metrics of a report, in SPEC §4 order. */
    public static List<Headline> of(JsonNode report) {
        boolean server = J.hasObject(report, "/server");
        boolean host = J.hasObject(report, "/host");
        boolean gpu = J.hasObject(report, "/gpu");
        long succeeded = report.at("/requests/succeeded").asLong(0);
        String noSuccess = succeeded == 0 ? "no request succeeded" : "no successful request carried this measurement";
        String noServer = "no server metrics scraped (no server section in report.json)";
        String noHost = "no host telemetry recorded (no host section in report.json)";

        List<Headline> out = new ArrayList<>();
        out.add(make("ttft", "TTFT", "Time to first token: from the scheduled send time to the first streamed token.",
                noSuccess, fig("p50", report, "/ttft/p50", Unit.MS), fig("p99", report, "/ttft/p99", Unit.MS)));
        out.add(make("tpot", "TPOT / ITL", "Time per output token after the first (TPOT) and the gap between consecutive tokens (ITL).",
                report.at("/requests/succeeded").asLong(0) == 0 ? noSuccess : "no request streamed more than one token",
                fig("TPOT p50", report, "/tpot/p50", Unit.MS), fig("TPOT p99", report, "/tpot/p99", Unit.MS),
                fig("ITL p99", report, "/itl/p99", Unit.MS)));
        out.add(make("e2e", "E2E latency", "End-to-end latency: scheduled send time to the last token.",
                noSuccess, fig("mean", report, "/e2e/mean", Unit.MS), fig("p50", report, "/e2e/p50", Unit.MS),
                fig("p99", report, "/e2e/p99", Unit.MS)));
        out.add(make("outputThroughput", "Output token throughput", "Output tokens per second over the measured window.",
                noSuccess, fig("", report, "/throughput/outputTokensPerSecond", Unit.TOKENS_PER_S)));
        String slo = J.text(report, "/goodput/slo", "");
        out.add(make("goodput", "Goodput", "Requests per second that met every SLO"
                        + (slo.isEmpty() ? "" : " (" + slo + ")") + ", and their share of measured requests.",
                slo.isEmpty() ? "no SLO set (--slo), so goodput is not defined" : noSuccess,
                fig("", report, "/goodput/requestsPerSecond", Unit.REQUESTS_PER_S),
                fig("met", report, "/goodput/fraction", Unit.RATIO_AS_PERCENT)));
        out.add(make("kvCacheHitRate", "KV-cache hit rate", "Share of prompt tokens served from the server's prefix cache.",
                server ? "the server did not report a prefix-cache hit rate" : noServer,
                fig("", report, "/server/prefixCacheHitRate", Unit.RATIO_AS_PERCENT)));
        out.add(make("memoryPeak", "Memory peak", "Highest memory in use during the run: accelerator memory, process RSS and JVM heap.",
                host || gpu ? "no memory reading in the host or GPU sections" : "no host or GPU telemetry recorded",
                fig("GPU", report, "/gpu/memoryUsedBytes/peak", Unit.BYTES),
                fig("RSS", report, "/host/memory/rssPeakBytes", Unit.BYTES),
                fig("heap", report, "/host/memory/heapPeakBytes", Unit.BYTES)));
        out.add(make("memoryFragmentation", "Memory fragmentation ratio", "Process RSS ÷ memory the JVM uses (heap + non-heap), Redis's mem_fragmentation_ratio: above 1 is memory held but not in use. (1 − largest free block / total free is not observable from the JVM.)",
                host ? "the host section has no fragmentation reading" : noHost,
                fig("", report, "/host/memory/fragmentationRatio", Unit.RATIO)));
        out.add(make("compileTime", "Compile / warm-up time", "JIT compilation time during the run (cold-start cost; warm-up "
                        + J.text(report, "/config/workload/warmup", "0s") + " excluded from the figures).",
                host ? "the host section has no JIT compile time" : noHost,
                fig("JIT", report, "/host/jit/compileMs", Unit.MS)));
        out.add(make("recompileRatio", "Recompile ratio / JIT hit rate", "Share of compilations that were recompilations (deoptimised code).",
                host ? "no recompile counter recorded (the host section has JIT compile time only)" : noHost,
                fig("recompile", report, "/host/jit/recompileRatio", Unit.RATIO_AS_PERCENT),
                fig("hit", report, "/host/jit/hitRate", Unit.RATIO_AS_PERCENT)));
        out.add(make("cpuPeak", "CPU peak utilisation", "Highest per-second CPU use of the benchmark process and of the whole host.",
                host ? "the host section has no CPU reading" : noHost,
                fig("process", report, "/host/cpu/processPeakPct", Unit.PERCENT),
                fig("system", report, "/host/cpu/systemPeakPct", Unit.PERCENT)));
        out.add(make("energyPerToken", "Energy per token", "Energy drawn over the run divided by output tokens ("
                        + J.text(report, "/host/energy/source", "no energy source") + ").",
                host ? "no energy meter was readable (host.energy is empty)" : noHost,
                fig("", report, "/host/energy/joulesPerOutputToken", Unit.JOULES_PER_TOKEN)));
        return out;
    }

    private static Figure fig(String label, JsonNode report, String pointer, Unit unit) {
        return new Figure(label, J.num(report, pointer), unit, pointer);
    }

    private static Headline make(String key, String name, String definition, String absentWhy, Figure... figures) {
        List<Figure> present = new ArrayList<>();
        for (Figure f : figures) if (Double.isFinite(f.value())) present.add(f);
        return new Headline(key, name, definition, present, present.isEmpty() ? absentWhy : null);
    }
}
