package io.benchsuite.sim.internal;

/**
 * A map from long keys to non-negative int values on two primitive arrays (open addressing, linear
 * probing), for the prefix keys of {@link KvBlockPool}: a {@code HashMap<Long, Integer>} there boxed
 * every key on every lookup, and its lookups, puts and removals took most of a virtual-time run's
 * CPU (docs/performance.md, "The simulator's prefix cache"). Removal shifts the following entries
 * back instead of leaving tombstones, so a pool that registers and forgets keys for hours keeps short
 * probe chains. Not thread-safe.
 */
final class LongIntHashMap {
    /** What {@link #get} returns for an absent key. */
    static final int MISSING = -1;

    private long[] keys;
    private int[] values;
    private int mask;
    private int shift; // 64 - log2(capacity)
    private int size;
    private boolean hasZero; // key 0 marks an empty slot, so it lives apart
    private int zeroValue;

    LongIntHashMap() {
        keys = new long[64];
        values = new int[64];
        mask = 63;
        shift = 58;
    }

    /** The value of {@code key}, or {@link #MISSING}. */
    int get(long key) {
        if (key == 0) return hasZero ? zeroValue : MISSING;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) return values[i];
            if (k == 0) return MISSING;
        }
    }

    boolean containsKey(long key) {
        return get(key) != MISSING;
    }

    /** Maps {@code key} to {@code value} (>= 0) unless it is mapped already; true when it was added. */
    boolean putIfAbsent(long key, int value) {
        if (value < 0) throw new IllegalArgumentException("value must be >= 0, got " + value);
        if (key == 0) {
            if (hasZero) return false;
            hasZero = true;
            zeroValue = value;
            size++;
            return true;
        }
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) return false;
            if (k == 0) {
                keys[i] = key;
                values[i] = value;
                if (++size * 2 > keys.length) grow();
                return true;
            }
        }
    }

    /** Removes {@code key}; true when it was mapped. */
    boolean remove(long key) {
        if (key == 0) {
            if (!hasZero) return false;
            hasZero = false;
            size--;
            return true;
        }
        int i = slot(key);
        while (keys[i] != key) {
            if (keys[i] == 0) return false;
            i = (i + 1) & mask;
        }
        // shift back each later entry of the chain whose home slot is not between the hole and it
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] != 0; j = (j + 1) & mask) {
            int home = slot(keys[j]);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = 0;
        size--;
        return true;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        mask = keys.length - 1;
        shift--;
        for (int j = 0; j < oldKeys.length; j++) {
            long k = oldKeys[j];
            if (k == 0) continue;
            int i = slot(k);
            while (keys[i] != 0) i = (i + 1) & mask;
            keys[i] = k;
            values[i] = oldValues[j];
        }
    }

    /** The home slot: the top bits of the key times 2^64 / phi (Fibonacci hashing), so close keys spread. */
    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }
}
