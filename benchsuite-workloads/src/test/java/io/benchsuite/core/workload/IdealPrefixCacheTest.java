package io.benchsuite.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.source.PrefixBlock;
import io.benchsuite.api.workload.source.RequestPlan;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdealPrefixCacheTest {
    private static List<PrefixBlock> blocks(long... idsThen512) {
        return Arrays.stream(idsThen512).mapToObj(id -> new PrefixBlock(id, 512)).toList();
    }

    @Test
    void aBlockHitsOnlyWhenItsWholeChainWasSeen() {
        IdealPrefixCache c = new IdealPrefixCache();
        assertThat(c.observe(blocks(1, 2, 3), 1536)).isZero();
        assertThat(c.observe(blocks(1, 2, 4), 1536)).isEqualTo(1024);
        // Block 3 was seen, but after 1,2, not after 9: the chain breaks at 9 and nothing after it counts.
        assertThat(c.observe(blocks(9, 3), 1024)).isZero();
        assertThat(c.observe(blocks(1, 2, 3), 2000)).isEqualTo(1536); // the tokens after the blocks are unique
        assertThat(c.sharing()).isEqualTo(new PrefixSharing(4, 1536 * 2 + 1024 + 2000, 1024 + 1536));
    }

    @Test
    void aPartialBlockHitsForNoMoreThanWasCached() {
        IdealPrefixCache c = new IdealPrefixCache();
        c.observe(List.of(new PrefixBlock(1, 512), new PrefixBlock(2, 100)), 612);
        // Block 2 held 100 tokens: a full block 2 hits for those 100 and ends the chain there.
        assertThat(c.observe(blocks(1, 2, 3), 1536)).isEqualTo(612);
        // Now block 2 is cached whole (512), and so is 3 after it.
        assertThat(c.observe(blocks(1, 2, 3), 1536)).isEqualTo(1536);
        assertThat(c.observe(List.of(new PrefixBlock(1, 200)), 200)).isEqualTo(200);
    }

    @Test
    void sessionTurnsHitTheirWholeHistoryWithTheAnswersReceived() {
        IdealPrefixCache c = new IdealPrefixCache();
        RequestPlan t1 = turn(0, "s", 1, false, 100, 50);
        RequestPlan t2 = turn(1, "s", 2, false, 20, 30);
        RequestPlan t3 = turn(2, "s", 3, true, 10, 5);
        RequestPlan other = turn(3, "u", 1, true, 100, 50);
        assertThat(c.observe(t1)).isZero();
        assertThat(c.observe(other)).isZero(); // another session's identical-length prompt is not the same text
        assertThat(c.observe(t2)).isEqualTo(150);
        c.answered("s", 70); // the answer received was longer than planned
        assertThat(c.observe(t3)).isEqualTo(150 + 20 + 70);
        assertThat(c.sharing()).isEqualTo(new PrefixSharing(4, 100 + 100 + 170 + 250, 150 + 240));
        // The session is over: a new turn 1 with the same id starts from scratch.
        assertThat(c.observe(turn(4, "s", 1, true, 100, 5))).isZero();
    }

    @Test
    void aTurnWhoseSessionWasNotSeenCountsAsAPromptOfItsOwn() {
        IdealPrefixCache c = new IdealPrefixCache();
        assertThat(c.observe(turn(0, "s", 2, false, 40, 10))).isZero();
        assertThat(c.observe(turn(1, "s", 3, true, 40, 10))).isEqualTo(50);
        assertThat(c.sharing().promptTokens()).isEqualTo(40 + 90);
    }

    @Test
    void sharingRatioAndChecks() {
        assertThat(new PrefixSharing(0, 0, 0).ratio()).isZero();
        assertThat(new PrefixSharing(2, 8, 2).ratio()).isEqualTo(0.25);
        assertThatThrownBy(() -> new PrefixSharing(1, 5, 6)).hasMessageContaining("repeatedTokens <= promptTokens");
    }

    @Test
    void theMapHoldsManyKeysThroughItsGrowth() {
        LongIntMap m = new LongIntMap();
        for (long k = -50_000; k < 50_000; k++) m.putMax(Mix.fmix64(k), (int) (k & 1023));
        m.putMax(Mix.fmix64(3), 1);
        assertThat(m.size()).isEqualTo(100_000);
        for (long k = -50_000; k < 50_000; k += 997) assertThat(m.get(Mix.fmix64(k), -1)).isEqualTo((int) (k & 1023));
        assertThat(m.get(12345, -1)).isEqualTo(-1);
        m.putMax(0, 4);
        m.putMax(0, 2);
        assertThat(m.get(0, -1)).isEqualTo(4);
    }

    private static RequestPlan turn(long index, String session, int turn, boolean last, int in, int out) {
        return RequestPlan.builder(index).prompt("x").inputTokens(in).outputTokens(out).session(session, turn, last).build();
    }
}
