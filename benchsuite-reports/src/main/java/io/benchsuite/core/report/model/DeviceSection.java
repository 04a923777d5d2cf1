package io.benchsuite.core.report.model;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.DeviceUsage;
import io.benchsuite.core.run.ReportSection;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's {@code device} section: what the serving engine's own devices went through, as the
 * backend itself reports them ({@link io.benchsuite.api.backend.Backend#deviceUsage()}; the simulator
 * does). Unlike the {@code gpu} section, sampled from outside (nvidia-smi, DCGM), these figures come
 * from the engine's accounting: memory in use (weights + KV blocks held + activations) and its peak,
 * the KV-cache allocator's fragmentation exactly as {@code 1 - largest free block / total free},
 * prefix-cache hits, and energy from the power model. Times are the engine's (simulated) seconds.
 *
 * @param source where the figures come from, e.g. {@code sim}
 * @param device the device profile's name
 * @param devices devices serving the model (tensor-parallel group)
 * @param memoryCapacityBytes memory of all devices
 * @param weightBytes model weights on all devices
 * @param peakMemoryBytes highest memory in use (weights + KV in use + activations)
 * @param peakMemoryShare {@code peakMemoryBytes / memoryCapacityBytes}
 * @param reservedBytes memory the engine holds from the devices at the end (what nvidia-smi would show)
 * @param kvCacheFragmentation the KV-cache allocator's fragmentation
 * @param prefixCache prompt tokens looked up in the prefix cache and found there
 * @param energy energy and power of all devices
 * @param meanUtilisation the devices' mean utilisation, 0..1
 * @param busyShare share of the elapsed time the devices ran engine steps, 0..1
 * @param elapsedSeconds seconds the figures cover (from the engine's start)
 * @param timeSeries memory in use, the peak of each second of the run
 * @param compilation the engine's compiled code: captures at start, recompilations, steps served by it
 *     ({@link Compilation#UNKNOWN} in reports written before it was recorded)
 */
public record DeviceSection(String source, String device, int devices, double memoryCapacityBytes, double weightBytes,
                            double peakMemoryBytes, double peakMemoryShare, double reservedBytes,
                            Fragmentation kvCacheFragmentation, PrefixCache prefixCache, Energy energy,
                            double meanUtilisation, double busyShare, double elapsedSeconds, List<Second> timeSeries,
                            Compilation compilation)
        implements ReportSection {
    /** The section's key. */
    public static final String KEY = "device";

    public DeviceSection {
        kvCacheFragmentation = kvCacheFragmentation == null ? Fragmentation.UNKNOWN : kvCacheFragmentation;
        prefixCache = prefixCache == null ? PrefixCache.UNKNOWN : prefixCache;
        energy = energy == null ? Energy.UNKNOWN : energy;
        timeSeries = timeSeries == null ? List.of() : List.copyOf(timeSeries);
        compilation = compilation == null ? Compilation.UNKNOWN : compilation;
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * The section of a backend's device figures.
     *
     * @param source the backend's name
     * @param u its device figures at the run's end
     * @param runSeconds how long the run lasted on the backend's clock: the engine's seconds before the
     *     run started (it was created earlier) are left out of the time series, which counts from the run's start
     */
    public static DeviceSection of(String source, DeviceUsage u, double runSeconds) {
        notNull(source, "source");
        notNull(u, "usage");
        long skip = Math.max(0, Math.round(u.elapsedSeconds() - runSeconds));
        List<Second> series = new ArrayList<>();
        List<Double> perSecond = u.memoryPerSecond();
        for (int i = (int) Math.min(skip, perSecond.size()); i < perSecond.size(); i++) {
            series.add(new Second(i - skip, perSecond.get(i)));
        }
        // per token the engine generated: tokens of requests cut off by cancellation cost energy too
        long tokens = u.generationTokens();
        double perToken = tokens > 0 ? u.energyJoules() / tokens : Double.NaN;
        return new DeviceSection(source, u.device(), u.devices(), u.memoryCapacityBytes(), u.weightBytes(),
                u.peakMemoryBytes(), u.peakMemoryShare(), u.reservedBytes(),
                new Fragmentation(u.fragmentation(), u.meanFragmentation(), u.maxFragmentation()),
                new PrefixCache(u.prefixQueryTokens(), u.prefixHitTokens(), u.prefixQueryTokens() == 0 ? Double.NaN : u.prefixHitRate()),
                new Energy(u.energyJoules(), perToken, tokens, u.averagePowerWatts(), u.peakPowerWatts()),
                u.meanUtilisation(), u.busyShare(), u.elapsedSeconds(), series,
                u.compilation().isEmpty() ? Compilation.UNKNOWN
                        : new Compilation(u.compilation(), u.compilations(), u.recompilations(), u.recompileRatio(),
                        u.compileSeconds() * 1000, u.maxCapturedBatch(), u.steps(), u.graphRequests(), u.graphHits(),
                        u.graphHitRate(), u.eagerSteps()));
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
        static final Compilation UNKNOWN = new Compilation("", 0, 0, Double.NaN, Double.NaN, 0, 0, 0, 0, Double.NaN, 0);

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
     * Energy of all devices from the power model {@code idle + utilisation x (TDP - idle)}.
     *
     * @param joules energy over the figures' time
     * @param joulesPerOutputToken joules per generated token
     * @param outputTokens the tokens generated
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
