package io.benchsuite.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.RateProfile;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Arrival statistics over 20,000 draws with a fixed seed. Tolerances: the standard error of a mean
 * of n exponential gaps is mean/sqrt(n) (0.7% at n = 20,000); we allow 3% so the test pins the
 * process, not the seed. CV tolerances are 5%.
 */
class ArrivalTimesTest {
    private static final int N = 20_000;

    private static double[] gaps(Arrival arrival, double rate) {
        ArrivalTimes times = new ArrivalTimes(arrival, RateProfile.steady(rate), new SplittableRandom(7));
        long prev = times.next();
        double[] g = new double[N];
        for (int i = 0; i < N; i++) {
            long t = times.next();
            g[i] = (t - prev) / 1e9;
            prev = t;
        }
        return g;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) s += x;
        return s / v.length;
    }

    private static double cv(double[] v) {
        double m = mean(v), ss = 0;
        for (double x : v) ss += (x - m) * (x - m);
        return Math.sqrt(ss / (v.length - 1)) / m;
    }

    @Test
    void poissonGapsHaveMeanOneOverLambdaAndCvOne() {
        double[] g = gaps(Arrival.poisson(), 10);
        assertThat(mean(g)).isCloseTo(0.1, within(0.003));
        assertThat(cv(g)).isCloseTo(1.0, within(0.05));
    }

    @Test
    void gammaGapsHaveTheRequestedCv() {
        double[] bursty = gaps(Arrival.gamma(0.25), 10); // CV = 1/sqrt(0.25) = 2
        assertThat(mean(bursty)).isCloseTo(0.1, within(0.006));
        assertThat(cv(bursty)).isCloseTo(2.0, within(0.1));
        double[] regular = gaps(Arrival.gamma(4), 10); // CV = 0.5
        assertThat(mean(regular)).isCloseTo(0.1, within(0.003));
        assertThat(cv(regular)).isCloseTo(0.5, within(0.025));
    }

    @Test
    void constantGapsAreExactAndStartAtZero() {
        ArrivalTimes times = new ArrivalTimes(Arrival.constant(), RateProfile.steady(4), new SplittableRandom(1));
        assertThat(times.next()).isZero();
        for (int i = 1; i <= 1000; i++) {
            assertThat(times.next()).isEqualTo(i * 250_000_000L); // no drift after 1000 gaps
        }
    }

    @Test
    void rampRateRisesLinearly() {
        // 0 -> 20 req/s over 10 s: expected arrivals in [0,5) = 25, in [5,10) = 75 (area under the line)
        ArrivalTimes times = new ArrivalTimes(Arrival.constant(), RateProfile.ramp(0, 20, Duration.ofSeconds(10)),
                new SplittableRandom(1));
        int firstHalf = 0, secondHalf = 0;
        for (long t = times.next(); t < 10_000_000_000L; t = times.next()) {
            if (t < 5_000_000_000L) firstHalf++;
            else secondHalf++;
        }
        assertThat(firstHalf).isBetween(24, 26);
        assertThat(secondHalf).isBetween(74, 76);
    }

    @Test
    void constantArrivalsOnARampMatchTheInverseOfTheCumulativeRate() {
        // rate(t) = 2t on [0,10): Λ(t) = t², so the k-th arrival is at sqrt(k)
        ArrivalTimes times = new ArrivalTimes(Arrival.constant(), RateProfile.ramp(0, 20, Duration.ofSeconds(10)),
                new SplittableRandom(1));
        times.next(); // t = 0
        for (int k = 1; k <= 99; k++) {
            assertThat(times.next() / 1e9).isCloseTo(Math.sqrt(k), within(1e-6));
        }
    }

    @Test
    void burstSpikesFollowTheirDefinition() {
        // base 2/s, spikes of 20/s for the last 1 s of every 5 s period, over 100 s
        ArrivalTimes times = new ArrivalTimes(Arrival.poisson(), RateProfile.burst(2, 20, Duration.ofSeconds(1),
                Duration.ofSeconds(5)), new SplittableRandom(3));
        int inSpikes = 0, inBase = 0;
        for (long t = times.next(); t < 100_000_000_000L; t = times.next()) {
            double intoPeriod = (t / 1e9) % 5;
            if (intoPeriod >= 4) inSpikes++;
            else inBase++;
        }
        // expected: spikes 20 s x 20/s = 400, base 80 s x 2/s = 160 (Poisson sd ~20 and ~13)
        assertThat(inSpikes).isBetween(340, 460);
        assertThat(inBase).isBetween(120, 200);
    }

    @Test
    void stepsHoldEachLevelAndEnd() {
        RateProfile steps = RateProfile.steps(List.of(new RateProfile.Step(2, Duration.ofSeconds(2)),
                new RateProfile.Step(0, Duration.ofSeconds(1)), new RateProfile.Step(10, Duration.ofSeconds(1))));
        ArrivalTimes times = new ArrivalTimes(Arrival.constant(), steps, new SplittableRandom(1));
        int first = 0, gap = 0, last = 0;
        long t;
        while ((t = times.next()) != Long.MAX_VALUE) {
            if (t < 2_000_000_000L) first++;
            else if (t < 3_000_000_000L) gap++;
            else if (t < 4_000_000_000L) last++;
            else break;
        }
        assertThat(first).isEqualTo(4);
        assertThat(gap).isZero();
        assertThat(last).isBetween(9, 10);
        assertThat(steps.naturalLength()).contains(Duration.ofSeconds(4));
    }
}
