package io.benchsuite.backends.inprocess;

import static io.benchsuite.api.util.Checks.positive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Phase;
import io.benchsuite.core.RunInfo;
import io.benchsuite.core.RunListener;
import io.benchsuite.core.report.Json;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The three-phase view of an in-process run, as the report section {@value #SECTION}: cold start
 * (the first {@code coldStartRequests} requests, while classes load and the JIT compiles) against
 * steady state (the rest, cool-down excluded), the JIT compile time spent during the run, and how
 * end-to-end latency splits into queueing (schedule lag: dispatcher and worker-pool wait), prefill
 * (first token from send) and decode (first token to end).
 *
 * <pre>{@code
 * "phases": {"coldStartRequests": 10,
 *            "coldStart": {"requests": 10, "ttftMs": 41.2, "e2eMs": 80.3},
 *            "steady":    {"requests": 190, "ttftMs": 3.1, "e2eMs": 9.8},
 *            "jitCompileMs": 812,
 *            "shares": {"queueing": 0.02, "prefill": 0.31, "decode": 0.67}}
 * }</pre>
 *
 * Means are over successful requests, latencies from the scheduled instant. A figure that could not
 * be measured (no requests in the group; a JVM without compilation-time monitoring) is {@code null}.
 * Add one instance per run with {@code Benchmark.Builder.listener(...)}.
 */
public final class PhasesListener implements RunListener {
    /** The report key. */
    public static final String SECTION = "phases";

    private final int coldStartRequests;
    private final CompilationMXBean compiler;
    private final List<RequestRecord> records = new ArrayList<>();
    private volatile long compileMillisAtStart = -1;

    /** Counts the first {@code coldStartRequests} requests (by schedule index) as cold start. */
    public PhasesListener(int coldStartRequests) {
        this.coldStartRequests = positive(coldStartRequests, "coldStartRequests");
        CompilationMXBean c = ManagementFactory.getCompilationMXBean();
        this.compiler = c != null && c.isCompilationTimeMonitoringSupported() ? c : null;
    }

    @Override
    public void onRunStarted(RunInfo info) {
        if (compiler != null) compileMillisAtStart = compiler.getTotalCompilationTime();
    }

    @Override
    public synchronized void onRequestFinished(RequestRecord record) {
        records.add(record);
    }

    /** The figures so far. */
    public synchronized Phases phases() {
        Group cold = new Group();
        Group steady = new Group();
        long queue = 0, prefill = 0, decode = 0, e2e = 0;
        for (RequestRecord r : records) {
            if (!r.succeeded() || r.firstTokenOffsetNanos() < 0) continue;
            if (r.index() < coldStartRequests) cold.add(r);
            else if (r.phase() != Phase.COOLDOWN) steady.add(r);
            queue += Math.max(0, r.scheduleLagNanos());
            prefill += r.ttftFromSendNanos();
            decode += r.endOffsetNanos() - r.firstTokenOffsetNanos();
            e2e += r.e2eNanos();
        }
        Double jit = compiler == null || compileMillisAtStart < 0 ? null
                : (double) (compiler.getTotalCompilationTime() - compileMillisAtStart);
        Shares shares = e2e <= 0 ? null : new Shares((double) queue / e2e, (double) prefill / e2e, (double) decode / e2e);
        return new Phases(coldStartRequests, cold.stats(), steady.stats(), jit, shares);
    }

    @Override
    public Map<String, JsonNode> reportSections() {
        return Map.of(SECTION, phases().toJson());
    }

    /**
     * The three-phase figures.
     *
     * @param coldStartRequests how many leading requests count as cold start
     * @param coldStart means over the cold-start requests
     * @param steady means over the rest
     * @param jitCompileMs JIT compile time during the run in ms, or null where the JVM cannot say
     * @param shares shares of summed E2E latency, or null with no successful request
     */
    public record Phases(int coldStartRequests, GroupStats coldStart, GroupStats steady, Double jitCompileMs,
                         Shares shares) {
        /** The JSON form written to the report. */
        public ObjectNode toJson() {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("coldStartRequests", coldStartRequests);
            o.set("coldStart", coldStart.toJson());
            o.set("steady", steady.toJson());
            putNullable(o, "jitCompileMs", jitCompileMs);
            if (shares == null) {
                o.putNull("shares");
            } else {
                ObjectNode s = o.putObject("shares");
                s.put("queueing", shares.queueing());
                s.put("prefill", shares.prefill());
                s.put("decode", shares.decode());
            }
            return o;
        }
    }

    /**
     * Means over a group of successful requests.
     *
     * @param requests successful requests in the group
     * @param ttftMs mean time to first token in ms, or null with none
     * @param e2eMs mean end-to-end latency in ms, or null with none
     */
    public record GroupStats(long requests, Double ttftMs, Double e2eMs) {
        ObjectNode toJson() {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("requests", requests);
            putNullable(o, "ttftMs", ttftMs);
            putNullable(o, "e2eMs", e2eMs);
            return o;
        }
    }

    /**
     * Where end-to-end time went, as fractions of the summed E2E latency (they add up to 1).
     *
     * @param queueing scheduled instant to send (dispatcher lateness, waiting for a worker)
     * @param prefill send to first token
     * @param decode first token to end
     */
    public record Shares(double queueing, double prefill, double decode) {}

    private static void putNullable(ObjectNode o, String key, Double v) {
        if (v == null || v.isNaN()) o.putNull(key);
        else o.put(key, v);
    }

    private static final class Group {
        long n;
        long ttft;
        long e2e;

        void add(RequestRecord r) {
            n++;
            ttft += r.ttftNanos();
            e2e += r.e2eNanos();
        }

        GroupStats stats() {
            return n == 0 ? new GroupStats(0, null, null) : new GroupStats(n, ttft / 1e6 / n, e2e / 1e6 / n);
        }
    }
}
