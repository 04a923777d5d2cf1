package io.benchsuite.test;

import java.util.Map;

/** Display names of the histogram metrics in failure messages. */
final class MetricNames {
    private static final Map<String, String> DISPLAY = Map.of("ttft", "TTFT", "ttftFromSend", "TTFT from send",
            "itl", "ITL", "tpot", "TPOT", "e2e", "E2E", "scheduleLag", "schedule lag", "dispatchLag", "dispatch lag",
            "slotWait", "slot wait");

    private MetricNames() {}

    static String display(String metric) {
        return DISPLAY.getOrDefault(metric, metric);
    }

    /** {@code p99}, {@code p99.9}, {@code p50}. */
    static String percentile(double p) {
        return "p" + java.math.BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
    }
}
