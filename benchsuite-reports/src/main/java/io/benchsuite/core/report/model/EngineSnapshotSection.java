package io.benchsuite.core.report.model;

import com.fasterxml.jackson.annotation.JsonAlias;
import io.benchsuite.core.run.ReportSection;
import java.util.List;

/**
 * The report's {@code engineSnapshot} section: what the serving engine behind the backend did over the run, as
 * the backend itself tells it ({@link io.benchsuite.api.backend.Backend#engineSnapshot()}; the simulator does).
 * Built from two snapshots, one taken when the run started and one when it ended: counters (requests, prefix-cache
 * lookups, tokens, energy, memory traffic, busy time) are the differences over the run; the memory peak, the
 * KV-cache fragmentation and the compiled code are since the engine started. Unlike the {@code gpu} section,
 * sampled from outside (nvidia-smi, DCGM), and the {@code server} section, scraped from the server's
 * {@code /metrics}, these figures come from the engine's own accounting. A figure the engine does not know is
 * {@code NaN} ({@code null} in JSON). Reports written before this section have an {@code engine} and a
 * {@code device} section instead; they are read into this one.
 *
 * @param source the backend's name, e.g. {@code sim}
 * @param origin {@code simulator} when the figures come from a model of the devices, {@code engine} when a real
 *     engine measured them
 * @param device the device profile's name
 * @param devices devices serving the model (tensor-parallel group)
 * @param memoryCapacityBytes memory of all devices
 * @param weightBytes model weights on all devices
 * @param peakMemoryBytes highest memory in use since the engine started (weights + KV in use + activations)
 * @param peakMemoryShare {@code peakMemoryBytes / memoryCapacityBytes}
 * @param reservedBytes memory the engine holds from the devices at the end (what nvidia-smi would show)
 * @param kvCacheFragmentation the KV-cache allocator's fragmentation
 * @param prefixCache prompt tokens looked up in the prefix cache and found there, over the run
 * @param energy energy and power of all devices over the run
 * @param stages the engine's request stages over the run (vLLM's queue, prefill, decode); reports written before the
 *     rename call the block {@code phases}
 * @param meanUtilisation the devices' mean utilisation over the run, 0..1
 * @param busyShare share of the run's engine seconds the devices ran engine steps, 0..1
 * @param elapsedSeconds the engine's own seconds over the run (simulated seconds for the simulator)
 * @param memoryTraffic the devices' memory traffic and the locality of the KV cache's reads over the run
 * @param compilation the engine's compiled code ({@link Compilation#UNKNOWN} when the engine does not say)
 * @param timeSeries memory in use, the peak of each second of the run
 */
