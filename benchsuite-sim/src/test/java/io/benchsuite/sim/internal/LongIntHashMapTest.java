package io.benchsuite.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongIntHashMapTest {
    @Test
    void behavesAsAHashMapUnderMillionsOfPutsAndRemovals() {
        // a small key range so that chains collide, removals land mid-chain and the table grows
        SplittableRandom random = new SplittableRandom(7);
        LongIntHashMap map = new LongIntHashMap();
        Map<Long, Integer> expected = new HashMap<>();
        for (int op = 0; op < 2_000_000; op++) {
            long key = random.nextInt(5000) - 2500L; // 0 and negatives included
            if (random.nextInt(3) == 0) {
                assertThat(map.remove(key)).isEqualTo(expected.remove(key) != null);
            } else {
                int value = random.nextInt(1_000_000);
                assertThat(map.putIfAbsent(key, value)).isEqualTo(expected.putIfAbsent(key, value) == null);
            }
            if (op % 1000 == 0) assertThat(map.size()).isEqualTo(expected.size());
        }
        for (long key = -2600; key < 2600; key++) {
            assertThat(map.get(key)).as("key %d", key).isEqualTo(expected.getOrDefault(key, LongIntHashMap.MISSING));
            assertThat(map.containsKey(key)).isEqualTo(expected.containsKey(key));
        }
    }

    @Test
    void removingFromTheMiddleOfAChainKeepsTheKeysAfterItFindable() {
        LongIntHashMap map = new LongIntHashMap();
        List<Long> keys = new ArrayList<>();
        // hashes of chained blocks look like this: well spread 64-bit values
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 30_000; i++) {
            long k = random.nextLong();
            keys.add(k);
            assertThat(map.putIfAbsent(k, i)).isTrue();
        }
        for (int i = 0; i < keys.size(); i += 2) assertThat(map.remove(keys.get(i))).isTrue();
        for (int i = 0; i < keys.size(); i++) {
            assertThat(map.get(keys.get(i))).isEqualTo(i % 2 == 0 ? LongIntHashMap.MISSING : i);
        }
        assertThat(map.size()).isEqualTo(15_000);
        assertThat(map.remove(keys.get(0))).isFalse();
        assertThat(map.putIfAbsent(keys.get(1), 99)).isFalse();
        assertThat(map.get(keys.get(1))).isEqualTo(1);
    }

    @Test
    void removeIfDropsExactlyTheEntriesItIsAskedToAcrossChainsThatWrapTheTable() {
        SplittableRandom random = new SplittableRandom(3);
        for (int round = 0; round < 200; round++) {
            LongIntHashMap map = new LongIntHashMap();
            Map<Long, Integer> expected = new HashMap<>();
            int count = 1 + random.nextInt(3000);
            for (int i = 0; i < count; i++) {
                // few distinct keys per round at first: short tables whose chains wrap round the end
                long key = round % 2 == 0 ? random.nextLong() : random.nextInt(4 * count) - 2L * count;
                int value = random.nextInt(1000);
                assertThat(map.putIfAbsentOrGet(key, value)).isEqualTo(expected.getOrDefault(key, LongIntHashMap.MISSING));
                expected.putIfAbsent(key, value);
            }
            int threshold = random.nextInt(1000);
            int removed = map.removeIf((key, value) -> value < threshold);
            int before = expected.size();
            expected.values().removeIf(v -> v < threshold);
            assertThat(removed).isEqualTo(before - expected.size());
            assertThat(map.size()).isEqualTo(expected.size());
            for (Map.Entry<Long, Integer> e : expected.entrySet()) assertThat(map.get(e.getKey())).isEqualTo(e.getValue());
            // what is left still takes puts, replacements and removals as a map
            for (Long key : expected.keySet()) {
                map.replace(key, 7);
                assertThat(map.get(key)).isEqualTo(7);
                assertThat(map.remove(key)).isTrue();
            }
            assertThat(map.size()).isZero();
        }
    }

    @Test
    void replacingAnAbsentKeyIsRefused() {
        assertThatThrownBy(() -> new LongIntHashMap().replace(5, 1)).isInstanceOf(IllegalStateException.class)
                .hasMessage("key 5 is not mapped");
    }

    @Test
    void refusesNegativeValues() {
        assertThatThrownBy(() -> new LongIntHashMap().putIfAbsent(1, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value must be >= 0, got -1");
    }
}
