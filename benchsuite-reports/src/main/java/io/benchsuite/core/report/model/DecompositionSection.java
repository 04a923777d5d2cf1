package io.benchsuite.core.report.model;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.core.analysis.decomposition.IndexValue;
import io.benchsuite.core.analysis.decomposition.LatencyDecomposition;
import io.benchsuite.core.analysis.decomposition.MemoryIndices;
import io.benchsuite.core.analysis.decomposition.ServerStageTimes;
import io.benchsuite.core.analysis.decomposition.StageShares;
import io.benchsuite.core.analysis.decomposition.StageTotal;
import io.benchsuite.core.run.ReportSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The report's {@code decomposition} section, present in every report: where end-to-end latency went
 * (queueing, prefill, decode and the rest, as shares of the mean E2E) from each view the run has, cold start
 * against steady state with the JIT compile time, and the memory indices NMI, SLE and Q. What a run cannot
 * give is absent with the reason. Derived from the rest of the report ({@link #of(Report)}), so a report read
 * back from a file without this block gets the same section.
 *
 * <p>Views, in this order when present:
 * <ul>
 *   <li>{@code client}: from the run's own means (TTFT, TTFT from send, E2E): queueing = the client's wait
 *       before sending, prefill = send to first token (the server's queue included), decode = first token to
 *       the end;</li>
 *   <li>{@code server (<dialect> histograms)}: from the server's request-stage histograms over the window
 *       ({@code server.stages}), shares of the server's mean E2E; {@code other} is what the server spends outside
 *       its three stages;</li>
 *   <li>{@code engine (<backend>, exact)}: from a backend that is its own engine ({@code engineSnapshot} section): exact
 *       per-request sums, {@code other} = 0;</li>
 *   <li>{@code client + server}: the client's mean E2E split with the server's (or engine's) stages: queueing =
 *       client wait + server queue, other = network, HTTP and whatever lies outside the server's stages.</li>
 * </ul>
 * Formulas: {@code docs/analysis.md} §5 and §6.
 *
 * @param views the shares of each view the run has (empty when no request succeeded)
 * @param serverAbsent why there is no server or engine view, or {@code null}
 * @param coldStart cold start against steady state, or {@code null}
 * @param coldStartAbsent why there is no cold-start view, or {@code null}
 * @param jitCompileMs JIT compilation during the run (the {@code coldStart} or {@code host} section), or {@code NaN}
 * @param indices NMI, SLE, SLE ÷ log2 N and Q, each with a value or the reason it is absent
 */
public record DecompositionSection(List<Shares> views, String serverAbsent, ColdStart coldStart, String coldStartAbsent,
                                   double jitCompileMs, List<Index> indices) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "decomposition";

    private static final String SLE = "SLE";
    private static final String SLE_NORMALISED = "SLE/log2 N";

    public DecompositionSection {
        views = views == null ? List.of() : List.copyOf(views);
        indices = indices == null ? List.of() : List.copyOf(indices);
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * One view's shares of the mean E2E; queueing + prefill + decode + other = 1.
     *
     * @param source where the figures come from
     * @param requests how many requests the means are over
     * @param meanE2eMs the mean E2E the shares are of
     * @param queueing share waiting (client wait, server queue)
     * @param prefill share until the first token
     * @param decode share from the first token to the last
     * @param other share no stage accounts for
     * @param notes how to read them
     */
    public record Shares(String source, long requests, double meanE2eMs, double queueing, double prefill, double decode,
                         double other, List<String> notes) {
        public Shares {
            notes = notes == null ? List.of() : List.copyOf(notes);
        }
    }

    /**
     * Cold start against steady state (the {@code coldStart} section).
     *
     * @param coldStartRequests how many leading requests count as cold start
     * @param coldTtftMs mean TTFT of the cold-start requests
     * @param coldE2eMs their mean E2E
     * @param steadyTtftMs mean TTFT of the rest
     * @param steadyE2eMs their mean E2E
     */
    public record ColdStart(int coldStartRequests, double coldTtftMs, double coldE2eMs, double steadyTtftMs, double steadyE2eMs) {}

    /**
     * A memory index.
     *
     * @param name {@code NMI}, {@code SLE}, {@code SLE/log2 N} or {@code Q}
     * @param value its value, {@code NaN} when absent
     * @param absent why it is absent, or {@code null}
     */
    public record Index(String name, double value, String absent) {}

    /** The section a report's other blocks give. */
    public static DecompositionSection of(Report report) {
        notNull(report, "report");
        List<Shares> views = new ArrayList<>();
        LatencyStats e2e = report.latency(LatencyMetric.E2E), ttft = report.latency(LatencyMetric.TTFT);
        LatencyStats fromSend = report.latency(LatencyMetric.TTFT_FROM_SEND);
        long n = e2e.count();
        double waitMs = Math.max(0, ttft.mean() - fromSend.mean());
        LatencyDecomposition.fromMeans(n, e2e.mean(), ttft.mean(), fromSend.mean()).ifPresent(s -> {
            List<String> notes = new ArrayList<>(s.notes());
            if (ttft.count() != n) {
                notes.add(String.format(Locale.ROOT, "%d of %d successful requests had no first token: the shares mix populations",
                        n - ttft.count(), n));
            }
            notes.add("from the run's histogram means (3 significant digits)");
            views.add(shares(s, notes));
        });
        Optional<ServerSection> server = report.section(ServerSection.class);
        Optional<EngineSnapshotSection> engine = report.section(EngineSnapshotSection.class);
        ServerStageTimes stages = null;
        String stagesSource = null;
        String serverAbsent = null;
        if (engine.isPresent() && engine.get().stages().known()) {
            EngineSnapshotSection.Stages e = engine.get().stages();
            stages = times(e.requests(), e.queueMs(), e.prefillMs(), e.decodeMs(), e.e2eMs());
            stagesSource = "engine (" + engine.get().source() + ", exact per-request stages)";
        } else if (server.isPresent() && server.get().stages().known()) {
            ServerSection.Stages p = server.get().stages();
            stages = times(p.requests(), p.queueMs(), p.prefillMs(), p.decodeMs(), p.e2eMs());
            stagesSource = "server (" + (server.get().source() == null ? "unknown" : server.get().source()) + " histograms)";
        } else if (engine.isPresent()) {
            serverAbsent = "the engine completed no request during the run";
        } else if (server.isPresent()) {
            serverAbsent = server.get().stages().missing() == null ? "the server's stages are not known" : server.get().stages().missing();
        } else {
            serverAbsent = "no server metrics (no server section: --server-metrics-url) and the backend is not its own engine";
        }
        if (stages != null) {
            String source = stagesSource;
            LatencyDecomposition.fromServer(stages, source).ifPresent(s -> views.add(shares(s, s.notes())));
            LatencyDecomposition.combined(n, e2e.mean(), waitMs, stages).ifPresent(s -> views.add(shares(s, s.notes())));
        }
        Optional<ColdStartSection> cs = report.section(ColdStartSection.class);
        ColdStart cold = cs.map(p -> new ColdStart(p.coldStartRequests(), p.coldStart().ttftMs(), p.coldStart().e2eMs(),
                p.steady().ttftMs(), p.steady().e2eMs())).orElse(null);
        String coldAbsent = cold != null ? null
                : "no coldStart section: every run records cold start against steady state from its requests since this "
                        + "version; this report was written before, or by a run without one";
        double jit = cs.map(ColdStartSection::jitCompileMs).filter(Double::isFinite)
                .or(() -> report.section(HostSection.class).map(h -> h.jit().compileMs()).map(Long::doubleValue))
                .orElse(Double.NaN);
        return new DecompositionSection(views, serverAbsent, cold, coldAbsent, jit, indices(engine));
    }

    private static ServerStageTimes times(long n, double q, double p, double d, double e) {
        return new ServerStageTimes(total(q, n), total(p, n), total(d, n), Double.isFinite(e) ? total(e, n) : null);
    }

    private static StageTotal total(double meanMs, long n) {
        return new StageTotal(Math.max(0, meanMs) * n / 1000, n);
    }

    private static Shares shares(StageShares s, List<String> notes) {
        return new Shares(s.source(), s.requests(), s.meanE2eMs(), s.queueing(), s.prefill(), s.decode(), s.other(), notes);
    }

    private static List<Index> indices(Optional<EngineSnapshotSection> engine) {
        OptionalDouble bytes = engine.map(e -> e.memoryTraffic().bytes()).filter(Double::isFinite)
                .map(OptionalDouble::of).orElse(OptionalDouble.empty());
        double seconds = engine.map(EngineSnapshotSection::elapsedSeconds).orElse(Double.NaN);
        double peak = engine.map(e -> e.memoryTraffic().peakBandwidth()).orElse(Double.NaN);
        List<Index> out = new ArrayList<>();
        MemoryIndices.IndexSet set;
        if (bytes.isPresent() && !(seconds > 0)) {
            set = new MemoryIndices.IndexSet(IndexValue.absent("NMI", "the engine's window has no length"),
                    MemoryIndices.sle(null), MemoryIndices.sleNormalised(null), IndexValue.absent("Q", MemoryIndices.Q_ABSENT));
        } else {
            try {
                set = MemoryIndices.report(bytes, bytes.isPresent() ? seconds : 1, peak, null);
            } catch (IllegalArgumentException e) {
                set = new MemoryIndices.IndexSet(IndexValue.absent("NMI", e.getMessage()), MemoryIndices.sle(null),
                        MemoryIndices.sleNormalised(null), IndexValue.absent("Q", MemoryIndices.Q_ABSENT));
            }
        }
        if (engine.isPresent()) {
            EngineSnapshotSection e = engine.get();
            EngineSnapshotSection.MemoryTraffic t = e.memoryTraffic();
            if (Double.isFinite(t.kvReadEntropyBits()) && t.kvBlocks() >= 2) {
                double bits = t.kvReadEntropyBits();
                double normalised = bits / (Math.log(t.kvBlocks()) / Math.log(2));
                IndexValue sle = IndexValue.of(SLE, bits);
                set = new MemoryIndices.IndexSet(set.nmi(), sle, IndexValue.of(SLE_NORMALISED, normalised), set.q());
            } else {
                String why = "the " + e.source() + " engine did not count its reads per KV block (or read none during the run); "
                        + "SLE needs per-line access counts";
                set = new MemoryIndices.IndexSet(set.nmi(), IndexValue.absent("SLE", why), IndexValue.absent("SLE/log2 N", why),
                        set.q());
            }
        }
        for (IndexValue v : List.of(set.nmi(), set.sle(), set.sleNormalised(), set.q())) {
            out.add(new Index(v.name(), v.value(), v.absentReason().orElse(null)));
        }
        return out;
    }
}
