package io.benchsuite.sim.server;

import io.benchsuite.sim.SimEngineState;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;

/**
 * The server's Prometheus exposition under vLLM's metric names, so that the scrapers written for
 * vLLM read the simulator unchanged. Engine gauges and counters come from the engine's state;
 * latency histograms are observed here, with vLLM's bucket bounds. Thread-safe.
 */
final class ServerMetrics {
    // vLLM's bucket bounds (vllm/v1/metrics/loggers.py).
    private static final double[] TTFT_BUCKETS = {0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75,
        1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0};
    private static final double[] ITL_BUCKETS = {0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0,
        2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0};

    private final String modelLabel;
    private final Histogram ttft = new Histogram(TTFT_BUCKETS);
    private final Histogram itl = new Histogram(ITL_BUCKETS);
    private final AtomicLong finishedLength = new AtomicLong();
    private final AtomicLong finishedAbort = new AtomicLong();
    private final AtomicLong finishedError = new AtomicLong();

    ServerMetrics(String modelName) {
        this.modelLabel = "model_name=\"" + escape(modelName) + "\"";
    }

    void observeTtft(double seconds) {
        ttft.observe(seconds);
    }

    void observeItl(double seconds) {
        itl.observe(seconds);
    }

    void finished(String reason) {
        switch (reason) {
            case "length" -> finishedLength.incrementAndGet();
            case "abort" -> finishedAbort.incrementAndGet();
            default -> finishedError.incrementAndGet();
        }
    }

    /** The exposition text (format 0.0.4). */
    String render(SimEngineState s) {
        StringBuilder b = new StringBuilder(4096);
        gauge(b, "vllm:num_requests_running", "Number of requests in model execution batches.", s.running());
        gauge(b, "vllm:num_requests_waiting", "Number of requests waiting to be processed.", s.waiting());
        gauge(b, "vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", s.kvCacheUsage());
        gauge(b, "vllm:gpu_cache_usage_perc", "GPU KV-cache usage (name used by vLLM before 0.10). 1 means 100 percent usage.",
                s.kvCacheUsage());
        counter(b, "vllm:num_preemptions_total", "Cumulative number of preemption from the engine.", s.preemptions());
        counter(b, "vllm:prefix_cache_queries_total", "Prefix cache queries, in terms of number of queried tokens.",
                s.prefixQueryTokens());
        counter(b, "vllm:prefix_cache_hits_total", "Prefix cache hits, in terms of number of cached tokens.", s.prefixHitTokens());
        counter(b, "vllm:prompt_tokens_total", "Number of prefill tokens processed.", s.promptTokens());
        counter(b, "vllm:generation_tokens_total", "Number of generation tokens processed.", s.generationTokens());
        b.append("# HELP vllm:request_success_total Count of successfully processed requests.\n");
        b.append("# TYPE vllm:request_success_total counter\n");
        b.append("vllm:request_success_total{finished_reason=\"length\",").append(modelLabel).append("} ")
                .append(finishedLength.get()).append('\n');
        b.append("vllm:request_success_total{finished_reason=\"abort\",").append(modelLabel).append("} ")
                .append(finishedAbort.get()).append('\n');
        b.append("vllm:request_success_total{finished_reason=\"error\",").append(modelLabel).append("} ")
                .append(finishedError.get()).append('\n');
        histogram(b, "vllm:time_to_first_token_seconds", "Histogram of time to first token in seconds.", ttft);
        histogram(b, "vllm:inter_token_latency_seconds", "Histogram of inter-token latency in seconds.", itl);
        return b.toString();
    }

    private void gauge(StringBuilder b, String name, String help, double value) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(" gauge\n");
        b.append(name).append('{').append(modelLabel).append("} ").append(number(value)).append('\n');
    }

    private void counter(StringBuilder b, String name, String help, long value) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(" counter\n");
        b.append(name).append('{').append(modelLabel).append("} ").append(value).append('\n');
    }

    private void histogram(StringBuilder b, String name, String help, Histogram h) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(" histogram\n");
        long cumulative = 0;
        // Read each bucket once; a concurrent observation may make _count lag a bucket by one, which scrapers tolerate.
        for (int i = 0; i < h.bounds.length; i++) {
            cumulative += h.counts.get(i);
            b.append(name).append("_bucket{le=\"").append(number(h.bounds[i])).append("\",").append(modelLabel).append("} ")
                    .append(cumulative).append('\n');
        }
        cumulative += h.counts.get(h.bounds.length);
        b.append(name).append("_bucket{le=\"+Inf\",").append(modelLabel).append("} ").append(cumulative).append('\n');
        b.append(name).append("_sum{").append(modelLabel).append("} ").append(number(h.sum.sum())).append('\n');
        b.append(name).append("_count{").append(modelLabel).append("} ").append(cumulative).append('\n');
    }

    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return String.format(Locale.ROOT, "%.1f", v);
        return Double.toString(v);
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /** Fixed-bucket histogram; the last slot counts observations above every bound. */
    private static final class Histogram {
        final double[] bounds;
        final AtomicLongArray counts;
        final DoubleAdder sum = new DoubleAdder();

        Histogram(double[] bounds) {
            this.bounds = bounds;
            this.counts = new AtomicLongArray(bounds.length + 1);
        }

        void observe(double v) {
            int i = 0;
            while (i < bounds.length && v > bounds[i]) i++;
            counts.incrementAndGet(i);
            sum.add(v);
        }
    }
}
