package io.benchsuite.sim.internal;

import io.benchsuite.sim.EnginePreset;
import io.benchsuite.sim.SimPhysics;
import io.benchsuite.sim.SimSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine's compiled code: which steps replay a captured CUDA graph and which run eagerly, what the
 * capture cost at start, and the counts behind the headline's recompile ratio and hit rate.
 *
 * <p>A {@link EnginePreset.Compilation#CUDA_GRAPHS} engine captures, at start, a graph for each batch
 * size of {@link #captureSizes}. A decode-only step whose batch fits the largest replays the graph of
 * the next captured size (the batch padded to it); a step with prompt tokens, a larger batch, or any
 * step with graphs turned off runs eagerly. The model is compiled with a dynamic batch dimension (as
 * vLLM's {@code torch.compile} does), so a size outside the captured set runs eagerly and is never
 * recompiled. An {@link EnginePreset.Compilation#AHEAD_OF_TIME} engine runs every step from its
 * prebuilt engine; a {@link EnginePreset.Compilation#NONE} engine runs every step eagerly.
 *
 * <p>The hit rate is over decode-only steps, the steps that ask for a graph: prefill and mixed steps
 * run eagerly by design (they are counted in {@link #eagerSteps()}), not as misses.
 *
 * <p>Counters are written by the engine's driving thread and read from any thread, hence synchronized.
 */
final class CompiledGraphs {
    /**
     * Runs of a batch size when it is captured: vLLM's two warm-up runs ({@code _NUM_WARMUP_ITERS = 2})
     * and the captured run, each an eager step.
     */
    static final int RUNS_PER_CAPTURE = 3;
    /**
     * Host time of one capture beyond its runs, seconds (graph instantiation, memory-pool bookkeeping,
     * Python): fitted so that capturing vLLM's 35 default sizes for an 8B model on an A100 takes about
     * the 8 s vLLM logs ("Capturing CUDA graph shapes: 35/35 [00:08]", vllm-project/vllm#13661).
     */
    static final double CAPTURE_HOST_SECONDS = 0.2;

    private final EnginePreset.Compilation mode;
    private final boolean graphEngine;
    private final int[] sizes;
    private final double compileSeconds;

    private long steps;
    private long decodeSteps;
    private long replays;
    private long eagerSteps;

    CompiledGraphs(SimSettings settings, SimPhysics physics) {
        EnginePreset.Compilation m = settings.engine().compilation();
        this.graphEngine = m == EnginePreset.Compilation.CUDA_GRAPHS;
        this.mode = m == EnginePreset.Compilation.CUDA_GRAPHS && settings.enforceEager() ? EnginePreset.Compilation.NONE : m;
        List<Integer> list = mode == EnginePreset.Compilation.CUDA_GRAPHS ? captureSizes(settings.engine(), settings.maxBatch()) : List.of();
        this.sizes = list.stream().mapToInt(Integer::intValue).toArray();
        double capture = 0;
        for (int b : sizes) {
            // b sequences of one token each: warm-up and capture run on dummy inputs of (almost) no context
            capture += RUNS_PER_CAPTURE * physics.cost(b, b, b, true).seconds() + CAPTURE_HOST_SECONDS;
        }
        this.compileSeconds = mode == EnginePreset.Compilation.CUDA_GRAPHS ? capture : 0;
    }

    /**
     * The batch sizes a CUDA-graph engine captures: vLLM's 1, 2, 4 and the multiples of 8, up to the
     * smaller of {@code maxBatch} ({@code max_num_seqs}) and the engine's {@link EnginePreset#maxCaptureSize()}
     * (512); TGI's powers of two up to 32 ({@code --cuda-graphs 1,2,4,8,16,32}). Empty for other engines.
     */
    static List<Integer> captureSizes(EnginePreset engine, int maxBatch) {
        List<Integer> out = new ArrayList<>();
        if (engine.compilation() != EnginePreset.Compilation.CUDA_GRAPHS) return out;
        int max = Math.min(maxBatch, engine.maxCaptureSize());
        if (engine == EnginePreset.TGI) {
            for (int b = 1; b <= max; b *= 2) out.add(b);
            return out;
        }
        for (int b : new int[] {1, 2, 4}) if (b <= max) out.add(b);
        for (int b = 8; b <= max; b += 8) out.add(b);
        return out;
    }

    /**
     * The batch a step runs with: the captured size a decode-only batch of {@code batch} sequences is padded
     * to, or {@code -1} when the step runs eagerly (CUDA-graph engines) or without graphs at all.
     */
    int replaySize(boolean decodeOnly, int batch) {
        if (!decodeOnly || sizes.length == 0 || batch > sizes[sizes.length - 1]) return -1;
        int lo = 0;
        int hi = sizes.length - 1;
        while (lo < hi) { // the smallest captured size >= batch
            int mid = (lo + hi) >>> 1;
            if (sizes[mid] >= batch) hi = mid;
            else lo = mid + 1;
        }
        return sizes[lo];
    }

    /**
     * Whether a step that does not replay a graph pays eager launches: the engine is a CUDA-graph engine
     * (with graphs turned off too), whose presets' figures assume graphs.
     */
    boolean graphEngine() {
        return graphEngine;
    }

    /** Counts a step that ended: decode-only or not, and whether compiled code served it. */
    synchronized void stepEnded(boolean decodeOnly, boolean compiled) {
        steps++;
        if (decodeOnly) decodeSteps++;
        if (decodeOnly && compiled) replays++;
        if (!compiled) eagerSteps++;
    }

    /** Graphs compiled or captured at start: one per captured size; one prebuilt engine; none. */
    long compilations() {
        return switch (mode) {
            case CUDA_GRAPHS -> sizes.length;
            case AHEAD_OF_TIME -> 1;
            case NONE -> 0;
        };
    }

    /** The simulated seconds the captures took at start (0 for other engines: TensorRT-LLM builds before it starts). */
    double compileSeconds() {
        return compileSeconds;
    }

    /** The largest captured batch, 0 without graphs. */
    int maxCaptured() {
        return sizes.length == 0 ? 0 : sizes[sizes.length - 1];
    }

    /** The mode in effect ({@code NONE} for a CUDA-graph engine with graphs turned off). */
    EnginePreset.Compilation mode() {
        return mode;
    }

    synchronized long steps() {
        return steps;
    }

    synchronized long decodeSteps() {
        return decodeSteps;
    }

    synchronized long replays() {
        return replays;
    }

    synchronized long eagerSteps() {
        return eagerSteps;
    }
}
