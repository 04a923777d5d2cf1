package io.benchsuite.core.analysis.orthogonality;

/**
 * The twelve headline metrics of SPEC §4, in the order the report leads with them. Each has a stable key
 * (for JSON), a label and a unit, and says whether a larger value is better (which the Pareto front and
 * the report's colouring use).
 */
public enum HeadlineMetric {
    /** Time to first token (a percentile the report states, e.g. p50), milliseconds. */
    TTFT("ttft", "TTFT", "ms", false),
    /** Time per output token / inter-token latency, milliseconds. */
    TPOT("tpot", "TPOT/ITL", "ms", false),
    /** End-to-end request latency, milliseconds. */
    E2E("e2e", "E2E latency", "ms", false),
    /** Output tokens per second. */
    OUTPUT_THROUGHPUT("outputThroughput", "output throughput", "tok/s", true),
    /** Requests per second meeting the SLOs. */
    GOODPUT("goodput", "goodput", "req/s", true),
    /** Prefix (KV) cache hit rate, 0 to 1. */
    KV_CACHE_HIT_RATE("kvCacheHitRate", "KV-cache hit rate", "ratio", true),
    /** Peak device (or process) memory, bytes. */
    MEMORY_PEAK("memoryPeak", "memory peak", "B", false),
    /** Memory fragmentation ratio, 1 − largest free block ÷ total free, 0 to 1. */
    MEMORY_FRAGMENTATION("memoryFragmentation", "memory fragmentation", "ratio", false),
    /** Compile and warm-up time, milliseconds. */
    WARMUP_TIME("warmupTime", "compile/warm-up time", "ms", false),
    /** JIT hit rate (1 − recompile ratio), 0 to 1. */
    JIT_HIT_RATE("jitHitRate", "JIT hit rate", "ratio", true),
    /** Peak CPU utilisation, 0 to 1 of all cores. */
    CPU_PEAK("cpuPeak", "CPU peak", "ratio", false),
    /** Energy per output token, joules. */
    ENERGY_PER_TOKEN("energyPerToken", "energy per token", "J/tok", false);

    private final String key;
    private final String label;
    private final String unit;
    private final boolean higherIsBetter;

    HeadlineMetric(String key, String label, String unit, boolean higherIsBetter) {
        this.key = key;
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    /**
     * The JSON key, e.g. {@code energyPerToken}.
     *
     * @return the key
     */
    public String key() {
        return key;
    }

    /**
     * The name in reports, e.g. {@code energy per token}.
     *
     * @return the label
     */
    public String label() {
        return label;
    }

    /**
     * The unit of its values.
     *
     * @return the unit
     */
    public String unit() {
        return unit;
    }

    /**
     * Whether a larger value is better.
     *
     * @return true for throughput, goodput and the hit rates
     */
    public boolean higherIsBetter() {
        return higherIsBetter;
    }
}
