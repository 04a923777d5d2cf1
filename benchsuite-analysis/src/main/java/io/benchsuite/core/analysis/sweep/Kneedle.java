package io.benchsuite.core.analysis.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.analysis.interpolation.LoessInterpolator;
import org.apache.commons.math3.exception.MathIllegalArgumentException;

/**
 * Finds the knee of a curve with Kneedle (V. Satopää, J. Albrecht, D. Irwin, B. Raghavan, "Finding a
 * 'Kneedle' in a Haystack: Detecting Knee Points in System Behavior", ICDCS Workshops 2011,
 * doi:10.1109/ICDCSW.2011.20), in its offline form.
 *
 * <h2>Method, exactly</h2>
 * Given n ≥ 3 points (x<sub>i</sub>, y<sub>i</sub>) with x strictly increasing, a {@link CurveShape}, a
 * sensitivity S ≥ 0 and an {@link XScale}:
 * <ol>
 *   <li><b>Scale.</b> u<sub>i</sub> = x<sub>i</sub> ({@link XScale#LINEAR}) or ln x<sub>i</sub>
 *       ({@link XScale#LOG}).</li>
 *   <li><b>Smooth (optional).</b> With {@link #smoothed(double)}, y is replaced by a LOESS fit over u
 *       (commons-math3 {@link LoessInterpolator}, the given bandwidth, 2 robustness iterations). The paper
 *       smooths with a spline; LOESS is a local fit that does not overshoot at a sharp knee, but it flattens
 *       the bend a little, so a smoothed knee can sit slightly later. Without it the raw y is used (right for a
 *       handful of sweep points, whose noise is already averaged within each run).</li>
 *   <li><b>Normalise</b> both axes to the unit square: x̂<sub>i</sub> = (u<sub>i</sub> − min u) / (max u − min u),
 *       ŷ<sub>i</sub> = (y<sub>i</sub> − min y) / (max y − min y).</li>
 *   <li><b>Difference curve</b>: the signed vertical distance of the curve from the chord between its
 *       normalised ends, positive where the knee bulges. The chord is c<sub>i</sub> = x̂<sub>i</sub> for an
 *       increasing curve and 1 − x̂<sub>i</sub> for a decreasing one; d<sub>i</sub> = ŷ<sub>i</sub> − c<sub>i</sub>
 *       for a concave curve and c<sub>i</sub> − ŷ<sub>i</sub> for a convex one. (The paper states the
 *       concave increasing case, d = ŷ − x̂; the other three are its flips, as in the {@code kneed} package.)</li>
 *   <li><b>Candidates</b>: the interior local maxima of d, i.e. 0 &lt; i &lt; n − 1 with
 *       d<sub>i−1</sub> &lt; d<sub>i</sub> ≥ d<sub>i+1</sub>.</li>
 *   <li><b>Threshold</b> of a candidate i: T<sub>i</sub> = d<sub>i</sub> − S · mean(x̂<sub>j+1</sub> − x̂<sub>j</sub>)
 *       = d<sub>i</sub> − S / (n − 1). Scanning right from i, the candidate is a <em>knee</em> when some
 *       d<sub>j</sub> &lt; T<sub>i</sub> before the next candidate; reaching the next candidate first
 *       discards it (the paper's threshold reset). A larger S demands a more pronounced knee.</li>
 *   <li><b>The knee</b> reported is the knee with the largest d<sub>i</sub> (the first such on a tie): the
 *       point farthest from the chord among those that pass the threshold test. For a curve with one
 *       knee this is the global maximum of d; noise knees, smaller by construction, are listed in
 *       {@link Detection#knees()} but not chosen.</li>
 * </ol>
 * A flat curve (max y = min y) or one whose difference curve never passes the test has no knee.
 * Known limits: the result depends on the x range swept (normalisation), so a knee of a sweep is a knee
 * of that sweep; with very few points the knee can only be one of them.
 */
public final class Kneedle {
    /** The paper's default sensitivity, S = 1. */
    public static final double DEFAULT_SENSITIVITY = 1.0;

    private final CurveShape shape;
    private final double sensitivity;
    private final XScale scale;
    private final double loessBandwidth;

    private Kneedle(CurveShape shape, double sensitivity, XScale scale, double loessBandwidth) {
        this.shape = shape;
        this.sensitivity = sensitivity;
        this.scale = scale;
        this.loessBandwidth = loessBandwidth;
    }

    /**
     * Kneedle for curves of this shape, with S = 1, a linear x scale and no smoothing.
     *
     * @param shape the curve's direction and curvature
     * @return the finder
     */
    public static Kneedle of(CurveShape shape) {
        return new Kneedle(notNull(shape, "shape"), DEFAULT_SENSITIVITY, XScale.LINEAR, 0);
    }

