package io.benchsuite.api.backend;

/**
 * Implemented by a {@link Backend} that is its own serving engine (the simulator; an in-process engine
 * that keeps such figures) to tell the run what a server's {@code /metrics} would: the engine's
 * {@link EngineTotals}. The run reads them when it starts and when it ends and reports the differences
 * in its {@code engine} section: the exact queue / prefill / decode split of end-to-end latency, prefix-cache
 * hits, energy and device memory. Backends behind HTTP expose these through the server's own metrics instead.
 */
public interface EngineTotalsSource {

    /**
     * The totals now; callable from any thread, cheap.
     *
     * @return running totals since the engine started
     */
    EngineTotals engineTotals();

    /**
     * How often each position of the engine's KV cache was read since the engine started: one count per block
     * per step that attended to the tokens it holds, indexed by the block's position in device memory. The run
     * takes the difference between its start and its end as the per-line access counts of the spatial locality
     * entropy (SLE, SPEC §4), a KV block being the line. Callable from any thread; a copy.
     *
     * @return the reads per KV block position, or an empty array when the engine does not model them
     */
    default long[] kvBlockReads() {
        return new long[0];
    }
}
