package io.benchsuite.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class KvBlockPoolTest {

    /**
     * The prefix cache against a model that forgets a key the moment its block is reused: over many turns of a small
     * pool (stale entries are purged once they outnumber the pool), every lookup finds what the model finds.
     */
    @Test
    void aKeyIsFoundExactlyWhileItsBlockStillHoldsIt() {
        SplittableRandom random = new SplittableRandom(5);
        int total = 40;
        KvBlockPool pool = new KvBlockPool(total, true);
        Map<Long, Integer> model = new HashMap<>(); // key -> block holding it
        long[] modelKeyOf = new long[total];
        boolean[] modelHasKey = new boolean[total];
        List<Integer> held = new ArrayList<>();
        for (int op = 0; op < 200_000; op++) {
            long key = random.nextInt(300); // keys come back: registered again after their block was reused
            long[] keys = {key};
            int r = random.nextInt(10);
            if (r < 4 && pool.free() > 0) { // allocate a block and register a key in it
                int b = pool.allocate();
                if (modelHasKey[b]) {
                    model.remove(modelKeyOf[b]);
                    modelHasKey[b] = false;
                }
                held.add(b);
                pool.register(b, key);
                if (!model.containsKey(key)) { // the first holder of a key wins
                    model.put(key, b);
                    modelKeyOf[b] = key;
                    modelHasKey[b] = true;
                }
            } else if (r < 8 && !held.isEmpty()) {
                pool.release(held.remove(random.nextInt(held.size())));
            } else if (model.containsKey(key)) {
                assertThat(pool.matchLeading(keys, 1)).as("op %d key %d", op, key).isEqualTo(1);
                int b = pool.acquire(key);
                assertThat(b).isEqualTo(model.get(key));
                held.add(b);
            } else {
                assertThat(pool.matchLeading(keys, 1)).as("op %d key %d", op, key).isZero();
            }
            assertThat(pool.cachedBlocks()).isEqualTo(model.size());
        }
    }

    @Test
    void fragmentationIsOneMinusTheLongestFreeRunOverTheFreeBlocks() {
        KvBlockPool pool = new KvBlockPool(10, false);
        assertThat(pool.fragmentation()).as("all free, one run").isZero();
        int[] b = new int[10];
        for (int i = 0; i < 10; i++) b[i] = pool.allocate();
        assertThat(b).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9); // the oldest free first: positions in order
        assertThat(pool.fragmentation()).as("nothing free").isZero();
        // free positions 1, 2, 3 and 6, 8: longest run 3 of 5 free -> 1 - 3/5 = 0.4
        for (int p : new int[] {1, 2, 3, 6, 8}) pool.release(p);
        assertThat(pool.free()).isEqualTo(5);
        assertThat(pool.longestFreeRun()).isEqualTo(3);
        assertThat(pool.fragmentation()).isEqualTo(0.4);
        pool.release(7); // 6, 7, 8 join: runs 1-3 and 6-8
        assertThat(pool.fragmentation()).isCloseTo(0.5, Offset.offset(1e-12));
    }

    @Test
    void theLongestRunIsExactAcrossWordBoundaries() {
        KvBlockPool pool = new KvBlockPool(200, false);
        for (int i = 0; i < 200; i++) pool.allocate();
        for (int p = 60; p < 140; p++) pool.release(p); // a run of 80 over three 64-bit words
        pool.release(150);
        pool.release(199); // the last position, in a partial word
        assertThat(pool.longestFreeRun()).isEqualTo(80);
        assertThat(pool.fragmentation()).isEqualTo(1 - 80.0 / 82);
    }

    @Test
    void theLongestRunCountedByWordsEqualsTheOneCountedByPosition() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 300; round++) {
            int total = 1 + random.nextInt(700); // partial last words of every width
            KvBlockPool pool = new KvBlockPool(total, false);
            for (int i = 0; i < total; i++) pool.allocate();
            boolean[] free = new boolean[total];
            double share = random.nextDouble(); // from nearly all used to nearly all free
            for (int p = 0; p < total; p++) free[p] = random.nextDouble() < share;
            if (random.nextInt(4) == 0) { // a long run over several words
                int from = random.nextInt(total);
                for (int p = from; p < Math.min(total, from + 200); p++) free[p] = true;
            }
            int expected = 0;
            int run = 0;
            for (int p = 0; p < total; p++) {
                if (free[p]) pool.release(p);
                run = free[p] ? run + 1 : 0;
                expected = Math.max(expected, run);
            }
            assertThat(pool.longestFreeRun()).as("round %d, %d positions", round, total).isEqualTo(expected);
        }
    }

    @Test
    void aContiguousRequestTakesTheFirstRunThatFitsAndWaitsWhenNoneDoes() {
        KvBlockPool pool = new KvBlockPool(12, false);
        int[] run = new int[12];
        assertThat(pool.allocateRun(4, run)).isTrue();
        assertThat(run).startsWith(0, 1, 2, 3);
        assertThat(pool.allocateRun(4, run)).isTrue(); // 4..7
        assertThat(pool.allocateRun(4, run)).isTrue(); // 8..11
        for (int p = 0; p < 4; p++) pool.release(p);
        pool.release(8);
        pool.release(9);
        // 6 blocks free but the longest run is 4: a 5-block request cannot be placed (fragmentation 1 - 4/6)
        assertThat(pool.free()).isEqualTo(6);
        assertThat(pool.allocateRun(5, run)).isFalse();
        assertThat(pool.free()).as("a failed request takes nothing").isEqualTo(6);
        assertThat(pool.fragmentation()).isCloseTo(1 - 4.0 / 6, Offset.offset(1e-12));
        assertThat(pool.allocateRun(2, run)).isTrue();
        assertThat(run).startsWith(0, 1); // first fit
    }

    @Test
    void aFreedPromptBlockStaysFindableUntilItsMemoryIsReused() {
        KvBlockPool pool = new KvBlockPool(3, true);
        int a = pool.allocate();
        int b = pool.allocate();
        pool.register(a, 111L);
        pool.register(b, 222L);
        assertThat(pool.matchLeading(new long[] {111L, 222L, 333L}, 10)).isEqualTo(2);
        pool.release(a);
        pool.release(b);
        // free but cached: a new prompt with the same prefix reuses them (taking them off the free queue)
        assertThat(pool.matchLeading(new long[] {111L, 222L}, 10)).isEqualTo(2);
        assertThat(pool.freeAmongLeading(new long[] {111L, 222L}, 2)).isEqualTo(2);
        assertThat(pool.acquire(111L)).isEqualTo(a);
        assertThat(pool.free()).isEqualTo(2);
        // allocation takes the oldest free block: position 2 (never used), then b, which forgets its prefix
        assertThat(pool.allocate()).isEqualTo(2);
        assertThat(pool.allocate()).isEqualTo(b);
        assertThat(pool.matchLeading(new long[] {111L, 222L}, 10)).as("the second block was evicted").isEqualTo(1);
        assertThat(pool.matchLeading(new long[] {111L, 222L}, 0)).as("limit").isZero();
        assertThatThrownBy(pool::allocate).isInstanceOf(IllegalStateException.class).hasMessage("no free KV block");
        pool.release(a);
        assertThatThrownBy(() -> pool.release(a)).hasMessageContaining("released while free");
    }

    @Test
    void sharedBlocksAreCountedOnceAndFreedWhenTheLastHolderLetsGo() {
        KvBlockPool pool = new KvBlockPool(4, true);
        int a = pool.allocate();
        pool.register(a, 7L);
        assertThat(pool.acquire(7L)).isEqualTo(a); // a second sequence shares it
        assertThat(pool.used()).isEqualTo(1);
        pool.release(a);
        assertThat(pool.used()).isEqualTo(1);
        pool.release(a);
        assertThat(pool.used()).isZero();
        assertThat(pool.cachedBlocks()).isEqualTo(1);
    }
}
