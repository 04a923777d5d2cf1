package io.benchsuite.metrics.server;

import java.util.List;
import java.util.Locale;

/**
 * The metric names of one serving stack, mapped to the figures benchsuite reports. Detected from
 * the names a server exposes ({@link #detect}); each figure lists the names tried in order
 * (current name first, older names after), so one map covers several server versions.
 */
public enum ServerDialect {
    /**
     * vLLM ({@code vllm:} prefix). V1 names first ({@code vllm/v1/metrics/loggers.py}); V0 names after them:
     * {@code gpu_cache_usage_perc} (renamed {@code kv_cache_usage_perc} in V1), {@code gpu_prefix_cache_queries/hits},
     * the {@code gpu_prefix_cache_hit_rate} gauge, {@code time_per_output_token_seconds} (V1: {@code inter_token_latency_seconds}).
     */
    VLLM("vllm:",
            List.of("vllm:num_requests_running"),
            List.of("vllm:num_requests_waiting"),
            List.of("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"),
            List.of("vllm:prefix_cache_queries", "vllm:gpu_prefix_cache_queries"),
            List.of("vllm:prefix_cache_hits", "vllm:gpu_prefix_cache_hits"),
            List.of("vllm:gpu_prefix_cache_hit_rate"),
            List.of("vllm:num_preemptions"),
            List.of("vllm:prompt_tokens"),
            List.of("vllm:generation_tokens"),
            List.of("vllm:time_to_first_token_seconds"),
            List.of("vllm:inter_token_latency_seconds", "vllm:time_per_output_token_seconds")),
    /**
     * SGLang ({@code sglang:} prefix, {@code python/sglang/srt/metrics/collector.py}). SGLang exposes its
     * prefix-cache hit rate as a gauge; retractions are its preemptions (the counter
     * {@code num_retracted_requests_total} in current versions, a gauge {@code num_retracted_reqs} before).
     */
    SGLANG("sglang:",
            List.of("sglang:num_running_reqs"),
            List.of("sglang:num_queue_reqs"),
            List.of("sglang:token_usage"),
            List.of(),
            List.of(),
            List.of("sglang:cache_hit_rate"),
            List.of("sglang:num_retracted_requests", "sglang:num_retracted_reqs"),
            List.of("sglang:prompt_tokens"),
            List.of("sglang:generation_tokens"),
            List.of("sglang:time_to_first_token_seconds"),
            List.of("sglang:inter_token_latency_seconds", "sglang:time_per_output_token_seconds")),
    /**
     * Hugging Face TGI ({@code tgi_} prefix, {@code docs/source/reference/metrics.md}). TGI publishes no KV-cache,
     * prefix-cache or TTFT metric; its per-request mean time per token stands in for ITL.
     */
    TGI("tgi_",
            List.of("tgi_batch_current_size"),
            List.of("tgi_queue_size"),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of("tgi_request_mean_time_per_token_duration")),
    /**
     * llama.cpp server ({@code llamacpp:} prefix, {@code --metrics}; {@code tools/server/README.md}). Current builds
     * publish no KV-cache usage; {@code kv_cache_usage_ratio} is read from the builds that had it.
     */
    LLAMACPP("llamacpp:",
            List.of("llamacpp:requests_processing"),
            List.of("llamacpp:requests_deferred"),
            List.of("llamacpp:kv_cache_usage_ratio"),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of("llamacpp:prompt_tokens"),
            List.of("llamacpp:tokens_predicted"),
            List.of(),
            List.of()),
    /**
     * TensorRT-LLM's {@code trtllm-serve} ({@code trtllm_} prefix, {@code tensorrt_llm/metrics/collector.py}),
     * served at {@code /prometheus/metrics} (its {@code /metrics} is JSON iteration statistics). Its KV-cache
     * hit rate is a gauge; its time per output token stands in for ITL.
     */
    TRTLLM("trtllm_",
            List.of("trtllm_num_requests_running"),
            List.of("trtllm_num_requests_waiting"),
            List.of("trtllm_kv_cache_utilization"),
            List.of(),
            List.of(),
            List.of("trtllm_kv_cache_hit_rate"),
            List.of(),
            List.of("trtllm_prompt_tokens"),
            List.of("trtllm_generation_tokens"),
            List.of("trtllm_time_to_first_token_seconds"),
            List.of("trtllm_time_per_output_token_seconds"));

    private final String prefix;
    private final List<String> running;
    private final List<String> waiting;
    private final List<String> kvCacheUsage;
    private final List<String> prefixQueries;
    private final List<String> prefixHits;
    private final List<String> prefixHitRateGauge;
    private final List<String> preemptions;
    private final List<String> promptTokens;
    private final List<String> generationTokens;
    private final List<String> ttft;
    private final List<String> itl;

