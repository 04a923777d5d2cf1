package io.benchsuite.core.analysis.decomposition;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Phase;
import java.util.List;

/**
 * Cold start against steady state: the first {@code k} requests of a run by schedule index (whatever their
 * phase, since warm-up is exactly where a cold start shows) against the rest, cool-down excluded. Means are
 * over successful requests with a first token; latencies from the scheduled instant.
 *
 * @param coldStartRequests k, the requests counted as cold start
 * @param cold the first k
 * @param steady the rest
 * @param ttftRatio cold mean TTFT ÷ steady mean TTFT, NaN when either group is empty
 * @param e2eRatio cold mean E2E ÷ steady mean E2E, NaN when either group is empty
 */
public record ColdStartComparison(int coldStartRequests, Group cold, Group steady, double ttftRatio, double e2eRatio) {

    /**
     * One group's means.
     *
     * @param requests successful requests in the group
     * @param meanTtftMs mean time to first token, NaN when empty
     * @param meanE2eMs mean end-to-end latency, NaN when empty
     */
    public record Group(long requests, double meanTtftMs, double meanE2eMs) {}

    /**
     * Compares the first {@code coldStartRequests} requests with the rest.
     *
     * @param records the run's requests
     * @param coldStartRequests how many leading requests count as cold start, above 0
     * @return the comparison
     */
    public static ColdStartComparison of(List<RequestRecord> records, int coldStartRequests) {
        notNull(records, "records");
        positive(coldStartRequests, "coldStartRequests");
        long nc = 0, ns = 0;
        double ttftC = 0, e2eC = 0, ttftS = 0, e2eS = 0;
        for (RequestRecord r : records) {
            if (!r.succeeded() || r.firstTokenOffsetNanos() < 0) continue;
            if (r.index() < coldStartRequests) {
                nc++;
                ttftC += r.ttftNanos();
                e2eC += r.e2eNanos();
            } else if (r.phase() != Phase.COOLDOWN) {
                ns++;
                ttftS += r.ttftNanos();
                e2eS += r.e2eNanos();
            }
        }
        Group cold = new Group(nc, nc == 0 ? Double.NaN : ttftC / nc / 1e6, nc == 0 ? Double.NaN : e2eC / nc / 1e6);
        Group steady = new Group(ns, ns == 0 ? Double.NaN : ttftS / ns / 1e6, ns == 0 ? Double.NaN : e2eS / ns / 1e6);
        return new ColdStartComparison(coldStartRequests, cold, steady, cold.meanTtftMs() / steady.meanTtftMs(),
                cold.meanE2eMs() / steady.meanE2eMs());
    }
}
