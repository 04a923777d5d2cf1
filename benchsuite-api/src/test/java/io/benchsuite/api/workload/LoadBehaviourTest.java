package io.benchsuite.api.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the load models and profiles answer themselves, so the engine needs no type switches. */
class LoadBehaviourTest {
    private static final long S = 1_000_000_000L;

    @Test
    void maxIsThePeakOfEveryProfile() {
        assertThat(RateProfile.steady(3).max()).isEqualTo(3);
        assertThat(RateProfile.ramp(8, 2, Duration.ofSeconds(5)).max()).isEqualTo(8);
        assertThat(RateProfile.burst(2, 20, Duration.ofSeconds(1), Duration.ofSeconds(10)).max()).isEqualTo(20);
        assertThat(RateProfile.steps(List.of(new RateProfile.Step(1, Duration.ofSeconds(1)),
                new RateProfile.Step(7, Duration.ofSeconds(1)), new RateProfile.Step(4, Duration.ofSeconds(1)))).max()).isEqualTo(7);
    }

    @Test
    void meanLevelIntegratesThePieces() {
        assertThat(RateProfile.ramp(0, 20, Duration.ofSeconds(10)).meanLevel(0, 10 * S)).isCloseTo(10, within(1e-12));
        assertThat(RateProfile.steady(3).meanLevel(0, 5 * S)).isCloseTo(3, within(1e-12));
        // steps 1/1s, 4/1s: over [0.5 s, 2 s) the mean is (0.5 x 1 + 1 x 4) / 1.5
        RateProfile steps = RateProfile.steps(List.of(new RateProfile.Step(1, Duration.ofSeconds(1)),
                new RateProfile.Step(4, Duration.ofSeconds(1))));
        assertThat(steps.meanLevel(S / 2, 2 * S)).isCloseTo(4.5 / 1.5, within(1e-12));
        assertThat(steps.meanLevel(S, S)).isNaN();
    }

    @Test
    void aRisingPieceSaysExactlyWhenItReachesALevel() {
        RateProfile.Piece ramp = RateProfile.ramp(0, 4, Duration.ofSeconds(4)).pieceAt(0);
        assertThat(ramp.firstAtOrAbove(1, 0)).isEqualTo(S);
        assertThat(ramp.firstAtOrAbove(2.5, 0)).isEqualTo(2_500_000_000L);
        assertThat(ramp.firstAtOrAbove(1, 3 * S)).as("already above: now").isEqualTo(3 * S);
        assertThat(ramp.firstAtOrAbove(4, 0)).as("reached only at the end, which belongs to the next piece").isEqualTo(-1);
        assertThat(RateProfile.steady(2).pieceAt(0).firstAtOrAbove(3, 0)).isEqualTo(-1);
        assertThat(RateProfile.ramp(4, 0, Duration.ofSeconds(4)).pieceAt(S).firstAtOrAbove(4, S)).as("falling").isEqualTo(-1);
        // at the returned offset the level really is at least the target (no rounding below it)
        RateProfile.Piece odd = RateProfile.ramp(0.3, 7.7, Duration.ofMillis(3333)).pieceAt(0);
        for (int level = 1; level <= 7; level++) {
            long t = odd.firstAtOrAbove(level, 0);
            assertThat(odd.levelAt(t)).as("level at %d", t).isGreaterThanOrEqualTo(level);
            assertThat(odd.levelAt(t - 1)).as("level just before %d", t).isLessThan(level);
        }
    }

    @Test
    void loadModelsAnswerConcurrencyLimitAndTargetRate() {
        LoadModel open = new LoadModel.OpenLoop(Arrival.poisson(), RateProfile.ramp(0, 20, Duration.ofSeconds(10)), 32);
        assertThat(open.concurrencyLimit()).isEqualTo(32);
        assertThat(open.targetRate(0, 10 * S)).isCloseTo(10, within(1e-12));
        assertThat(open.profile()).isEqualTo(RateProfile.ramp(0, 20, Duration.ofSeconds(10)));
        LoadModel closed = new LoadModel.ClosedLoop(RateProfile.ramp(1, 5.5, Duration.ofSeconds(10)), Duration.ZERO);
        assertThat(closed.concurrencyLimit()).as("peak users, fractions rounded down").isEqualTo(5);
        assertThat(closed.targetRate(0, S)).isNaN();
        assertThat(new LoadModel.ClosedLoop(RateProfile.steady(0), Duration.ZERO).concurrencyLimit()).isEqualTo(1);
    }
}
