package io.benchsuite.metrics.server;

/**
 * The figures of one scrape of a server's {@code /metrics}, in benchsuite's terms. NaN (or a null
 * histogram) where the server does not expose the figure.
 *
 * @param running requests the server is running
 * @param waiting requests queued in the server
 * @param kvCacheUsage fraction of the KV cache in use, 0..1
 * @param prefixCacheQueries cumulative prefix-cache queries (tokens, for vLLM)
 * @param prefixCacheHits cumulative prefix-cache hits
 * @param prefixCacheHitRateGauge a hit rate the server computes itself (SGLang), 0..1
 * @param preemptions cumulative preemptions (SGLang: retracted requests)
 * @param promptTokens cumulative prompt tokens
 * @param generationTokens cumulative generated tokens
 * @param ttft the server's time-to-first-token histogram (seconds), cumulative
 * @param itl the server's inter-token latency histogram (seconds), cumulative
 * @param queueTime the server's request queue-time histogram (seconds), cumulative
 * @param prefillTime the server's request prefill-time histogram (seconds), cumulative
 * @param decodeTime the server's request decode-time histogram (seconds), cumulative
 * @param e2eTime the server's end-to-end request latency histogram (seconds), cumulative
 * @param specDecode the server's speculative-decoding counters and gauges ({@link SpecDecodeSnapshot#NONE} when absent)
 * @param abortedRequests cumulative requests the server finished as aborted; NaN when not exposed
 */
public record ServerSnapshot(double running, double waiting, double kvCacheUsage, double prefixCacheQueries,
                             double prefixCacheHits, double prefixCacheHitRateGauge, double preemptions,
                             double promptTokens, double generationTokens, PrometheusText.Histogram ttft,
                             PrometheusText.Histogram itl, PrometheusText.Histogram queueTime,
                             PrometheusText.Histogram prefillTime, PrometheusText.Histogram decodeTime,
                             PrometheusText.Histogram e2eTime, SpecDecodeSnapshot specDecode, double abortedRequests) {
    /**
     * @param running requests the server is running
     * @param waiting requests queued in the server
     * @param kvCacheUsage fraction of the KV cache in use, 0..1
     * @param prefixCacheQueries cumulative prefix-cache queries
     * @param prefixCacheHits cumulative prefix-cache hits
     * @param prefixCacheHitRateGauge a hit rate the server computes itself, 0..1
     * @param preemptions cumulative preemptions
     * @param promptTokens cumulative prompt tokens
     * @param generationTokens cumulative generated tokens
     * @param ttft time-to-first-token histogram
     * @param itl inter-token latency histogram
     * @param queueTime queue-time histogram
     * @param prefillTime prefill-time histogram
     * @param decodeTime decode-time histogram
     * @param e2eTime end-to-end latency histogram
     * @param specDecode speculative-decoding figures, null read as {@link SpecDecodeSnapshot#NONE}
     * @param abortedRequests cumulative aborted requests
     */
    public ServerSnapshot {
        specDecode = specDecode == null ? SpecDecodeSnapshot.NONE : specDecode;
    }

    /** A scrape without speculative-decoding metrics. */
    public ServerSnapshot(double running, double waiting, double kvCacheUsage, double prefixCacheQueries,
                          double prefixCacheHits, double prefixCacheHitRateGauge, double preemptions,
                          double promptTokens, double generationTokens, PrometheusText.Histogram ttft,
                          PrometheusText.Histogram itl, PrometheusText.Histogram queueTime,
                          PrometheusText.Histogram prefillTime, PrometheusText.Histogram decodeTime,
                          PrometheusText.Histogram e2eTime) {
        this(running, waiting, kvCacheUsage, prefixCacheQueries, prefixCacheHits, prefixCacheHitRateGauge, preemptions,
                promptTokens, generationTokens, ttft, itl, queueTime, prefillTime, decodeTime, e2eTime, null, Double.NaN);
    }
}
