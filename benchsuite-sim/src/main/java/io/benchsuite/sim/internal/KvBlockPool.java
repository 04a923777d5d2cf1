package io.benchsuite.sim.internal;

/**
 * The KV cache as fixed-size blocks ({@link io.benchsuite.sim.SimPhysics#BLOCK_TOKENS} tokens) at
 * numbered positions {@code 0..total-1} of device memory, with the prefix cache living in it, as in
 * vLLM's block manager:
 * <ul>
 *   <li>A block is <em>in use</em> while a sequence holds it (reference counted: sequences that share a
 *       cached prefix share its blocks) and <em>free</em> otherwise.</li>
 *   <li>Free blocks form a queue in the order they were freed; allocation takes the oldest. A freed
 *       block keeps its content: when it held a full prompt block, its prefix key stays findable until
 *       the block is allocated again, so the prefix cache is exactly the free blocks not yet reused
 *       (plus the blocks in use).</li>
 *   <li>A paged engine allocates single blocks, wherever they are; a contiguous engine asks for a run of
 *       adjacent positions ({@link #allocateRun}), first fit.</li>
 * </ul>
 * <b>Fragmentation</b> is SPEC §4's {@code 1 - largest free block / total free}, where a "free block" in
 * the sense of an allocator is a maximal run of adjacent free positions: {@code 1 - longest run of free
 * positions / free positions} (0 when nothing is free). It is exact: the free positions are a bitmap.
 * In a paged allocator any free block serves any request, so fragmentation there measures how
 * scattered the free memory is and never blocks an admission; in a contiguous one it is what makes a
 * request wait although enough memory is free.
 *
 * <p>Not thread-safe: owned by the engine's driving thread.
 */
final class KvBlockPool {
    private static final int NONE = -1;

    private final int total;
    private final int[] refs;
    private final int[] prev;
    private final int[] next;
    private final long[] freeBits;
    private final boolean prefixCaching;
    private final long[] keyOf;     // prefix key of a block holding a full prompt block, when hasKey
    private final boolean[] hasKey;
    /**
     * Prefix key -> position. A block's key is not removed when the block is reused: the entry goes stale (its block
     * no longer holds the key: {@link #holder}) and stale entries are removed together once they outnumber the pool
     * ({@link #forgetKey}). Removing each key as its block was reused was the run thread's largest item in a simulated
     * hour (3.5 M removals, each a random read of a table the rest of the run keeps out of the caches).
     */
    private final LongIntHashMap byKey;
    private int cached; // blocks that hold a findable key
    private int stale; // entries of byKey whose block no longer holds their key
    private int head = NONE;
    private int tail = NONE;
    private int free;

    KvBlockPool(int total, boolean prefixCaching) {
        if (total <= 0) throw new IllegalArgumentException("total must be > 0, got " + total);
        this.total = total;
        this.refs = new int[total];
        this.prev = new int[total];
        this.next = new int[total];
        this.freeBits = new long[(total + 63) >>> 6];
        this.prefixCaching = prefixCaching;
        this.keyOf = prefixCaching ? new long[total] : null;
        this.hasKey = prefixCaching ? new boolean[total] : null;
        this.byKey = prefixCaching ? new LongIntHashMap() : null;
        for (int b = 0; b < total; b++) appendFree(b);
    }

    int total() {
        return total;
    }

    int free() {
        return free;
    }

    int used() {
        return total - free;
    }

    /** How many of the leading {@code keys} (at most {@code limit}) have a block in the pool, in use or free. */
    int matchLeading(long[] keys, int limit) {
        if (!prefixCaching) return 0;
        int n = Math.min(limit, keys.length);
        int matched = 0;
        while (matched < n && holder(keys[matched]) >= 0) matched++;
        return matched;
    }