    ServerDialect(String prefix, List<String> running, List<String> waiting, List<String> kvCacheUsage,
                  List<String> prefixQueries, List<String> prefixHits, List<String> prefixHitRateGauge,
                  List<String> preemptions, List<String> promptTokens, List<String> generationTokens,
                  List<String> ttft, List<String> itl) {
        this.prefix = prefix;
        this.running = running;
        this.waiting = waiting;
        this.kvCacheUsage = kvCacheUsage;
        this.prefixQueries = prefixQueries;
        this.prefixHits = prefixHits;
        this.prefixHitRateGauge = prefixHitRateGauge;
        this.preemptions = preemptions;
        this.promptTokens = promptTokens;
        this.generationTokens = generationTokens;
        this.ttft = ttft;
        this.itl = itl;
    }

    /** Lower-case name used in reports ({@code vllm}, {@code sglang}, {@code tgi}, {@code llamacpp}, {@code trtllm}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The dialect whose prefix most sample names carry, or null when none does. */
    public static ServerDialect detect(PrometheusText text) {
        ServerDialect best = null;
        long bestCount = 0;
        for (ServerDialect d : values()) {
            long n = text.names().stream().filter(x -> x.startsWith(d.prefix)).count();
            if (n > bestCount) {
                best = d;
                bestCount = n;
            }
        }
        return best;
    }

    /** The figures of one scrape in this dialect; NaN (or null histograms) for what the server does not expose. */
    public ServerSnapshot read(PrometheusText t) {
        List<String> stages = stageHistograms();
        return new ServerSnapshot(gauge(t, running, false), gauge(t, waiting, false), gauge(t, kvCacheUsage, true),
                counter(t, prefixQueries), counter(t, prefixHits), gauge(t, prefixHitRateGauge, true),
                counter(t, preemptions), counter(t, promptTokens), counter(t, generationTokens),
                histogram(t, ttft), histogram(t, itl), stage(t, stages, 0), stage(t, stages, 1), stage(t, stages, 2),
                stage(t, stages, 3), SpecDecodeNames.of(this).read(t), aborted(t));
    }

    /**
     * Requests finished as aborted: vLLM's {@code request_success_total} series with {@code finished_reason="abort"}
     * (V1's {@code FinishReason.ABORT}); NaN for the other stacks, which publish no such count. vLLM up to at least
     * 0.13 leaves client aborts out of it (vllm-project/vllm#31503), so a real vLLM may show 0 where aborts happened.
     */
    private double aborted(PrometheusText t) {
        if (this != VLLM) return Double.NaN;
        List<PrometheusText.Sample> series = t.series("vllm:request_success_total");
        if (series.isEmpty()) return Double.NaN;
        double n = 0;
        for (PrometheusText.Sample s : series) {
            if ("abort".equals(s.labels().get("finished_reason"))) n += s.value();
        }
        return n;
    }

    /**
     * The names of the server's request-stage histograms, in the order queue, prefill, decode, end to end;
     * empty for a stack that publishes none. vLLM's (its {@code docs/design/metrics.md}): time in the WAITING
     * state, in the PREFILL stage, in the DECODE stage, and end to end at the server.
     */
    public List<String> stageHistograms() {
        // TensorRT-LLM adopted vLLM's four request histograms under its own prefix (collector.py)
        return switch (this) {
            case VLLM, TRTLLM -> List.of(prefix + "request_queue_time_seconds", prefix + "request_prefill_time_seconds",
                    prefix + "request_decode_time_seconds", prefix + "e2e_request_latency_seconds");
            default -> List.of();
        };
    }

    private static PrometheusText.Histogram stage(PrometheusText t, List<String> names, int i) {
        return names.isEmpty() ? null : t.histogram(names.get(i));
    }

    private static double gauge(PrometheusText t, List<String> names, boolean ratio) {
        for (String n : names) {
            if (t.has(n)) return ratio ? t.mean(n) : t.sum(n);
        }
        return Double.NaN;
    }

    private static double counter(PrometheusText t, List<String> names) {
        for (String n : names) {
            double v = t.counter(n);
            if (!Double.isNaN(v)) return v;
        }
        return Double.NaN;
    }

    private static PrometheusText.Histogram histogram(PrometheusText t, List<String> names) {
        for (String n : names) {
            PrometheusText.Histogram h = t.histogram(n);
            if (h != null) return h;
        }
        return null;
    }
}
