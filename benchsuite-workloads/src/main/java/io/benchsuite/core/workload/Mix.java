package io.benchsuite.core.workload;

/** 64-bit mixing for derived seeds and prefix-chain keys (MurmurHash3's finaliser). */
final class Mix {
    private Mix() {}

    /** A well-spread 64-bit function of {@code x}. */
    static long fmix64(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        x ^= x >>> 33;
        return x;
    }

    /** An order-sensitive combination of two values (chain key of {@code next} after {@code parent}). */
    static long combine(long parent, long next) {
        return fmix64(Long.rotateLeft(parent, 23) ^ fmix64(next + 0x9e3779b97f4a7c15L));
    }
}