    /** Of the first {@code count} keys (all present), how many sit in free blocks (reusing them takes them off the free queue). */
    int freeAmongLeading(long[] keys, int count) {
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (refs[holder(keys[i])] == 0) n++;
        }
        return n;
    }

    /** Takes a reference to the block holding {@code key} (present by {@link #matchLeading}); returns its position. */
    int acquire(long key) {
        int b = holder(key);
        if (refs[b] == 0) unlinkFree(b);
        refs[b]++;
        return b;
    }

    /** Allocates the oldest free block (forgetting what it cached); returns its position. */
    int allocate() {
        if (head == NONE) throw new IllegalStateException("no free KV block");
        int b = head;
        unlinkFree(b);
        forgetKey(b);
        refs[b] = 1;
        return b;
    }

    /**
     * Allocates {@code count} adjacent free positions, the lowest run that fits (first fit), into
     * {@code out[0..count)}; returns false, allocating nothing, when no run is long enough.
     */
    boolean allocateRun(int count, int[] out) {
        int start = findRun(count);
        if (start < 0) return false;
        for (int i = 0; i < count; i++) {
            int b = start + i;
            unlinkFree(b);
            forgetKey(b);
            refs[b] = 1;
            out[i] = b;
        }
        return true;
    }

    /** Drops one reference; a block nobody holds goes to the back of the free queue, its content still findable. */
    void release(int b) {
        if (refs[b] <= 0) throw new IllegalStateException("block " + b + " released while free");
        if (--refs[b] == 0) appendFree(b);
    }

    /** Records that block {@code b} holds the full prompt block with prefix key {@code key} (the first holder of a key wins). */
    void register(int b, long key) {
        if (!prefixCaching || hasKey[b]) return;
        int entry = byKey.putIfAbsentOrGet(key, b);
        if (entry != LongIntHashMap.MISSING) {
            if (holds(entry, key)) return; // the first holder of a key wins
            byKey.replace(key, b); // a stale entry: its block was reused
            stale--;
        }
        keyOf[b] = key;
        hasKey[b] = true;
        cached++;
    }

    /** The block that holds {@code key}, or {@link LongIntHashMap#MISSING}. */
    private int holder(long key) {
        int b = byKey.get(key);
        return b != LongIntHashMap.MISSING && holds(b, key) ? b : LongIntHashMap.MISSING;
    }

    /** Whether block {@code b} holds {@code key}: an entry of {@link #byKey} whose block does not is stale. */
    private boolean holds(int b, long key) {
        return hasKey[b] && keyOf[b] == key;
    }

    /** Blocks that hold a findable prefix (in use or free). */
    int cachedBlocks() {
        return prefixCaching ? cached : 0;
    }

    /** {@code 1 - longest run of adjacent free positions / free positions}; 0 when nothing is free. O(total / 64). */
    double fragmentation() {
        if (free == 0) return 0;
        return 1.0 - (double) longestFreeRun() / free;
    }

    /**
     * The longest run of adjacent free positions. Runs inside a word are found by counting trailing ones and
     * zeros, not bit by bit: sampled once per simulated second over ~470 words (an H100's pool), the bit loop
     * was 4 % of a virtual hour's CPU.
     */
    int longestFreeRun() {
        int best = 0;
        int run = 0;
        for (int w = 0; w < freeBits.length; w++) {
            int width = Math.min(64, total - (w << 6));
            long bits = width == 64 ? freeBits[w] : freeBits[w] & ((1L << width) - 1);
            int pos = 0;
            while (pos < width) {
                long rest = bits >>> pos;
                if ((rest & 1) != 0) {
                    int ones = Math.min(Long.numberOfTrailingZeros(~rest), width - pos); // free positions from pos
                    run += ones;
                    pos += ones;
                } else {
                    best = Math.max(best, run);
                    run = 0;
                    pos += rest == 0 ? width - pos : Long.numberOfTrailingZeros(rest); // used positions from pos
                }
            }
        }
        return Math.max(best, run);
    }

    private int findRun(int count) {
        if (count > free) return -1;
        int run = 0;
        for (int b = 0; b < total; b++) {
            long bits = freeBits[b >>> 6];
            if (bits == 0 && (b & 63) == 0) { // a whole word in use: skip it
                run = 0;
                b += 63;
                continue;
            }
            if ((bits & (1L << (b & 63))) != 0) {
                if (++run == count) return b - count + 1;
            } else {
                run = 0;
            }
        }
        return -1;
    }

    private void forgetKey(int b) {
        if (prefixCaching && hasKey[b]) {
            hasKey[b] = false;
            cached--;
            // one pass over a table of at most twice the pool's entries per pool's worth of reused blocks
            if (++stale > total) {
                byKey.removeIf((key, block) -> !holds(block, key));
                stale = 0;
            }
        }
    }

    private void appendFree(int b) {
        prev[b] = tail;
        next[b] = NONE;
        if (tail == NONE) head = b;
        else next[tail] = b;
        tail = b;
        freeBits[b >>> 6] |= 1L << (b & 63);
        free++;
    }

    private void unlinkFree(int b) {
        int p = prev[b];
        int n = next[b];
        if (p == NONE) head = n;
        else next[p] = n;
        if (n == NONE) tail = p;
        else prev[n] = p;
        freeBits[b >>> 6] &= ~(1L << (b & 63));
        free--;
    }

    @Override
    public String toString() {
        return "KvBlockPool[total=" + total + ", free=" + free + ", cached=" + cachedBlocks() + "]";
    }
}