    /**
     * The same finder with sensitivity S.
     *
     * @param s a finite number of at least 0
     * @return the new finder
     */
    public Kneedle sensitivity(double s) {
        if (!(s >= 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("sensitivity must be a finite number >= 0, got " + s);
        }
        return new Kneedle(shape, s, scale, loessBandwidth);
    }

    /**
     * The same finder on this x scale.
     *
     * @param xScale linear or logarithmic
     * @return the new finder
     */
    public Kneedle scale(XScale xScale) {
        return new Kneedle(shape, sensitivity, notNull(xScale, "xScale"), loessBandwidth);
    }

    /**
     * The same finder, smoothing y with LOESS first.
     *
     * @param bandwidth share of the points in each local fit, in (0, 1]
     * @return the new finder
     */
    public Kneedle smoothed(double bandwidth) {
        if (!(bandwidth > 0 && bandwidth <= 1)) {
            throw new IllegalArgumentException("LOESS bandwidth must be in (0, 1], got " + bandwidth);
        }
        return new Kneedle(shape, sensitivity, scale, bandwidth);
    }

    /**
     * What Kneedle found.
     *
     * @param knee the knee (see the class comment for the choice among several), or empty
     * @param knees every candidate that passed the threshold test, in x order
     * @param difference the difference curve d, one value per input point
     */
    public record Detection(Optional<Knee> knee, List<Knee> knees, List<Double> difference) {
        /**
         * Copies the lists.
         *
         * @param knee the knee, or empty
         * @param knees every knee found
         * @param difference the difference curve
         */
        public Detection {
            notNull(knee, "knee");
            knees = List.copyOf(knees);
            difference = List.copyOf(difference);
        }
    }

    /**
     * Runs Kneedle on the points.
     *
     * @param x strictly increasing, finite (above 0 on a log scale)
     * @param y finite, as many as x
     * @return the knee, the knees and the difference curve
     * @throws IllegalArgumentException naming the first bad value
     */
    public Detection find(double[] x, double[] y) {
        notNull(x, "x");
        notNull(y, "y");
        int n = x.length;
        if (y.length != n) throw new IllegalArgumentException("x and y must have equal lengths, got " + n + " and " + y.length);
        if (n < 3) throw new IllegalArgumentException("Kneedle needs at least 3 points, got " + n);
        double[] u = new double[n];
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(x[i])) throw new IllegalArgumentException("x[" + i + "] must be finite, got " + x[i]);
            if (!Double.isFinite(y[i])) throw new IllegalArgumentException("y[" + i + "] must be finite, got " + y[i]);
            if (i > 0 && !(x[i] > x[i - 1])) {
                throw new IllegalArgumentException("x must be strictly increasing: x[" + i + "]=" + x[i]
                        + " is not above x[" + (i - 1) + "]=" + x[i - 1]);
            }
            if (scale == XScale.LOG && !(x[i] > 0)) {
                throw new IllegalArgumentException("a log x scale needs x > 0, got x[" + i + "]=" + x[i]);
            }
            u[i] = scale == XScale.LOG ? Math.log(x[i]) : x[i];
        }
        double[] ys = loessBandwidth > 0 ? smooth(u, y) : y.clone();
        double[] d = difference(u, ys);
        List<Knee> knees = knees(x, y, d);
        Optional<Knee> best = knees.stream().max(Comparator.comparingDouble(Knee::difference)
                .thenComparing(Comparator.comparingInt(Knee::index).reversed()));
        return new Detection(best, knees, Arrays.stream(d).boxed().toList());
    }

    private double[] smooth(double[] u, double[] y) {
        try {
            return new LoessInterpolator(loessBandwidth, 2).smooth(u, y);
        } catch (MathIllegalArgumentException e) {
            throw new IllegalArgumentException("LOESS bandwidth " + loessBandwidth + " is too small for " + u.length
                    + " points (each local fit needs at least 2): " + e.getMessage(), e);
        }
    }

    private double[] difference(double[] u, double[] y) {
        int n = u.length;
        double uMin = u[0], uSpan = u[n - 1] - u[0];
        double yMin = Arrays.stream(y).min().orElseThrow();
        double ySpan = Arrays.stream(y).max().orElseThrow() - yMin;
        double[] d = new double[n];
        if (ySpan == 0) return d; // flat: no bulge anywhere
        for (int i = 0; i < n; i++) {
            double xn = (u[i] - uMin) / uSpan;
            double yn = (y[i] - yMin) / ySpan;
            double chord = shape.increasing() ? xn : 1 - xn;
            d[i] = shape.concave() ? yn - chord : chord - yn;
        }
        return d;
    }

    private List<Knee> knees(double[] x, double[] y, double[] d) {
        int n = d.length;
        List<Integer> maxima = new ArrayList<>();
        for (int i = 1; i < n - 1; i++) {
            if (d[i] > d[i - 1] && d[i] >= d[i + 1]) maxima.add(i);
        }
        // x̂ spans [0, 1] over n - 1 gaps, so the mean gap is 1 / (n - 1) whatever the spacing
        double step = sensitivity / (n - 1);
        List<Knee> knees = new ArrayList<>();
        for (int k = 0; k < maxima.size(); k++) {
            int m = maxima.get(k);
            int next = k + 1 < maxima.size() ? maxima.get(k + 1) : n;
            double threshold = d[m] - step;
            for (int j = m + 1; j < next; j++) {
                if (d[j] < threshold) {
                    knees.add(new Knee(m, x[m], y[m], d[m], threshold));
                    break;
                }
            }
        }
        return knees;
    }
}
