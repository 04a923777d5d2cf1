package io.benchsuite.sim;

/**
 * Deterministic hashing shared by the engine (prompt blocks, generated words) and the simulator's
 * HTTP server (response ids, seeded fault injection), so both derive the same values from a seed.
 */
public final class Seeds {
    private Seeds() {
    }

    /** SplitMix64's finalizer: a bijective mix with good avalanche, the same on every platform. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
