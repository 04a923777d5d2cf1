package io.benchsuite.sim.internal;

import io.benchsuite.sim.SimPhysics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads of each KV block position: a step that attends to a sequence's computed KV reads each block holding
 * some of it once (a prefix block shared by several sequences once for each).
 *
 * <p>Counted lazily, in O(1) per sequence and step instead of one increment per block: a sequence counts the
 * steps it was in ({@code readSteps}) and, for each of its leading blocks being read, the step count when that
 * block's reads began; a block's reads are the difference, added to its position when the sequence lets the
 * block go ({@link #release}) and to a {@link #snapshot} while it holds it. The blocks read in a step are the
 * leading {@code min(heldCount, ceil(computed / BLOCK_TOKENS))} held ones; while a sequence holds its blocks that
 * count does not go down (a preemption releases them first), and when it does the blocks past the new count are
 * settled at once, so the totals are those of counting every block in every step.
 *
 * <p>The driver's thread calls {@link #step} and {@link #release}; {@link #snapshot} may be called from any
 * thread. The sequences' read-count fields are touched only under this object's lock.
 */
final class BlockReads {
    private final long[] reads;
    /** Sequences that have blocks being read (readBlocks > 0), each at its readIndex. */
    private final ArrayList<Sequence> pending = new ArrayList<>();

    BlockReads(int positions) {
        this.reads = new long[positions];
    }

    /** A step attends to the computed KV of each sequence of {@code decode} and of {@code prefill}. */
    synchronized void step(List<Sequence> decode, List<Sequence> prefill) {
        for (int i = 0, n = decode.size(); i < n; i++) step(decode.get(i));
        for (int i = 0, n = prefill.size(); i < n; i++) step(prefill.get(i));
    }

    private void step(Sequence s) {
        int blocks = Math.min(s.heldCount, blocksFor(s.computed));
        int before = s.readBlocks;
        if (blocks > before) {
            if (s.readSince == null || s.readSince.length < blocks) {
                int size = Math.max(blocks, s.readSince == null ? 8 : s.readSince.length * 2);
                s.readSince = s.readSince == null ? new long[size] : Arrays.copyOf(s.readSince, size);
                s.readPositions = s.readPositions == null ? new int[size] : Arrays.copyOf(s.readPositions, size);
            }
            for (int k = before; k < blocks; k++) {
                s.readSince[k] = s.readSteps;
                s.readPositions[k] = s.held[k];
            }
            if (before == 0) enlist(s);
        } else if (blocks < before) {
            settle(s, blocks, before);
            if (blocks == 0) delist(s);
        }
        s.readBlocks = blocks;
        s.readSteps++;
    }

    /** {@code s} is about to let all its blocks go: their reads are added to their positions. */
    synchronized void release(Sequence s) {
        if (s.readBlocks == 0) return;
        settle(s, 0, s.readBlocks);
        s.readBlocks = 0;
        delist(s);
    }

    /** Reads of each position since the start (a new array); any thread. */
    synchronized long[] snapshot() {
        long[] copy = reads.clone();
        for (int i = 0, n = pending.size(); i < n; i++) {
            Sequence s = pending.get(i);
            for (int k = 0; k < s.readBlocks; k++) copy[s.readPositions[k]] += s.readSteps - s.readSince[k];
        }
        return copy;
    }

    private void settle(Sequence s, int from, int to) {
        for (int k = from; k < to; k++) reads[s.readPositions[k]] += s.readSteps - s.readSince[k];
    }

    private void enlist(Sequence s) {
        s.readIndex = pending.size();
        pending.add(s);
    }

    private void delist(Sequence s) {
        int last = pending.size() - 1;
        Sequence moved = pending.get(last);
        pending.set(s.readIndex, moved);
        moved.readIndex = s.readIndex;
        pending.remove(last);
        s.readIndex = -1;
    }

    private static int blocksFor(long tokens) {
        return (int) ((tokens + SimPhysics.BLOCK_TOKENS - 1) / SimPhysics.BLOCK_TOKENS);
    }
}
