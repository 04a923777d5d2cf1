package io.benchsuite.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.sim.SimPhysics;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BlockReadsTest {
    private static final int POSITIONS = 96;

    /** The count as it was: one increment per block read, in every step. */
    private static void countEach(long[] reads, List<Sequence> step) {
        for (Sequence s : step) {
            int blocks = Math.min(s.heldCount, (s.computed + SimPhysics.BLOCK_TOKENS - 1) / SimPhysics.BLOCK_TOKENS);
            for (int k = 0; k < blocks; k++) reads[s.held[k]]++;
        }
    }

    @Test
    void lazyCountsEqualCountingEveryBlockInEveryStep() {
        for (long seed = 0; seed < 40; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            BlockReads lazy = new BlockReads(POSITIONS);
            long[] reference = new long[POSITIONS];
            ArrayDeque<Integer> free = new ArrayDeque<>();
            for (int p = 0; p < POSITIONS; p++) free.add(p);
            List<Sequence> seqs = new ArrayList<>();
            for (int i = 0; i < 12; i++) seqs.add(new Sequence(i, null, 100, 100, PromptBlocks.of(""), i));
            int checks = 0;
            for (int op = 0; op < 4000; op++) {
                Sequence s = seqs.get(random.nextInt(seqs.size()));
                switch (random.nextInt(10)) {
                    case 0, 1 -> { // takes more blocks (admission, or on demand), then computes into them, or past them
                        int more = random.nextInt(1, 4);
                        for (int k = 0; k < more && !free.isEmpty(); k++) s.hold(free.poll());
                        s.computed = Math.min(s.heldCount * SimPhysics.BLOCK_TOKENS + random.nextInt(40),
                                s.computed + random.nextInt(0, 3 * SimPhysics.BLOCK_TOKENS));
                    }
                    case 2 -> { // lets its blocks go (end, preemption, cancellation)
                        lazy.release(s);
                        for (int k = 0; k < s.heldCount; k++) free.add(s.held[k]);
                        s.heldCount = 0;
                        s.computed = 0;
                    }
                    case 3 -> s.computed = random.nextInt(0, s.computed + 1); // fewer blocks read while held
                    case 4 -> {
                        assertThat(lazy.snapshot()).as("seed %d, op %d", seed, op).isEqualTo(reference);
                        checks++;
                    }
                    default -> { // a step over some of them, decodes and prefills
                        List<Sequence> decode = new ArrayList<>();
                        List<Sequence> prefill = new ArrayList<>();
                        for (Sequence t : seqs) {
                            int r = random.nextInt(3);
                            if (r == 0) decode.add(t);
                            else if (r == 1) prefill.add(t);
                        }
                        lazy.step(decode, prefill);
                        countEach(reference, decode);
                        countEach(reference, prefill);
                        for (Sequence t : decode) t.computed++;
                    }
                }
            }
            assertThat(checks).isGreaterThan(300);
            assertThat(lazy.snapshot()).isEqualTo(reference);
            assertThat(Arrays.stream(reference).max().orElse(0)).as("seed %d: the steps read blocks", seed).isGreaterThan(50);
            for (Sequence s : seqs) lazy.release(s);
            assertThat(lazy.snapshot()).as("everything settled").isEqualTo(reference);
        }
    }

    @Test
    void aSequenceInManyStepsAddsItsStepsToEachBlockItRead() {
        BlockReads reads = new BlockReads(8);
        Sequence s = new Sequence(1, null, 40, 10, PromptBlocks.of(""), 1);
        s.hold(5);
        s.hold(2);
        s.hold(7);
        s.computed = 17; // two blocks hold computed KV
        for (int i = 0; i < 3; i++) reads.step(List.of(s), List.of());
        s.computed = 40; // all three
        reads.step(List.of(), List.of(s));
        assertThat(reads.snapshot()).containsExactly(0, 0, 4, 0, 0, 4, 0, 1);
        reads.release(s);
        s.heldCount = 0;
        reads.step(List.of(s), List.of()); // held nothing: reads nothing
        assertThat(reads.snapshot()).containsExactly(0, 0, 4, 0, 0, 4, 0, 1);
    }
}
