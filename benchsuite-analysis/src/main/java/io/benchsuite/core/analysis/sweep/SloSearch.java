package io.benchsuite.core.analysis.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Finds the highest load that meets the SLOs: runs a grid of loads from low to high, then refines
 * between the highest passing grid point and the first failing one, each refinement point halving the bracket (the approach of vLLM's
 * {@code bench sweep serve_sla}, which keeps the largest passing and smallest failing value and tries
 * between them).
 *
 * <h2>Procedure</h2>
 * <ol>
 *   <li>Run every grid load in ascending order through the {@link PointRunner}. Each point is judged by the
 *       {@link SweepSlo}. After a point that fails only mildly the grid goes on, so the TPS–FTL curve has its
 *       upper part; after a <em>saturated</em> point ({@link StopRule}: by default 10 % of requests failed,
 *       or an SLO figure at twice its limit) the grid stops early and says so.</li>
 *   <li>Let hi be the first failing grid load and lo the highest passing grid load below it. While
 *       hi − lo is above the resolution (1 for integer loads such as concurrency) and fewer than
 *       {@code maxRefinements} extra points were run: run mid = (lo + hi) / 2 (rounded down for integer
 *       loads); a pass moves lo up, a failure moves hi down.</li>
 *   <li>The answer is lo; with no passing point there is none, with no failing point it is the highest grid
 *       load and the result says the search was not bounded above.</li>
 * </ol>
 * The search assumes the SLO figures worsen with load. Where the grid shows otherwise (a pass above a
 * failure) the result notes it and keeps the first failure as the bound. A runner that throws stops the
 * search; what was measured so far is kept and the failure is reported.
 */
public final class SloSearch {

    /** Runs one point of the sweep; the command or the API behind it writes the run's own results. */
    @FunctionalInterface
    public interface PointRunner {
        /**
         * Runs the scenario at this load.
         *
         * @param load the swept parameter's value
         * @return what was measured, with {@link SweepPoint#load()} equal to {@code load}
         * @throws Exception when the point could not be run
         */
        SweepPoint run(double load) throws Exception;
    }

    /**
     * The outcome of a search.
     *
     * @param grid the grid points that were run, in load order
     * @param refinements the refinement points, in the order run
     * @param highestPassing the highest load found to meet the SLOs, or empty
     * @param lowestFailing the lowest load found to fail them, or empty
     * @param stoppedEarly why the grid stopped before its end, or empty
     * @param notes everything else worth knowing (unbounded search, non-monotone points, a point that could not run)
     */
    public record SearchResult(List<SweepPoint> grid, List<SweepPoint> refinements, OptionalDouble highestPassing,
                         OptionalDouble lowestFailing, Optional<String> stoppedEarly, List<String> notes) {
        /**
         * Copies the lists.
         *
         * @param grid grid points run
         * @param refinements refinement points run
         * @param highestPassing highest passing load
         * @param lowestFailing lowest failing load
         * @param stoppedEarly why the grid stopped early
         * @param notes notes
         */
        public SearchResult {
            grid = List.copyOf(grid);
            refinements = List.copyOf(refinements);
            notNull(highestPassing, "highestPassing");
            notNull(lowestFailing, "lowestFailing");
            notNull(stoppedEarly, "stoppedEarly");
            notes = List.copyOf(notes);
        }

        /**
         * Every point run, grid and refinements, in load order.
         *
         * @return the points
         */
        public List<SweepPoint> allPoints() {
            List<SweepPoint> all = new ArrayList<>(grid);
            all.addAll(refinements);
            all.sort((a, b) -> Double.compare(a.load(), b.load()));
            return List.copyOf(all);
        }
    }

    private final double[] grid;
    private final SweepSlo slo;
    private final StopRule stopRule;
    private final double resolution;
    private final boolean integerLoads;
    private final int maxRefinements;

    private SloSearch(double[] grid, SweepSlo slo, StopRule stopRule, double resolution, boolean integerLoads, int maxRefinements) {
        this.grid = grid;
        this.slo = slo;
        this.stopRule = stopRule;
        this.resolution = resolution;
        this.integerLoads = integerLoads;
        this.maxRefinements = maxRefinements;
    }

    /**
     * A search over integer loads (concurrency), with the default stop rule and up to 8 refinements.
     *
     * @param slo the objectives
     * @param grid the loads to run, each a whole number; sorted and de-duplicated here
     * @return the search
     */
    public static SloSearch overIntegers(SweepSlo slo, double... grid) {
        double[] g = sortedGrid(grid);
        for (double v : g) {
            if (v != Math.rint(v)) throw new IllegalArgumentException("an integer load grid must hold whole numbers, got " + v);
        }
        return new SloSearch(g, notNull(slo, "slo"), StopRule.DEFAULT, 1, true, 8);
    }

    /**
     * A search over continuous loads (request rate), refining until the bracket is at most
     * {@code resolution} wide, with the default stop rule and up to 8 refinements.
     *
     * @param slo the objectives
     * @param resolution the bracket width at which refinement stops, above 0
     * @param grid the loads to run; sorted and de-duplicated here
     * @return the search
     */
    public static SloSearch overReals(SweepSlo slo, double resolution, double... grid) {
        if (!(resolution > 0) || Double.isInfinite(resolution)) {
            throw new IllegalArgumentException("resolution must be a finite number > 0, got " + resolution);
        }
        return new SloSearch(sortedGrid(grid), notNull(slo, "slo"), StopRule.DEFAULT, resolution, false, 8);
    }

