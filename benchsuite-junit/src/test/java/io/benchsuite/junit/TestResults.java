package io.benchsuite.junit;

import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.run.Environment;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.RunResult;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Run results with exactly known figures, so assertion messages can be checked to the digit. */
final class TestResults {
    private TestResults() {}

    /**
     * A result whose every latency metric holds {@code millis} (one value per successful request),
     * with {@code failed} extra failed requests and the given throughput.
     */
    static RunResult of(String name, long[] millis, long failed, double outputTokensPerSecond, Slo slo, long sloMet) {
        LatencyHistograms.Builder b = LatencyHistograms.builder();
        for (long ms : millis) {
            for (LatencyMetric metric : LatencyMetric.values()) b.record(metric, ms * 1_000_000L);
        }
        LatencyHistograms h = b.build();
        long ok = millis.length;
        long measured = ok + failed;
        double seconds = 10;
        RunSummary.Counts counts = new RunSummary.Counts(measured, 0, 0, measured, ok, failed, 0, 0, 0);
        RunSummary.Throughput tp = new RunSummary.Throughput(ok / seconds, outputTokensPerSecond, outputTokensPerSecond * 2);
        RunSummary.Goodput gp = slo.isEmpty() ? new RunSummary.Goodput(slo, 0, Double.NaN, Double.NaN)
                : new RunSummary.Goodput(slo, sloMet, sloMet / seconds, (double) sloMet / measured);
        Map<LatencyMetric, LatencyStats> latencies = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric m : LatencyMetric.values()) latencies.put(m, h.stats(m));
        RunSummary s = new RunSummary(counts, seconds, Double.NaN, measured / seconds, measured / seconds, tp, latencies,
                gp, failed > 0 ? Map.of("http_5xx", failed) : Map.of(),
                new RunSummary.Tokens(ok * 10, (long) (outputTokensPerSecond * seconds), 0, 0, 0));
        Workload w = Workload.closed(1).maxRequests(measured).build();
        SeedChain seed = SeedChain.fromLong(1);
        RunInfo info = new RunInfo(name, w, seed, seed.scenario(name), new BackendInfo("test", "m", "in-process", Map.of()),
                Map.of(), slo, "cl100k_base", Instant.parse("2025-01-01T00:00:00Z"), Environment.current(), Map.of());
        return new RunResult(info, RunResult.Status.COMPLETED, Instant.parse("2025-01-01T00:00:10Z"), s, h, List.of(),
                List.of(), Map.of(), null, null);
    }

    /** 100 requests with latencies 1..100 ms, none failed, 1000 tokens/s. */
    static RunResult oneToHundred(String name) {
        return of(name, range(1, 100), 0, 1000, Slo.none(), 0);
    }

    static long[] range(long from, long to) {
        long[] v = new long[(int) (to - from + 1)];
        for (int i = 0; i < v.length; i++) v[i] = from + i;
        return v;
    }
}
