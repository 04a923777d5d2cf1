package io.benchsuite.core.analysis.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * TPS–FTL joint calibration (SPEC §4.1): over a sweep that holds the prompt fixed and raises the load,
 * token throughput (TPS) and first-token latency (FTL) are read together and three answers are given:
 * <ul>
 *   <li><b>throughput knee</b>: Kneedle ({@link Kneedle}) on throughput against load, concave increasing: where
 *       throughput stops growing with load (saturation);</li>
 *   <li><b>latency knee</b>: Kneedle on the chosen latency figure against load, convex increasing: where
 *       latency starts to climb steeply;</li>
 *   <li><b>balance point</b>: SPEC's own definition, "the highest level before latency grows faster than
 *       throughput": the last load L<sub>i</sub> such that going to L<sub>i+1</sub> does not raise latency by a
 *       larger factor than throughput, i.e. the load before the first step with
 *       FTL<sub>i+1</sub> ÷ FTL<sub>i</sub> &gt; X<sub>i+1</sub> ÷ X<sub>i</sub>; the highest load when no step
 *       does.</li>
 * </ul>
 * plus the scaling efficiency at each load ({@link ScalingEfficiency}). Points without a measured throughput
 * or latency are left out of the analyses that need them. Kneedle needs 3 points; with fewer the knees are
 * absent.
 */
public final class TpsFtlCalibration {
    private TpsFtlCalibration() {}

    /**
     * The calibration of one sweep.
     *
     * @param points the points used, in load order
     * @param latency the latency figure read as FTL
     * @param throughputKnee where throughput saturates, or empty
     * @param latencyKnee where latency turns steep, or empty
     * @param balancePoint the highest load before latency grows faster than throughput, or empty with fewer than 2 points
     * @param scaling scaling efficiency at each load (empty when no point has load and throughput above 0)
     */
    public record Analysis(List<SweepPoint> points, PointFigure latency, Optional<Knee> throughputKnee,
                           Optional<Knee> latencyKnee, OptionalDouble balancePoint, List<ScalingEfficiency.Level> scaling) {
        /**
         * Copies the lists.
         *
         * @param points the points used
         * @param latency the latency figure
         * @param throughputKnee the throughput knee
         * @param latencyKnee the latency knee
         * @param balancePoint the balance point
         * @param scaling scaling efficiency
         */
        public Analysis {
            points = List.copyOf(points);
            notNull(latency, "latency");
            notNull(throughputKnee, "throughputKnee");
            notNull(latencyKnee, "latencyKnee");
            notNull(balancePoint, "balancePoint");
            scaling = List.copyOf(scaling);
        }
    }

    /**
     * Calibrates a sweep.
     *
     * @param points the sweep points, any order, distinct loads
     * @param latency the latency figure to read as FTL (usually {@link PointFigure#TTFT_P50} or {@link PointFigure#TTFT_P99})
     * @param scale the load axis's scale for Kneedle ({@link XScale#LOG} for a doubling grid)
     * @return the analysis
     */
    public static Analysis analyse(List<SweepPoint> points, PointFigure latency, XScale scale) {
        notNull(points, "points");
        notNull(latency, "latency");
        notNull(scale, "scale");
        List<SweepPoint> sorted = points.stream().sorted(Comparator.comparingDouble(SweepPoint::load)).toList();
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).load() == sorted.get(i - 1).load()) {
                throw new IllegalArgumentException("two sweep points share the load " + sorted.get(i).load());
            }
        }
        Optional<Knee> tKnee = knee(sorted, SweepPoint::outputTokensPerSecond, CurveShape.CONCAVE_INCREASING, scale);
        Optional<Knee> lKnee = knee(sorted, p -> p.figure(latency), CurveShape.CONVEX_INCREASING, scale);
        List<ScalingEfficiency.Level> scaling;
        try {
            scaling = ScalingEfficiency.of(sorted);
        } catch (IllegalArgumentException noBase) {
            scaling = List.of();
        }
        return new Analysis(sorted, latency, tKnee, lKnee, balancePoint(sorted, latency), scaling);
    }

    private static Optional<Knee> knee(List<SweepPoint> sorted, ToDoubleFunction<SweepPoint> y, CurveShape shape, XScale scale) {
        List<SweepPoint> usable = sorted.stream()
                .filter(p -> Double.isFinite(y.applyAsDouble(p)) && (scale == XScale.LINEAR || p.load() > 0)).toList();
        if (usable.size() < 3) return Optional.empty();
        double[] xs = usable.stream().mapToDouble(SweepPoint::load).toArray();
        double[] ys = usable.stream().mapToDouble(y).toArray();
        return Kneedle.of(shape).scale(scale).find(xs, ys).knee();
    }

    private static OptionalDouble balancePoint(List<SweepPoint> sorted, PointFigure latency) {
        List<SweepPoint> usable = new ArrayList<>();
        for (SweepPoint p : sorted) {
            double l = p.figure(latency);
            if (l > 0 && Double.isFinite(l) && p.outputTokensPerSecond() > 0 && Double.isFinite(p.outputTokensPerSecond())) usable.add(p);
        }
        if (usable.size() < 2) return OptionalDouble.empty();
        for (int i = 0; i + 1 < usable.size(); i++) {
            SweepPoint a = usable.get(i), b = usable.get(i + 1);
            double latencyGrowth = b.figure(latency) / a.figure(latency);
            double throughputGrowth = b.outputTokensPerSecond() / a.outputTokensPerSecond();
            if (latencyGrowth > throughputGrowth) return OptionalDouble.of(a.load());
        }
        return OptionalDouble.of(usable.get(usable.size() - 1).load());
    }
}