    private static double[] sortedGrid(double[] grid) {
        notNull(grid, "grid");
        if (grid.length == 0) throw new IllegalArgumentException("grid must hold at least one load");
        for (double v : grid) {
            if (!Double.isFinite(v)) throw new IllegalArgumentException("grid loads must be finite, got " + v);
        }
        return Arrays.stream(grid).sorted().distinct().toArray();
    }

    /**
     * The same search with another stop rule.
     *
     * @param rule when a point counts as saturated
     * @return the new search
     */
    public SloSearch stopRule(StopRule rule) {
        return new SloSearch(grid, slo, notNull(rule, "rule"), resolution, integerLoads, maxRefinements);
    }

    /**
     * The same search with another cap on refinement points.
     *
     * @param max at least 0; 0 reports the grid's answer only
     * @return the new search
     */
    public SloSearch maxRefinements(int max) {
        if (max < 0) throw new IllegalArgumentException("maxRefinements must be >= 0, got " + max);
        return new SloSearch(grid, slo, stopRule, resolution, integerLoads, max);
    }

    /**
     * Runs the search.
     *
     * @param runner runs one point
     * @return the points run and the answer
     */
    public SearchResult run(PointRunner runner) {
        notNull(runner, "runner");
        List<SweepPoint> gridPoints = new ArrayList<>();
        List<SweepPoint> refinements = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Optional<String> stopped = Optional.empty();
        double lo = Double.NaN, hi = Double.NaN;
        for (int i = 0; i < grid.length; i++) {
            double load = grid[i];
            SweepPoint p = runOne(runner, load, notes);
            if (p == null) {
                return finish(gridPoints, refinements, lo, hi, Optional.empty(), notes);
            }
            gridPoints.add(p);
            SweepSlo.Verdict v = slo.judge(p);
            if (v.met()) {
                if (Double.isNaN(hi)) {
                    lo = load;
                } else {
                    notes.add(fmt("load %s met the SLOs above the failing load %s: the figures do not worsen monotonically; "
                            + "the first failure bounds the search", load, hi));
                }
            } else if (Double.isNaN(hi)) {
                hi = load;
            }
            if (!v.met()) {
                Optional<String> saturation = stopRule.saturation(p, v);
                if (saturation.isPresent()) {
                    if (i < grid.length - 1) {
                        stopped = Optional.of(fmt("stopped at load %s, saturated: ", load) + saturation.get()
                                + fmt("; %d higher grid loads not run", grid.length - 1 - i));
                    }
                    break;
                }
            }
        }
        if (!Double.isNaN(lo) && !Double.isNaN(hi)) {
            while (refinements.size() < maxRefinements && hi - lo > resolution) {
                double mid = integerLoads ? Math.floor((lo + hi) / 2) : (lo + hi) / 2;
                SweepPoint p = runOne(runner, mid, notes);
                if (p == null) break;
                refinements.add(p);
                if (slo.judge(p).met()) lo = mid;
                else hi = mid;
            }
            if (hi - lo > resolution) {
                notes.add(fmt("refinement stopped after %d points with the bracket [%s, %s] still wider than %s",
                        refinements.size(), lo, hi, resolution));
            }
        }
        return finish(gridPoints, refinements, lo, hi, stopped, notes);
    }

    private SearchResult finish(List<SweepPoint> gridPoints, List<SweepPoint> refinements, double lo, double hi,
                          Optional<String> stopped, List<String> notes) {
        if (!gridPoints.isEmpty() && Double.isNaN(lo)) {
            SweepPoint first = gridPoints.get(0);
            notes.add(fmt("no load met the SLOs; the lowest, %s, failed: ", first.load())
                    + String.join("; ", slo.judge(first).violations()));
        }
        if (!Double.isNaN(lo) && Double.isNaN(hi) && gridPoints.size() == grid.length) {
            notes.add(fmt("every grid load met the SLOs: the highest passing load is bounded by the grid (%s), not by the SLOs",
                    grid[grid.length - 1]));
        }
        return new SearchResult(gridPoints, refinements, Double.isNaN(lo) ? OptionalDouble.empty() : OptionalDouble.of(lo),
                Double.isNaN(hi) ? OptionalDouble.empty() : OptionalDouble.of(hi), stopped, notes);
    }

    private SweepPoint runOne(PointRunner runner, double load, List<String> notes) {
        SweepPoint p;
        try {
            p = runner.run(load);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            notes.add(fmt("interrupted while running load %s; the search ended there", load));
            return null;
        } catch (Exception e) {
            notes.add(fmt("the point at load %s could not be run (", load) + e + "); the search ended there");
            return null;
        }
        if (p == null) throw new IllegalStateException(fmt("the runner returned no point for load %s", load));
        if (p.load() != load) {
            throw new IllegalStateException(fmt("the runner returned a point for load %s when asked for load %s", p.load(), load));
        }
        return p;
    }

    private static String fmt(String format, Object... args) {
        Object[] shown = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            shown[i] = args[i] instanceof Double d ? number(d) : args[i];
        }
        return String.format(Locale.ROOT, format, shown);
    }

    /** A load as people write it: 8, not 8.0; 2.5 as 2.5. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
