package io.benchsuite.backends.sim.internal;

/** Small deterministic hashing helpers. */
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
