package io.benchsuite.cli;

import io.benchsuite.api.result.Slo;
import java.time.Duration;
import java.util.Locale;

/**
 * The SLO the CLI judges goodput against when {@code --slo} is not given: MLPerf Inference's
 * server-scenario latency limits for the Llama model closest in size to the one benchmarked
 * ({@code loadgen/mlperf.conf} of mlcommons/inference, where they are 99th-percentile limits on
 * TTFT and TPOT; here each request must meet them to count). The library sets no default: a run
 * without an SLO has no goodput; the CLI applies this one and says so in the summary and report.
 *
 * @param slo the objectives
 * @param basis where they come from, recorded as the report's {@code config.sloBasis}
 */
record DefaultSlo(Slo slo, String basis) {

    /**
     * The default for a model name: {@code llama3_1-405b} limits (TTFT 6 s, TPOT 175 ms) for a name with
     * {@code 405b}, {@code llama2-70b} (2 s, 200 ms) for {@code 70b}, and {@code llama3_1-8b} (2 s, 100 ms) otherwise.
     */
    static DefaultSlo forModel(String model) {
        String m = model == null ? "" : model.toLowerCase(Locale.ROOT);
        if (m.contains("405b")) return of("llama3_1-405b", 6000, 175);
        if (m.contains("70b")) return of("llama2-70b", 2000, 200);
        return of("llama3_1-8b", 2000, 100);
    }

    private static DefaultSlo of(String benchmark, long ttftMs, long tpotMs) {
        return new DefaultSlo(new Slo(Duration.ofMillis(ttftMs), Duration.ofMillis(tpotMs), null),
                "MLPerf Inference server-scenario limits for " + benchmark + ", TTFT " + ttftMs + " ms and TPOT "
                        + tpotMs + " ms (mlcommons/inference loadgen/mlperf.conf)");
    }
}
