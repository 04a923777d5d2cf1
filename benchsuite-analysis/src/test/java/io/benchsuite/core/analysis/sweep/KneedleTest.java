package io.benchsuite.core.analysis.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class KneedleTest {

    private static double[] grid(double from, double to, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = from + (to - from) * i / (n - 1);
        return x;
    }

    private static double[] apply(double[] x, DoubleUnaryOperator f) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) y[i] = f.applyAsDouble(x[i]);
        return y;
    }

    @Test
    void thePapersFigureTwoCurveHasItsKneeAtTheThirdPoint() {
        // The kneed package documents this data set (its DataGenerator.figure2, rounded to 3 places) with
        // KneeLocator(S=1, concave, increasing).knee == 0.222. By hand: x̂ = i/9, ŷ = (y + 5) / 9.091,
        // d = [0, .4678, .5364, .5128, .4535, .3767, ...]; d[2] is the first local maximum, its threshold
        // .5364 - 1/9 = .4253, and d[5] = .3767 falls below it before any other maximum.
        double[] x = grid(0, 1, 10);
        double[] y = {-5.0, 0.263, 1.897, 2.692, 3.163, 3.475, 3.696, 3.861, 3.989, 4.091};
        Kneedle.Detection r = Kneedle.of(CurveShape.CONCAVE_INCREASING).find(x, y);
        assertThat(r.knee()).hasValueSatisfying(k -> {
            assertThat(k.index()).isEqualTo(2);
            assertThat(k.x()).isCloseTo(0.222, within(0.001));
            assertThat(k.difference()).isCloseTo((1.897 + 5) / 9.091 - 2.0 / 9, within(1e-12));
            assertThat(k.threshold()).isCloseTo(k.difference() - 1.0 / 9, within(1e-12));
        });
        assertThat(r.difference()).hasSize(10);
        assertThat(r.difference().get(0)).isZero();
        assertThat(r.difference().get(9)).isZero();
    }

    @Test
    void saturatingExponentialHasItsKneeWhereTheSlopeEqualsTheChords() {
        // y = 1 - e^(-x) on [0, 10]: d(x) = ŷ - x̂ is largest where ŷ' = 1/10, i.e. e^(-x) / (1 - e^-10) = 1/10,
        // x* = ln(10 / (1 - e^-10)) = 2.30263. On a 0.1 grid that is the point x = 2.3.
        double[] x = grid(0, 10, 101);
        Kneedle.Detection r = Kneedle.of(CurveShape.CONCAVE_INCREASING).find(x, apply(x, v -> 1 - Math.exp(-v)));
        assertThat(r.knee()).hasValueSatisfying(k -> assertThat(k.x()).isCloseTo(2.3, within(1e-9)));
        assertThat(r.knees()).hasSize(1);
    }

    @Test
    void theTimeConstantScalesTheKnee() {
        // y = 1 - e^(-x/τ) with τ = 4 on [0, 40]: x* = τ · ln(10 / (1 - e^-10)) = 9.2105, on a 0.4 grid 9.2
        double[] x = grid(0, 40, 101);
        Kneedle.Detection r = Kneedle.of(CurveShape.CONCAVE_INCREASING).find(x, apply(x, v -> 1 - Math.exp(-v / 4)));
        assertThat(r.knee().orElseThrow().x()).isCloseTo(9.2, within(1e-9));
    }

    @Test
    void piecewiseLinearCurveHasItsKneeExactlyAtTheBreak() {
        double[] x = grid(0, 10, 21);
        double[] y = apply(x, v -> v <= 5 ? v : 5 + 0.1 * (v - 5));
        Kneedle.Detection r = Kneedle.of(CurveShape.CONCAVE_INCREASING).find(x, y);
        assertThat(r.knee().orElseThrow().x()).isEqualTo(5.0);
        assertThat(r.knee().orElseThrow().y()).isEqualTo(5.0);
    }

    @Test
    void convexIncreasingHockeyStickFindsWhereLatencyTakesOff() {
        // y = e^x on [0, 5]: d = x̂ - ŷ is largest where e^x / (e^5 - 1) = 1/5, x* = ln((e^5 - 1) / 5) = 3.3838
        double[] x = grid(0, 5, 101);
        Kneedle.Detection r = Kneedle.of(CurveShape.CONVEX_INCREASING).find(x, apply(x, Math::exp));
        double expected = Math.log((Math.exp(5) - 1) / 5);
        assertThat(r.knee().orElseThrow().x()).isCloseTo(expected, within(0.05));
    }

    @Test
    void convexDecreasingElbowMirrorsTheIncreasingCase() {
        // y = e^-x on [0, 10]: chord 1 - x̂, d = 1 - x̂ - ŷ, largest at the same x* = 2.30263 as 1 - e^-x
        double[] x = grid(0, 10, 101);
        Kneedle.Detection r = Kneedle.of(CurveShape.CONVEX_DECREASING).find(x, apply(x, v -> Math.exp(-v)));
        assertThat(r.knee().orElseThrow().x()).isCloseTo(2.3, within(1e-9));
    }

    @Test
    void concaveDecreasingFindsWhereTheFallSteepens() {
        // y = 1 - e^(x - 10) on [0, 10] falls slowly then steeply; by symmetry with e^-x (x -> 10 - x) the knee is 10 - 2.3
        double[] x = grid(0, 10, 101);
        Kneedle.Detection r = Kneedle.of(CurveShape.CONCAVE_DECREASING).find(x, apply(x, v -> 1 - Math.exp(v - 10)));
        assertThat(r.knee().orElseThrow().x()).isCloseTo(7.7, within(1e-9));
    }

    @Test
    void noisyCurveKeepsTheStrongestKneeNotTheFirst() {
        // y = 1 - e^-x plus Gaussian noise (sd 0.02, seed 42) at 201 points: the true knee is x* = 2.3026.
        double[] x = grid(0, 10, 201);
        Random noise = new Random(42);
        double[] y = apply(x, v -> 1 - Math.exp(-v) + 0.02 * noise.nextGaussian());
        Kneedle.Detection raw = Kneedle.of(CurveShape.CONCAVE_INCREASING).find(x, y);
        // noise makes many local maxima pass the threshold; the first of them (the rule "return the first knee")
        // sits far too early, at 0.6
        assertThat(raw.knees().size()).isGreaterThan(10);
        assertThat(raw.knees().get(0).x()).isLessThan(1.0);
        // the one farthest from the chord is within a few grid steps of the truth (2.35 with this seed)
        assertThat(raw.knee().orElseThrow().x()).isCloseTo(2.3026, within(0.1));
        // LOESS smoothing leaves one candidate region; it flattens the bend a little, so the knee moves a bit later
        Kneedle.Detection smoothed = Kneedle.of(CurveShape.CONCAVE_INCREASING).smoothed(0.1).find(x, y);
        assertThat(smoothed.knee().orElseThrow().x()).isCloseTo(2.3026, within(0.2));
        assertThat(smoothed.knees().size()).isLessThan(raw.knees().size());
        assertThat(smoothed.knee().orElseThrow().y()).isEqualTo(y[smoothed.knee().orElseThrow().index()]);
    }

    @Test
    void sensitivityDecidesWhetherAWeakKneeCounts() {
        // slopes 1 then 0.9, break at 5: d peaks at only 0.026 (5/9.5 - 0.5). With S = 1 the threshold
        // (d - 1/10) is below every later d, so no knee; with S = 0.1 it is 0.016 and d(7) = 0.0158 falls below it.
        double[] x = grid(0, 10, 11);
        double[] y = apply(x, v -> v <= 5 ? v : 5 + 0.9 * (v - 5));
        assertThat(Kneedle.of(CurveShape.CONCAVE_INCREASING).find(x, y).knee()).isEmpty();
        assertThat(Kneedle.of(CurveShape.CONCAVE_INCREASING).sensitivity(0.1).find(x, y).knee().orElseThrow().x())
                .isEqualTo(5.0);
    }

    @Test
    void flatAndStraightCurvesHaveNoKnee() {
        double[] x = grid(0, 10, 11);
        assertThat(Kneedle.of(CurveShape.CONCAVE_INCREASING).find(x, apply(x, v -> 3)).knee()).isEmpty();
        assertThat(Kneedle.of(CurveShape.CONCAVE_INCREASING).find(x, apply(x, v -> 2 * v + 1)).knee()).isEmpty();
    }

    @Test
    void logScaleReadsADoublingGridEvenly() {
        // throughput that doubles up to 32 and then stays flat: on a log axis the break is at 32
        double[] x = {1, 2, 4, 8, 16, 32, 64, 128, 256};
        double[] y = apply(x, c -> Math.min(c, 32) * 100);
        assertThat(Kneedle.of(CurveShape.CONCAVE_INCREASING).scale(XScale.LOG).find(x, y).knee().orElseThrow().x())
                .isEqualTo(32.0);
    }

    @Test
    void badInputIsNamed() {
        Kneedle k = Kneedle.of(CurveShape.CONCAVE_INCREASING);
        assertThatThrownBy(() -> k.find(new double[] {1, 2}, new double[] {1, 2}))
                .hasMessage("Kneedle needs at least 3 points, got 2");
        assertThatThrownBy(() -> k.find(new double[] {1, 2, 2}, new double[] {1, 2, 3}))
                .hasMessage("x must be strictly increasing: x[2]=2.0 is not above x[1]=2.0");
        assertThatThrownBy(() -> k.find(new double[] {1, 2, 3}, new double[] {1, Double.NaN, 3}))
                .hasMessage("y[1] must be finite, got NaN");
        assertThatThrownBy(() -> k.find(new double[] {1, 2, 3}, new double[] {1, 2}))
                .hasMessage("x and y must have equal lengths, got 3 and 2");
        assertThatThrownBy(() -> k.scale(XScale.LOG).find(new double[] {0, 1, 2}, new double[] {1, 2, 3}))
                .hasMessage("a log x scale needs x > 0, got x[0]=0.0");
        assertThatThrownBy(() -> k.sensitivity(-1)).hasMessage("sensitivity must be a finite number >= 0, got -1.0");
        assertThatThrownBy(() -> k.smoothed(0)).hasMessage("LOESS bandwidth must be in (0, 1], got 0.0");
        assertThatThrownBy(() -> k.smoothed(0.1).find(new double[] {1, 2, 3, 4}, new double[] {1, 2, 3, 4}))
                .hasMessageStartingWith("LOESS bandwidth 0.1 is too small for 4 points");
    }
}
