package io.benchsuite.sim.internal;

/**
 * A map from long keys to non-negative int values on one primitive array (open addressing, linear
 * probing), for the prefix keys of {@link KvBlockPool}: a {@code HashMap<Long, Integer>} there boxed
 * every key on every lookup, and its lookups, puts and removals took most of a virtual-time run's
 * CPU (docs/performance.md, "The simulator's prefix cache"). Each slot is two longs side by side, the
 * key and its value, so a lookup reads one cache line where separate key and value arrays read two
 * (the table of an H100's pool is larger than the caches close to the core, and every block a
 * simulated hour fills is registered once and forgotten once). Removal shifts the following entries
 * back instead of leaving tombstones, so a pool that registers and forgets keys for hours keeps short
 * probe chains. Not thread-safe.
 */
final class LongIntHashMap {
    /** What {@link #get} returns for an absent key. */
    static final int MISSING = -1;

    private long[] table; // key at 2 * slot, value at 2 * slot + 1; key 0 marks an empty slot
    private int mask; // slots - 1
    private int shift; // 64 - log2(slots)
    private int size;
    private boolean hasZero; // key 0 marks an empty slot, so it lives apart
    private int zeroValue;

    LongIntHashMap() {
        table = new long[2 * 64];
        mask = 63;
        shift = 58;
    }

    /** The value of {@code key}, or {@link #MISSING}. */
    int get(long key) {
        if (key == 0) return hasZero ? zeroValue : MISSING;
        long[] t = table;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = t[2 * i];
            if (k == key) return (int) t[2 * i + 1];
            if (k == 0) return MISSING;
        }
    }

    boolean containsKey(long key) {
        return get(key) != MISSING;
    }

    /** Maps {@code key} to {@code value} (>= 0) unless it is mapped already; true when it was added. */
    boolean putIfAbsent(long key, int value) {
        return putIfAbsentOrGet(key, value) == MISSING;
    }

    /**
     * Maps {@code key} to {@code value} (>= 0) unless it is mapped already: {@link #MISSING} when it was added, else
     * the value it keeps. One probe where {@link #get} and then a put would take two.
     */
    int putIfAbsentOrGet(long key, int value) {
        if (value < 0) throw new IllegalArgumentException("value must be >= 0, got " + value);
        if (key == 0) {
            if (hasZero) return zeroValue;
            hasZero = true;
            zeroValue = value;
            size++;
            return MISSING;
        }
        long[] t = table;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = t[2 * i];
            if (k == key) return (int) t[2 * i + 1];
            if (k == 0) {
                t[2 * i] = key;
                t[2 * i + 1] = value;
                if (++size * 2 > mask + 1) grow();
                return MISSING;
            }
        }
    }

    /** Maps {@code key}, which is mapped, to {@code value} (>= 0) instead. */
    void replace(long key, int value) {
        if (value < 0) throw new IllegalArgumentException("value must be >= 0, got " + value);
        if (key == 0) {
            if (!hasZero) throw new IllegalStateException("key 0 is not mapped");
            zeroValue = value;
            return;
        }
        long[] t = table;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = t[2 * i];
            if (k == key) {
                t[2 * i + 1] = value;
                return;
            }
            if (k == 0) throw new IllegalStateException("key " + key + " is not mapped");
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
        long[] t = table;
        int i = slot(key);
        while (t[2 * i] != key) {
            if (t[2 * i] == 0) return false;
            i = (i + 1) & mask;
        }
        deleteSlot(i);
        return true;
    }

    /** What {@link #removeIf} asks of each entry. */
    interface EntryTest {
        boolean test(long key, int value);
    }

    /** Removes every entry {@code drop} accepts, in one pass over the table; returns how many. */
    int removeIf(EntryTest drop) {
        int removed = 0;
        if (hasZero && drop.test(0, zeroValue)) {
            hasZero = false;
            size--;
            removed++;
        }
        long[] t = table;
        // From an empty slot round to it: a removal shifts later entries of its chain back into the hole, never past
        // an empty slot and never before the slot just emptied, so that slot is tested again and the pass misses none.
        int start = 0;
        while (t[2 * start] != 0) start++;
        for (int n = 1; n <= mask; n++) {
            int i = (start + n) & mask;
            while (t[2 * i] != 0 && drop.test(t[2 * i], (int) t[2 * i + 1])) {
                deleteSlot(i);
                removed++;
            }
        }
        return removed;
    }

    /** Empties slot {@code i}, shifting back each later entry of its chain whose home slot is not between the hole and it. */
    private void deleteSlot(int i) {
        long[] t = table;
        int hole = i;
        for (int j = (hole + 1) & mask; t[2 * j] != 0; j = (j + 1) & mask) {
            int home = slot(t[2 * j]);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                t[2 * hole] = t[2 * j];
                t[2 * hole + 1] = t[2 * j + 1];
                hole = j;
            }
        }
        t[2 * hole] = 0;
        size--;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        mask = table.length / 2 - 1;
        shift--;
        for (int j = 0; j < old.length; j += 2) {
            long k = old[j];
            if (k == 0) continue;
            int i = slot(k);
            while (table[2 * i] != 0) i = (i + 1) & mask;
            table[2 * i] = k;
            table[2 * i + 1] = old[j + 1];
        }
    }

    /** The home slot: the top bits of the key times 2^64 / phi (Fibonacci hashing), so close keys spread. */
    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }
}
