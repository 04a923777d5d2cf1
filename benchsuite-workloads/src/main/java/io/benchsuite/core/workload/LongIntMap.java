package io.benchsuite.core.workload;

/**
 * An open-addressing map from long keys to int values: 12 bytes a key at half load, where a
 * {@code HashMap<Long, Integer>} costs about 80. Keys are expected to be well-spread hashes.
 */
final class LongIntMap {
    private long[] keys = new long[1024];
    private int[] values = new int[1024];
    private boolean hasZero;
    private int zeroValue;
    private int size;

    /** The value of {@code key}, or {@code missing} when absent. */
    int get(long key, int missing) {
        if (key == 0) return hasZero ? zeroValue : missing;
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) return values[i];
            if (k == 0) return missing;
        }
    }

    /** Sets {@code key} to the larger of its value and {@code value}. */
    void putMax(long key, int value) {
        if (key == 0) {
            if (!hasZero) size++;
            zeroValue = hasZero ? Math.max(zeroValue, value) : value;
            hasZero = true;
            return;
        }
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                values[i] = Math.max(values[i], value);
                return;
            }
            if (k == 0) {
                keys[i] = key;
                values[i] = value;
                if (++size * 2 > keys.length) grow();
                return;
            }
        }
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldValues.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            long k = oldKeys[j];
            if (k == 0) continue;
            int i = slot(k, mask);
            while (keys[i] != 0) i = (i + 1) & mask;
            keys[i] = k;
            values[i] = oldValues[j];
        }
    }

    private static int slot(long key, int mask) {
        return (int) (key ^ (key >>> 32)) & mask;
    }
}