public record EngineSnapshotSection(String source, String origin, String device, int devices, double memoryCapacityBytes,
                                    double weightBytes, double peakMemoryBytes, double peakMemoryShare, double reservedBytes,
                                    Fragmentation kvCacheFragmentation, PrefixCache prefixCache, Energy energy,
                                    @JsonAlias("phases") Stages stages, double meanUtilisation, double busyShare,
                                    double elapsedSeconds, MemoryTraffic memoryTraffic, Compilation compilation,
                                    List<Second> timeSeries) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "engineSnapshot";
    /** {@link #origin()} of figures from a model of the devices. */
    public static final String SIMULATOR = "simulator";
    /** {@link #origin()} of figures a real engine measured. */
    public static final String ENGINE = "engine";

    /** Fills what a partial block leaves out with unknowns. */
    public EngineSnapshotSection {
        origin = origin == null ? ENGINE : origin;
        kvCacheFragmentation = kvCacheFragmentation == null ? Fragmentation.UNKNOWN : kvCacheFragmentation;
        prefixCache = prefixCache == null ? PrefixCache.UNKNOWN : prefixCache;
        energy = energy == null ? Energy.UNKNOWN : energy;
        stages = stages == null ? Stages.UNKNOWN : stages;
        memoryTraffic = memoryTraffic == null ? MemoryTraffic.UNKNOWN : memoryTraffic;
        compilation = compilation == null ? Compilation.UNKNOWN : compilation;
        timeSeries = timeSeries == null ? List.of() : List.copyOf(timeSeries);
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * The engine's request stages over the run, from its exact per-request sums: {@code queue} from arrival to
     * the first step that scheduled the request, {@code prefill} from there to its first token, {@code decode}
     * from the first token to the last; queue + prefill + decode = end to end.
     *
     * @param requests requests completed during the run (those the means are over)
     * @param queueMs mean queue time
     * @param prefillMs mean prefill time
     * @param decodeMs mean decode time
     * @param e2eMs mean end-to-end time at the engine
     */
    public record Stages(long requests, double queueMs, double prefillMs, double decodeMs, double e2eMs) {
        static final Stages UNKNOWN = new Stages(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

        /** {@return whether the three stage means are known} */
        public boolean known() {
            return requests > 0 && Double.isFinite(queueMs) && Double.isFinite(prefillMs) && Double.isFinite(decodeMs);
        }
    }

    /**
     * Memory traffic of the devices over the run, and the spatial locality entropy (SLE) of the KV cache's reads.
     *
     * @param bytes bytes moved between device memory and compute units (weights and KV cache read per step)
     * @param peakBandwidth the devices' datasheet bandwidth in all, bytes/s
     * @param kvReadEntropyBits SLE of the KV block reads, bits: −Σ p log2 p over the KV blocks, p a block's share of the
     *     reads; {@code NaN} when the engine does not count its reads or read none
     * @param kvBlocks N, the KV blocks the entropy is over (the whole pool); {@code NaN} when unknown
     */
    public record MemoryTraffic(double bytes, double peakBandwidth, double kvReadEntropyBits, double kvBlocks) {
        static final MemoryTraffic UNKNOWN = new MemoryTraffic(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * The engine's compiled code. The recompile ratio and the hit rate are the headline's "recompile ratio /
     * JIT hit rate": recompilations over compilations, and decode-only steps served by compiled code (a
     * replayed CUDA graph, a prebuilt engine) over decode-only steps. Prefill and mixed steps run eagerly by
     * design and are counted in {@code eagerSteps}, not as misses.
     *
     * @param mode {@code cuda-graphs}, {@code ahead-of-time} or {@code eager} (empty when unknown)
     * @param compilations graphs compiled or captured (one per captured batch size)
     * @param recompilations of those, compiled again for a shape the compiled set did not cover
     * @param recompileRatio {@code recompilations / compilations} (NaN when nothing was compiled)
     * @param compileMs milliseconds spent compiling and capturing at the engine's start (NaN when unknown)
     * @param maxCapturedBatch the largest decode batch with a captured graph (0 without)
     * @param steps engine steps run
     * @param graphRequests decode-only steps
     * @param graphHits of those, steps compiled code served
     * @param hitRate {@code graphHits / graphRequests} (NaN without decode-only steps)
     * @param eagerSteps steps that launched their kernels eagerly
     */
    public record Compilation(String mode, long compilations, long recompilations, double recompileRatio, double compileMs,
                              int maxCapturedBatch, long steps, long graphRequests, long graphHits, double hitRate,
                              long eagerSteps) {
        /** The engine did not say. */
        public static final Compilation UNKNOWN = new Compilation("", 0, 0, Double.NaN, Double.NaN, 0, 0, 0, 0, Double.NaN, 0);

        /** An absent mode reads as empty. */
        public Compilation {
            mode = mode == null ? "" : mode;
        }
    }

    /**
     * Fragmentation of the KV-cache allocator, {@code 1 - largest free block / total free} (0 when no
     * memory is free), sampled once per second.
     *
     * @param end at the end of the run
     * @param mean mean over the seconds the engine worked
     * @param max largest sample
     */
    public record Fragmentation(double end, double mean, double max) {
        static final Fragmentation UNKNOWN = new Fragmentation(Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * The prefix cache.
     *
     * @param queryTokens prompt tokens looked up
     * @param hitTokens of those, tokens found cached
     * @param hitRate {@code hitTokens / queryTokens} ({@code NaN} when nothing was looked up)
     */
    public record PrefixCache(long queryTokens, long hitTokens, double hitRate) {
        static final PrefixCache UNKNOWN = new PrefixCache(0, 0, Double.NaN);
    }

    /**
     * Energy of all devices (the power model {@code idle + utilisation x (TDP - idle)} for a simulator).
     *
     * @param joules energy over the run
     * @param joulesPerOutputToken joules per token the engine generated
     * @param outputTokens the tokens the engine generated (cancelled requests' tokens cost energy too)
     * @param meanPowerW mean power, watts
     * @param peakPowerW highest power of any engine step, watts
     */
    public record Energy(double joules, double joulesPerOutputToken, long outputTokens, double meanPowerW, double peakPowerW) {
        static final Energy UNKNOWN = new Energy(Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN);
    }

    /**
     * One second of the run.
     *
     * @param second seconds from the run's start
     * @param memoryBytes the highest memory in use during that second
     */
    public record Second(long second, double memoryBytes) {}
}
