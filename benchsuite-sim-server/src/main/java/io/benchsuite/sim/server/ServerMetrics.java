package io.benchsuite.sim.server;

import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.sim.SimBackend;
import io.benchsuite.sim.SimEngineState;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;

/**
 * The server's Prometheus exposition, in three families:
 * <ul>
 *   <li>vLLM's names ({@code vllm:...}), so that scrapers written for vLLM read the simulator unchanged:
 *       running/waiting requests, KV-cache usage, prefix-cache queries and hits (tokens), preemptions,
 *       token counters, TTFT and inter-token latency histograms (observed here, with vLLM's buckets), and the
 *       request stage histograms (queue, prefill, decode, end to end: the engine's exact sums and counts, with the
 *       {@code +Inf} bucket only);</li>
 *   <li>NVIDIA DCGM exporter's names ({@code DCGM_FI_DEV_...}), one series per simulated device
 *       ({@code gpu="0"}...), so that a GPU sampler pointed at this {@code /metrics} (the CLI's
 *       {@code --dcgm-url}) reads memory, utilisation, power and energy as from a real GPU: framebuffer
 *       used and free (MiB; what the engine holds, KV pool included, as on a real server), utilisation
 *       (%), power (W) and total energy (mJ);</li>
 *   <li>the simulator's own figures ({@code benchsuite_sim:...}), which no real server exports: device
 *       memory in use (weights + KV blocks in use + activations) now and at its peak, the KV allocator's
 *       fragmentation, energy, and the steps the host ran late.</li>
 * </ul>
 * Thread-safe.
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

    /** The exposition of {@code backend} now, with vLLM's speculative-decoding counters when its engine speculates. */
    String render(SimBackend backend) {
        StringBuilder b = new StringBuilder(render(backend.state(), backend.engineSnapshot().orElseThrow()));
        SpecDecodeExposition.append(b, backend.specDecodeTotals(), modelLabel);
        return b.toString();
    }

    /** The exposition text (format 0.0.4). */
    String render(SimEngineState s, EngineSnapshot u) {
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
        // The engine's request stages, summed as requests complete (exact, not bucketed): one +Inf bucket,
        // sum and count, which is what a decomposition of end-to-end latency needs. The help texts are vLLM's own.
        stageTotal(b, "vllm:request_queue_time_seconds", "Histogram of time spent in WAITING phase for request.",
                s.stageRequests(), s.queueSeconds());
        stageTotal(b, "vllm:request_prefill_time_seconds", "Histogram of time spent in PREFILL phase for request.",
                s.stageRequests(), s.prefillSeconds());
        stageTotal(b, "vllm:request_decode_time_seconds", "Histogram of time spent in DECODE phase for request.",
                s.stageRequests(), s.decodeSeconds());
        stageTotal(b, "vllm:e2e_request_latency_seconds", "Histogram of e2e request latency in seconds.",
                s.stageRequests(), s.endToEndSeconds());
        dcgm(b, u);
        gauge(b, "benchsuite_sim:device_memory_used_bytes",
                "Simulated device memory in use, all devices: weights + KV blocks in use + activations of the step in flight.",
                u.memoryBytes());
        gauge(b, "benchsuite_sim:device_memory_peak_bytes", "Largest benchsuite_sim:device_memory_used_bytes since the start.",
                u.peakMemoryBytes());
        gauge(b, "benchsuite_sim:device_memory_capacity_bytes", "Datasheet memory of all simulated devices.",
                u.memoryCapacityBytes());
        gauge(b, "benchsuite_sim:kv_cache_fragmentation_ratio",
                "1 - longest run of adjacent free KV blocks / free KV blocks (0 when none is free).", u.fragmentation());
        gauge(b, "benchsuite_sim:power_watts", "Power of all simulated devices now (idle + utilisation x (TDP - idle)).",
                u.powerWatts());
        counterD(b, "benchsuite_sim:energy_joules_total", "Energy of all simulated devices since the start.", u.energyJoules());
        counter(b, "benchsuite_sim:late_steps_total", "Engine steps that ended more than 1 ms after their simulated duration.",
                s.lateSteps());
        counterD(b, "benchsuite_sim:late_seconds_total", "Wall time engine steps ran over their simulated duration.",
                s.lateSeconds());
        counter(b, "benchsuite_sim:graph_requests_total", "Decode-only engine steps: the steps a captured CUDA graph could serve.",
                u.graphRequests());
        counter(b, "benchsuite_sim:graph_hits_total", "Decode-only steps served by compiled code (a replayed CUDA graph).",
                u.graphHits());
        counter(b, "benchsuite_sim:eager_steps_total", "Engine steps that launched their kernels eagerly.", u.eagerSteps());
        gauge(b, "benchsuite_sim:compilations", "Graphs compiled or captured at the engine's start.", u.compilations());
        counter(b, "benchsuite_sim:recompilations_total", "Graphs compiled again for a shape the compiled set did not cover.",
                u.recompilations());
        return b.toString();
    }

    /** One series per device, under the DCGM exporter's names and units. */
    private void dcgm(StringBuilder b, EngineSnapshot u) {
        int n = u.devices();
        double mib = 1024.0 * 1024.0;
        double capacity = u.memoryCapacityBytes() / n;
        double used = Math.min(capacity, u.reservedBytes() / n);
        dcgmSeries(b, "DCGM_FI_DEV_FB_USED", "gauge", "Framebuffer memory used (in MiB).", u, Math.floor(used / mib));
        dcgmSeries(b, "DCGM_FI_DEV_FB_FREE", "gauge", "Framebuffer memory free (in MiB).", u, Math.floor((capacity - used) / mib));
        dcgmSeries(b, "DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %).", u, Math.round(100 * u.utilisation()));
        if (!Double.isNaN(u.powerWatts())) {
            dcgmSeries(b, "DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W).", u, u.powerWatts() / n);
            dcgmSeries(b, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "counter",
                    "Total energy consumption since boot (in mJ).", u, Math.floor(u.energyJoules() / n * 1000));
        }
    }

    private void dcgmSeries(StringBuilder b, String name, String type, String help, EngineSnapshot u, double perDevice) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        for (int gpu = 0; gpu < u.devices(); gpu++) {
            b.append(name).append("{gpu=\"").append(gpu).append("\",device=\"sim").append(gpu).append("\",modelName=\"")
                    .append(escape("simulated " + u.device())).append("\",").append(modelLabel).append("} ")
                    .append(number(perDevice)).append('\n');
        }
    }

    private void counterD(StringBuilder b, String name, String help, double value) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(" counter\n");
        b.append(name).append('{').append(modelLabel).append("} ").append(number(value)).append('\n');
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

    private void stageTotal(StringBuilder b, String name, String help, long count, double sumSeconds) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(" histogram\n");
        b.append(name).append("_bucket{le=\"+Inf\",").append(modelLabel).append("} ").append(count).append('\n');
        b.append(name).append("_sum{").append(modelLabel).append("} ").append(number(sumSeconds)).append('\n');
        b.append(name).append("_count{").append(modelLabel).append("} ").append(count).append('\n');
    }

    static String number(double v) {
        if (Double.isNaN(v)) return "NaN";
        // a whole number as "%.1f" prints it, without the formatter: a scrape renders hundreds of numbers
        // every second on the CPUs the client being judged shares
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return (v == 0 && Double.doubleToRawLongBits(v) != 0 ? "-" : "") + (long) v + ".0";
        }
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
