package io.benchsuite.core.analysis.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TpsFtlCalibrationTest {
    private static final double[] DOUBLING = {1, 2, 4, 8, 16, 32, 64, 128, 256};

    private static List<SweepPoint> sweep(double... loads) {
        List<SweepPoint> points = new ArrayList<>();
        for (double c : loads) points.add(ServerModel.point(c));
        return points;
    }

    @Test
    void saturatingServerHasAllThreeKneesAtItsBatchCapacity() {
        // On a log axis the throughput curve's difference d peaks at c = 32 (ŷ = 1, x̂ = 5/8, d = .375, vs .25 at 64),
        // TTFT's at 32 too (d = .623 vs .606 at 64), and the step 32 -> 64 multiplies TTFT by 26.6 but throughput by 1.
        TpsFtlCalibration.Analysis a = TpsFtlCalibration.analyse(sweep(DOUBLING), PointFigure.TTFT_P50, XScale.LOG);
        assertThat(a.throughputKnee().orElseThrow().x()).isEqualTo(32.0);
        assertThat(a.latencyKnee().orElseThrow().x()).isEqualTo(32.0);
        assertThat(a.balancePoint()).hasValue(32.0);
        assertThat(a.throughputKnee().orElseThrow().difference()).isCloseTo(1 - 5.0 / 8, within(1e-12));
    }

    @Test
    void pointsMayArriveInAnyOrderAndUnmeasuredOnesAreLeftOut() {
        List<SweepPoint> points = new ArrayList<>(sweep(256, 4, 64, 1, 32, 8, 128, 16, 2));
        points.add(new SweepPoint(512, 10, 10, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN));
        TpsFtlCalibration.Analysis a = TpsFtlCalibration.analyse(points, PointFigure.TTFT_P99, XScale.LOG);
        assertThat(a.points()).extracting(SweepPoint::load).containsExactly(1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0);
        assertThat(a.throughputKnee().orElseThrow().x()).isEqualTo(32.0);
        assertThat(a.balancePoint()).hasValue(32.0);
        assertThat(a.scaling()).hasSize(9);
    }

    @Test
    void scalingEfficiencyIsThroughputOverNTimesSingleUserThroughput() {
        List<ScalingEfficiency.Level> levels = ScalingEfficiency.of(sweep(DOUBLING));
        double x1 = 1000 / (10 * (1 + 1.0 / 64)); // 98.46 tok/s at one user
        assertThat(levels.get(0).efficiency()).isEqualTo(1.0);
        assertThat(levels.get(5).load()).isEqualTo(32.0);
        assertThat(levels.get(5).efficiency()).isCloseTo(32 * 1000 / 15.0 / (32 * x1), within(1e-12)); // 0.677
        assertThat(levels.get(8).efficiency()).isCloseTo(32 * 1000 / 15.0 / (256 * x1), within(1e-12)); // 0.0846
    }

    @Test
    void scalingEfficiencyWithoutAPointAtOneUsesTheLowestLoadAsBase() {
        List<SweepPoint> points = List.of(tput(2, 100), tput(4, 180), tput(8, 200));
        assertThat(ScalingEfficiency.of(points)).extracting(ScalingEfficiency.Level::efficiency)
                .containsExactly(1.0, 0.9, 0.5);
        assertThatThrownBy(() -> ScalingEfficiency.of(List.of(tput(0, 5), tput(2, 0))))
                .hasMessage("scaling efficiency needs a point with load > 0 and output throughput > 0; got 2 points");
    }

    @Test
    void balancePointIsTheLastLoadBeforeLatencyOutgrowsThroughput() {
        // throughput x1.9 then x1.5 then x1.1; latency x1.1 then x1.4 then x2.0: the third step breaks the balance
        List<SweepPoint> points = List.of(tl(1, 100, 10), tl(2, 190, 11), tl(4, 285, 15.4), tl(8, 313.5, 30.8));
        assertThat(TpsFtlCalibration.analyse(points, PointFigure.TTFT_P50, XScale.LOG).balancePoint()).hasValue(4.0);
        // with every step balanced the answer is the highest load
        List<SweepPoint> balanced = List.of(tl(1, 100, 10), tl(2, 200, 11), tl(4, 400, 12));
        assertThat(TpsFtlCalibration.analyse(balanced, PointFigure.TTFT_P50, XScale.LOG).balancePoint()).hasValue(4.0);
    }

    @Test
    void tooFewPointsGiveNoKneesRatherThanAGuess() {
        TpsFtlCalibration.Analysis a = TpsFtlCalibration.analyse(sweep(1, 2), PointFigure.TTFT_P50, XScale.LOG);
        assertThat(a.throughputKnee()).isEmpty();
        assertThat(a.latencyKnee()).isEmpty();
        assertThat(a.balancePoint()).hasValue(2.0);
        assertThatThrownBy(() -> TpsFtlCalibration.analyse(sweep(1, 2, 2), PointFigure.TTFT_P50, XScale.LOG))
                .hasMessage("two sweep points share the load 2.0");
    }

    private static SweepPoint tput(double load, double tps) {
        return new SweepPoint(load, 10, 0, tps, tps, 1, 1, 1, 1, 1, 1);
    }

    private static SweepPoint tl(double load, double tps, double ttft) {
        return new SweepPoint(load, 10, 0, tps, tps, ttft, ttft, 1, 1, 1, 1);
    }
}
