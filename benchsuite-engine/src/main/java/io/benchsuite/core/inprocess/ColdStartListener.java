package io.benchsuite.core.inprocess;

import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.report.model.ColdStartSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Cold start against steady state of a run, as the report section {@code coldStart} ({@link ColdStartSection}): cold
 * start (the first {@code coldStartRequests} requests by schedule index, while classes load and the
 * JIT compiles) against steady state (the rest, cool-down excluded), the JIT compile time spent
 * during the run, and how end-to-end latency splits into queueing (schedule lag: dispatcher and
 * worker-pool wait), prefill (first token from send) and decode (first token to end). Every run has it:
 * over HTTP the cold start is the server's (model warm-up, first compilations, new connections) as the
 * client sees it, from the request records alone; the JIT compile time is this JVM's, so it is the model's
 * only for an in-process backend and is left out ({@code null}) for one that runs elsewhere
 * ({@link #ColdStartListener(int, boolean)}).
 *
 * <pre>{@code
 * "coldStart": {"coldStartRequests": 10,
 *               "coldStart": {"requests": 10, "ttftMs": 41.2, "e2eMs": 80.3},
 *               "steady":    {"requests": 190, "ttftMs": 3.1, "e2eMs": 9.8},
 *               "jitCompileMs": 812,
 *               "shares": {"queueing": 0.02, "prefill": 0.31, "decode": 0.67}}
 * }</pre>
 *
 * Means are over successful requests, latencies from the scheduled instant; requests are folded into
 * sums as they finish, so memory does not grow with the run. A figure that could not be measured (no
 * requests in the group; a JVM without compilation-time monitoring) is {@code null} in the report.
 * Add one instance per run with {@code Benchmark.Builder.listener(...)}.
 */
public final class ColdStartListener implements RunListener {
    /** The cold-start group of the listener a run adds by itself for an in-process backend: the first 10 requests. */
    public static final int DEFAULT_COLD_START_REQUESTS = 10;

    private final int coldStartRequests;
    private final CompilationMXBean compiler;
    private volatile long compileMillisAtStart = -1;
    private final Sums cold = new Sums();
    private final Sums steady = new Sums();
    private long queue;
    private long prefill;
    private long decode;
    private long e2e;

    /** Counts the first {@code coldStartRequests} requests (by schedule index) as cold start; the model runs in this JVM. */
    public ColdStartListener(int coldStartRequests) {
        this(coldStartRequests, true);
    }

    /**
     * Counts the first {@code coldStartRequests} requests (by schedule index) as cold start.
     *
     * @param coldStartRequests how many leading requests are cold start
     * @param modelInThisJvm whether the model runs in this JVM, so that its JIT compile time is the model's
     *     (otherwise the section leaves the JIT time out)
     */
    public ColdStartListener(int coldStartRequests, boolean modelInThisJvm) {
        this.coldStartRequests = positive(coldStartRequests, "coldStartRequests");
        CompilationMXBean c = ManagementFactory.getCompilationMXBean();
        this.compiler = modelInThisJvm && c != null && c.isCompilationTimeMonitoringSupported() ? c : null;
    }

    @Override
    public void onRunStarted(RunInfo info) {
        if (compiler != null) compileMillisAtStart = compiler.getTotalCompilationTime();
    }

    @Override
    public synchronized void onRequestFinished(RequestRecord r) {
        if (!r.succeeded() || r.firstTokenOffsetNanos() < 0) return;
        if (r.index() < coldStartRequests) cold.add(r);
        else if (r.window() != Window.COOL_DOWN) steady.add(r);
        queue += Math.max(0, r.scheduleLagNanos());
        prefill += r.ttftFromSendNanos();
        decode += r.endOffsetNanos() - r.firstTokenOffsetNanos();
        e2e += r.e2eNanos();
    }

    /** The figures so far. */
    public synchronized ColdStartSection section() {
        double jit = compiler == null || compileMillisAtStart < 0 ? Double.NaN
                : (double) (compiler.getTotalCompilationTime() - compileMillisAtStart);
        ColdStartSection.Shares shares = e2e <= 0 ? null
                : new ColdStartSection.Shares((double) queue / e2e, (double) prefill / e2e, (double) decode / e2e);
        return new ColdStartSection(coldStartRequests, cold.stats(), steady.stats(), jit, shares);
    }

    @Override
    public List<ReportSection> reportSections() {
        return List.of(section());
    }

    /** Sums over a group of successful requests. */
    private static final class Sums {
        long n;
        long ttft;
        long e2e;

        void add(RequestRecord r) {
            n++;
            ttft += r.ttftNanos();
            e2e += r.e2eNanos();
        }

        ColdStartSection.Group stats() {
            return n == 0 ? new ColdStartSection.Group(0, Double.NaN, Double.NaN)
                    : new ColdStartSection.Group(n, ttft / 1e6 / n, e2e / 1e6 / n);
        }
    }
}
