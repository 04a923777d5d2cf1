package io.benchsuite.metrics;

import java.util.List;

/**
 * The names of the 28 live metrics {@link BenchsuiteMetrics} publishes, exactly as registered
 * (Prometheus adds {@code _total} to counters and {@code _seconds} to timers). Each is described
 * in {@code docs/metrics.md}.
 */
public final class MetricNames {
    public static final String REQUESTS = "requests";
    public static final String ACTIVE_REQUESTS = "active_requests";
    public static final String QUEUED_REQUESTS = "queued_requests";
    public static final String SCHEDULE_LAG = "schedule_lag";
    public static final String TTFT = "ttft";
    /** Time to first answer token: a reasoning model's first token after its thinking (TTFT without reasoning). */
    public static final String TTFAT = "ttfat";
    public static final String ITL = "itl";
    public static final String TPOT = "tpot";
    public static final String E2E_LATENCY = "e2e_latency";
    public static final String LATENCY_P50 = "latency_p50";
    public static final String LATENCY_P90 = "latency_p90";
    public static final String LATENCY_P99 = "latency_p99";
    public static final String INPUT_TOKENS = "input_tokens";
    public static final String OUTPUT_TOKENS = "output_tokens";
    public static final String OUTPUT_TOKENS_PER_SECOND = "output_tokens_per_second";
    public static final String REQUESTS_PER_SECOND = "requests_per_second";
    public static final String GOODPUT = "goodput";
    public static final String ERRORS = "errors";
    public static final String KV_CACHE_USAGE = "kv_cache_usage_ratio";
    public static final String PREFIX_CACHE_HIT_RATE = "prefix_cache_hit_rate";
    public static final String SERVER_WAITING_REQUESTS = "server_waiting_requests";
    public static final String GPU_UTIL_PCT = "gpu_util_pct";
    public static final String GPU_MEMORY_USED = "gpu_memory_used_bytes";
    public static final String GPU_POWER = "gpu_power_watts";
    public static final String PROCESS_CPU_PCT = "process_cpu_pct";
    public static final String HOST_CPU_PCT = "host_cpu_pct";
    public static final String MEMORY_PEAK = "memory_peak_bytes";
    public static final String MEMORY_FRAGMENTATION_RATIO = "memory_fragmentation_ratio";

    /** All 28, in the order of {@code docs/metrics.md}. */
    public static final List<String> ALL = List.of(REQUESTS, ACTIVE_REQUESTS, QUEUED_REQUESTS, SCHEDULE_LAG, TTFT, TTFAT,
            ITL, TPOT, E2E_LATENCY, LATENCY_P50, LATENCY_P90, LATENCY_P99, INPUT_TOKENS, OUTPUT_TOKENS,
            OUTPUT_TOKENS_PER_SECOND, REQUESTS_PER_SECOND, GOODPUT, ERRORS, KV_CACHE_USAGE, PREFIX_CACHE_HIT_RATE,
            SERVER_WAITING_REQUESTS, GPU_UTIL_PCT, GPU_MEMORY_USED, GPU_POWER, PROCESS_CPU_PCT, HOST_CPU_PCT,
            MEMORY_PEAK, MEMORY_FRAGMENTATION_RATIO);

    private MetricNames() {}
}
