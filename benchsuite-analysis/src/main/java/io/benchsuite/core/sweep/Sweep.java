package io.benchsuite.core.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.core.Benchmark;
import io.benchsuite.core.analysis.ReportFigures;
import io.benchsuite.core.analysis.orthogonality.HeadlineMetric;
import io.benchsuite.core.analysis.orthogonality.RunFigures;
import io.benchsuite.core.analysis.pareto.ParetoCandidate;
import io.benchsuite.core.analysis.sweep.Knee;
import io.benchsuite.core.analysis.sweep.PointFigure;
import io.benchsuite.core.analysis.sweep.ScalingEfficiency;
import io.benchsuite.core.analysis.sweep.SloSearch;
import io.benchsuite.core.analysis.sweep.StopRule;
import io.benchsuite.core.analysis.sweep.SweepPoint;
import io.benchsuite.core.analysis.sweep.SweepSlo;
import io.benchsuite.core.analysis.sweep.TpsFtlCalibration;
import io.benchsuite.core.analysis.sweep.XScale;
import io.benchsuite.core.report.analysis.OrthogonalityBlock;
import io.benchsuite.core.report.analysis.ParetoBlock;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.spec.RunSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Runs one scenario over a grid of one or two parameters, each point a normal run with its own output
 * directory, and analyses the points together (SPEC §4.1): the TPS–FTL curve and its knees, the highest load
 * meeting the SLOs (grid, then refinement points, each halving the bracket between the last passing and the first failing load, stopping early
 * at a saturated point), scaling efficiency, the orthogonality of the headline metrics and the Pareto front.
 * Writes {@code sweep.json} ({@link SweepDocument}) and {@code sweep.html}.
 *
 * <pre>{@code
 * SweepDocument d = Sweep.of(Benchmark.named("chat").backend("sim", config).workload(closedLoop))
 *     .over("max-concurrent", 1, 2, 4, 8, 16, 32, 64)
 *     .slo(SweepSlo.none().with(PointFigure.TTFT_P99, 500))
 *     .outputDir(Path.of("target/sweep"))
 *     .run();
 * }</pre>
 *
 * <p>Axes: the first numeric axis is the load (each series' x axis, searched against the SLOs when numeric); the
 * other axis, if any, tells series apart (e.g. {@code engine=vllm,sglang}: one curve per engine). A parameter is a
 * run flag name or a backend option ({@link SweepParameters}). Not thread-safe; points run one after another.
 */
public final class Sweep {
    /** Bumped on any incompatible change of {@code sweep.json}'s shape. */
    public static final int SCHEMA_VERSION = 1;
    /** The document's file name. */
    public static final String SWEEP_JSON = "sweep.json";
    /** The page's file name. */
    public static final String SWEEP_HTML = "sweep.html";
    /** Where the points' own output directories go, under the sweep's. */
    public static final String POINTS_DIR = "points";

    private final SweepPointRunner runner;
    private final List<SweepAxis> axes = new ArrayList<>();
    private SweepSlo slo = SweepSlo.none();
    private StopRule stopRule = StopRule.DEFAULT;
    private int maxRefinements = 8;
    private double resolution = Double.NaN;
    private PointFigure latency = PointFigure.TTFT_P99;
    private PointFigure paretoLatency = PointFigure.E2E_P99;
    private Path outputDir;
    private String name = "sweep";
    private Consumer<String> progress = line -> { };
    private BiFunction<String, String, String> display = (parameter, value) -> value;
    /** Each swept parameter's values as shown (secret ones masked), filled when the sweep runs. */
    private final Map<String, Map<String, String>> shown = new LinkedHashMap<>();

    private Sweep(SweepPointRunner runner) {
        this.runner = runner;
    }

    /**
     * A sweep of a benchmark template: each point runs a {@link Benchmark.Builder#copy()} of it with the swept
     * parameters set ({@link SweepParameters}) and its own output directory.
     *
     * @param template the scenario (backend named with its configuration, workload, seed, ...)
     * @return the sweep
     */
    public static Sweep of(Benchmark.Builder template) {
        notNull(template, "template");
        Sweep sweep = new Sweep((values, dir) -> {
            RunSpec point = template.spec().withOutputDir(dir);
            for (Map.Entry<String, String> e : values.entrySet()) point = SweepParameters.apply(point, e.getKey(), e.getValue());
            return Report.of(template.copy().spec(point).run());
        });
        return sweep.shownAs((parameter, value) -> SweepParameters.shownValue(template.spec(), parameter, value));
    }

    /**
     * A sweep whose points another runner runs (the command line runs each point's spec as {@code benchsuite run} would).
     *
     * @param runner runs one point
     * @return the sweep
     */
    public static Sweep of(SweepPointRunner runner) {
        return new Sweep(notNull(runner, "runner"));
    }

    /**
     * Adds a swept parameter (at most two).
     *
     * @param parameter a run flag name without dashes or a backend option, e.g. {@code max-concurrent}
     * @param values its values (numbers or text)
     * @return this sweep
     */
    public Sweep over(String parameter, Object... values) {
        List<String> text = new ArrayList<>();
        for (Object v : notNull(values, "values")) {
            text.add(v instanceof Number n ? SweepAxis.format(n.doubleValue()) : String.valueOf(v));
        }
        return over(new SweepAxis(parameter, text));
    }

    /**
     * Adds a swept parameter (at most two).
     *
     * @param axis the parameter and its values
     * @return this sweep
     */
    public Sweep over(SweepAxis axis) {
        notNull(axis, "axis");
        if (axes.size() == 2) throw new IllegalArgumentException("a sweep has at most two parameters; got a third, " + axis.parameter());
        if (!axes.isEmpty() && axes.get(0).parameter().equals(axis.parameter())) {
            throw new IllegalArgumentException(axis.parameter() + " is swept twice");
        }
        axes.add(axis);
        return this;
    }

    /** The objectives a point must meet (default: none but no failed request). */
    public Sweep slo(SweepSlo objectives) {
        this.slo = notNull(objectives, "slo");
        return this;
    }

    /** When a point counts as saturated (default {@link StopRule#DEFAULT}). */
    public Sweep stopRule(StopRule rule) {
        this.stopRule = notNull(rule, "stopRule");
        return this;
    }

    /** The most refinement points per series (default 8; 0 reports the grid's answer only). */
    public Sweep maxRefinements(int max) {
        if (max < 0) throw new IllegalArgumentException("maxRefinements must be >= 0, got " + max);
        this.maxRefinements = max;
        return this;
    }

    /** The bracket width at which refinement of a real-valued load (a rate) stops (default: 1/64 of the grid's span). */
    public Sweep resolution(double width) {
        if (!(width > 0) || Double.isInfinite(width)) throw new IllegalArgumentException("resolution must be a finite number > 0, got " + width);
        this.resolution = width;
        return this;
    }

    /** The latency read as FTL for the latency knee and the balance point (default TTFT p99). */
    public Sweep latencyFigure(PointFigure figure) {
        this.latency = notNull(figure, "latencyFigure");
        return this;
    }

    /** The latency figure the Pareto front compares (default E2E p99). */
    public Sweep paretoLatency(PointFigure figure) {
        this.paretoLatency = notNull(figure, "paretoLatency");
        return this;
    }

    /** Where {@code sweep.json}, {@code sweep.html} and the points' directories go (required). */
    public Sweep outputDir(Path dir) {
        this.outputDir = notNull(dir, "outputDir");
        return this;
    }

    /** The sweep's name in its documents (default {@code sweep}). */
    public Sweep name(String sweepName) {
        this.name = notNull(sweepName, "name");
        return this;
    }

    /**
     * How a swept value is shown in point names, directories, {@code sweep.json}, {@code sweep.html} and progress
     * lines (default: as it is). A sweep over a secret (an API key header, a URL with a password) shows it masked;
     * values of one parameter that would show alike get their position appended ({@code ***#2}).
     *
     * @param displayed the shown text of a parameter's value
     * @return this sweep
     */
    public Sweep shownAs(BiFunction<String, String, String> displayed) {
        this.display = notNull(displayed, "displayed");
        return this;
    }

    /** Receives one line per point as the sweep goes. */
    public Sweep progress(Consumer<String> lines) {
        this.progress = notNull(lines, "progress");
        return this;
    }

    /** One point run: its values, kind, directory and report (or why it failed). */
    private record Ran(Map<String, String> values, double load, String kind, Path dir, Report report, String error) {
        String label() {
            return Sweep.label(values);
        }
    }

    /**
     * Runs every point and writes {@code sweep.json} and {@code sweep.html}; what was measured is written even
     * when a point fails or the thread is interrupted.
     *
     * @return the document
     * @throws IllegalStateException without an axis or an output directory
     * @throws java.io.UncheckedIOException when the documents cannot be written
     */
    public SweepDocument run() {
        if (axes.isEmpty()) throw new IllegalStateException("nothing to sweep: call over(parameter, values...)");
        if (outputDir == null) throw new IllegalStateException("outputDir is required");
        long started = System.nanoTime();
        shown.clear();
        for (SweepAxis a : axes) shown.put(a.parameter(), shownValues(a));
        int loadIndex = axes.get(0).numeric() || axes.size() == 1 || !axes.get(1).numeric() ? 0 : 1;
        SweepAxis load = axes.get(loadIndex);
        SweepAxis outer = axes.size() == 2 ? axes.get(1 - loadIndex) : null;
        List<Map<String, String>> seriesValues = new ArrayList<>();
        if (outer == null) seriesValues.add(Map.of());
        else for (String v : outer.values()) seriesValues.add(Map.of(outer.parameter(), v));
        // from here on a point's values are carried as they are run and shown as shownMap() gives them

        List<String> notes = new ArrayList<>();
        List<SweepDocument.Series> series = new ArrayList<>();
        List<Ran> all = new ArrayList<>();
        for (Map<String, String> fixed : seriesValues) {
            if (Thread.currentThread().isInterrupted()) {
                notes.add("interrupted: the series from " + label(shownMap(fixed)) + " on were not run");
                break;
            }
            List<Ran> runs = new ArrayList<>();
            series.add(runSeries(load, fixed, runs, all));
            all.addAll(runs);
        }
        SweepDocument doc = new SweepDocument(SCHEMA_VERSION, new SweepDocument.Tool("benchsuite"), name, axes.stream()
                .map(a -> new SweepDocument.AxisEntry(a.parameter(), a.values().stream().map(v -> show(a.parameter(), v)).toList(),
                        a.numeric())).toList(),
                new SweepDocument.SloEntry(sloLimits(), slo.maxErrorRate()), new SweepDocument.StopEntry(stopRule.errorRate(),
                stopRule.sloFactor()), maxRefinements, latency.label(), paretoLatency.label(), series, orthogonality(all),
                pareto(all), (System.nanoTime() - started) / 1e9, notes);
        write(doc);
        return doc;
    }

    private Map<String, Double> sloLimits() {
        Map<String, Double> m = new LinkedHashMap<>();
        slo.limits().forEach((f, v) -> m.put(f.label(), v));
        return m;
    }

    private SweepDocument.Series runSeries(SweepAxis load, Map<String, String> fixed, List<Ran> runs, List<Ran> before) {
        String seriesLabel = fixed.isEmpty() ? "all" : label(shownMap(fixed));
        List<String> notes = new ArrayList<>();
        Optional<String> stopped = Optional.empty();
        Double highest = null, lowest = null;
        if (load.numeric()) {
            double[] grid = load.numbers();
            SloSearch search = load.integers() ? SloSearch.overIntegers(slo, grid)
                    : SloSearch.overReals(slo, Double.isNaN(resolution) ? defaultResolution(grid) : resolution, grid);
            Set<Double> gridSet = new HashSet<>();
            for (double g : grid) gridSet.add(g);
            SloSearch.SearchResult r = search.stopRule(stopRule).maxRefinements(maxRefinements).run(l -> {
                Map<String, String> values = new LinkedHashMap<>(fixed);
                values.put(load.parameter(), SweepAxis.format(l));
                Ran ran = runPoint(values, l, gridSet.contains(l) ? "grid" : "refinement", before.size() + runs.size() + 1);
                runs.add(ran);
                if (ran.error() != null) throw new IllegalStateException(ran.error());
                if (ran.report().run().stopped()) throw new InterruptedException("the run at " + ran.label() + " was stopped");
                return ReportFigures.sweepPoint(ran.report(), l);
            });
            notes.addAll(r.notes());
            stopped = r.stoppedEarly();
            highest = r.highestPassing().isPresent() ? r.highestPassing().getAsDouble() : null;
            lowest = r.lowestFailing().isPresent() ? r.lowestFailing().getAsDouble() : null;
        } else {
            for (int i = 0; i < load.values().size(); i++) {
                Map<String, String> values = new LinkedHashMap<>(fixed);
                values.put(load.parameter(), load.values().get(i));
                Ran ran = runPoint(values, i, "grid", before.size() + runs.size() + 1);
                runs.add(ran);
                if (ran.error() != null) {
                    notes.add("the point " + ran.label() + " could not be run (" + ran.error() + "); the series ended there");
                    break;
                }
            }
            notes.add(load.parameter() + " is not numeric: the points are a grid, with no knee and no SLO search");
        }
        List<Ran> done = runs.stream().filter(x -> x.report() != null).toList();
        List<SweepPoint> points = load.numeric()
                ? done.stream().map(x -> ReportFigures.sweepPoint(x.report(), x.load())).toList() : List.of();
        SweepDocument.KneeEntry tKnee = null, lKnee = null;
        String kneeAbsent = null;
        Double balance = null;
        Map<Double, Double> efficiency = new LinkedHashMap<>();
        if (!load.numeric()) {
            kneeAbsent = load.parameter() + " is not numeric";
        } else if (points.size() < 3) {
            kneeAbsent = "Kneedle needs at least 3 points with measured figures, got " + points.size();
        } else {
            TpsFtlCalibration.Analysis a = TpsFtlCalibration.analyse(points, latency, xScale(points));
            tKnee = a.throughputKnee().map(Sweep::knee).orElse(null);
            lKnee = a.latencyKnee().map(Sweep::knee).orElse(null);
            if (tKnee == null && lKnee == null) {
                kneeAbsent = "no bend passed Kneedle's threshold (S = 1): the curves are close to straight over this range";
            } else if (tKnee == null) {
                kneeAbsent = "throughput knee: no bend passed Kneedle's threshold (S = 1): throughput has not levelled off over the "
                        + "loads run (it may saturate beyond them)";
            } else if (lKnee == null) {
                kneeAbsent = "latency knee: no bend passed Kneedle's threshold (S = 1): latency does not turn steep over the loads run";
            }
            balance = a.balancePoint().isPresent() ? a.balancePoint().getAsDouble() : null;
            if (load.parameter().equals("max-concurrent")) {
                for (ScalingEfficiency.Level lv : a.scaling()) efficiency.put(lv.load(), lv.efficiency());
            }
        }
        if (load.numeric() && !load.parameter().equals("max-concurrent")) {
            notes.add("scaling efficiency is defined over concurrency (throughput at n ÷ (n × throughput at 1)); "
                    + load.parameter() + " is swept here, so it is not computed");
        }
        List<SweepDocument.Point> entries = new ArrayList<>();
        List<Ran> ordered = new ArrayList<>(runs);
        if (load.numeric()) ordered.sort(Comparator.comparingDouble(Ran::load));
        for (Ran x : ordered) entries.add(entry(x, load.numeric(), efficiency.get(x.load())));
        return new SweepDocument.Series(seriesLabel, shownMap(fixed), entries, tKnee, lKnee, kneeAbsent, balance, highest, lowest,
                stopped.orElse(null), notes);
    }

    private static double defaultResolution(double[] grid) {
        double min = Arrays.stream(grid).min().orElse(0), max = Arrays.stream(grid).max().orElse(0);
        return max > min ? (max - min) / 64 : Math.max(Math.abs(max) / 64, 1e-9);
    }

    /** A log x scale for a grid spanning a decade or more (a doubling grid), else linear. */
    private static XScale xScale(List<SweepPoint> points) {
        double min = points.stream().mapToDouble(SweepPoint::load).min().orElse(0);
        double max = points.stream().mapToDouble(SweepPoint::load).max().orElse(0);
        return min > 0 && max / min >= 10 ? XScale.LOG : XScale.LINEAR;
    }

    private static SweepDocument.KneeEntry knee(Knee k) {
        return new SweepDocument.KneeEntry(k.x(), k.y(), k.difference());
    }

    private Ran runPoint(Map<String, String> values, double load, String kind, int ordinal) {
        Map<String, String> shownValues = shownMap(values);
        String label = label(shownValues);
        Path dir = outputDir.resolve(POINTS_DIR).resolve(dirName(label));
        values = shownValues; // the runner gets the real values; everything recorded gets the shown ones
        try {
            Report r = runner.run(Map.copyOf(realValues(shownValues)), dir);
            if (r == null) throw new IllegalStateException("the point runner returned no report");
            SweepPoint p = ReportFigures.sweepPoint(r, load);
            SweepSlo.Verdict v = slo.judge(p);
            progress.accept(String.format(Locale.ROOT, "point %d (%s%s): %s tok/s, %s p99 %s ms, errors %.1f%%, %s", ordinal, label,
                    kind.equals("refinement") ? ", refinement" : "", number(p.outputTokensPerSecond()), latency.label().split(" ", -1)[0],
                    number(p.figure(latency)), 100 * p.errorRate(), v.met() ? "meets the SLOs" : String.join("; ", v.violations())));
            return new Ran(values, load, kind, dir, r, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            progress.accept("point " + ordinal + " (" + label + "): interrupted");
            return new Ran(values, load, kind, dir, null, "interrupted");
        } catch (Exception e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            progress.accept("point " + ordinal + " (" + label + "): FAILED: " + why);
            return new Ran(values, load, kind, dir, null, why);
        }
    }

    private static String number(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "n/a";
    }

    private SweepDocument.Point entry(Ran x, boolean numeric, Double efficiency) {
        String dir = outputDir.relativize(x.dir()).toString();
        if (x.report() == null) {
            return new SweepDocument.Point(x.label(), x.values(), numeric ? x.load() : null, x.kind(), dir, "failed", x.error(), false,
                    List.of(), 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, null);
        }
        SweepPoint p = ReportFigures.sweepPoint(x.report(), numeric ? x.load() : 0);
        SweepSlo.Verdict v = slo.judge(p);
        return new SweepDocument.Point(x.label(), x.values(), numeric ? x.load() : null, x.kind(), dir,
                x.report().run().stopped() ? "stopped" : x.report().run().failed() ? "failed" : "completed",
                x.report().run().failed() ? x.report().run().stopReason() : null, v.met(), v.violations(), p.requests(), p.errors(),
                p.errorRate(), p.requestsPerSecond(), p.outputTokensPerSecond(), p.ttftP50Ms(), p.ttftP99Ms(), p.tpotP50Ms(),
                p.tpotP99Ms(), p.e2eP50Ms(), p.e2eP99Ms(), ReportFigures.energyPerToken(x.report()), efficiency);
    }

    /** Compile/warm-up time is left out of a sweep's check: the points share a JVM, so it measures the order they ran in. */
    static final Map<HeadlineMetric, String> SWEEP_EXCLUDED = Map.of(HeadlineMetric.WARMUP_TIME,
            "left out of a sweep: its points run one after another in one JVM, so the JIT time of a point depends on "
                    + "what earlier points compiled, not on the point");

    private OrthogonalityBlock orthogonality(List<Ran> all) {
        List<RunFigures> figures = new ArrayList<>();
        for (Ran x : all) if (x.report() != null) figures.add(ReportFigures.headline(x.report(), x.label()));
        if (figures.isEmpty()) return OrthogonalityBlock.of(List.of(RunFigures.of("none")), SWEEP_EXCLUDED);
        return OrthogonalityBlock.of(figures, SWEEP_EXCLUDED);
    }

    private ParetoBlock pareto(List<Ran> all) {
        List<ParetoCandidate> candidates = new ArrayList<>();
        for (Ran x : all) {
            if (x.report() == null) continue;
            ParetoCandidate c = ReportFigures.paretoCandidate(x.report(), x.label(), paretoLatency);
            Map<String, Double> v = new LinkedHashMap<>(c.values());
            v.put("outputTokensPerSecond", x.report().throughput().outputTokensPerSecond());
            candidates.add(new ParetoCandidate(c.label(), v));
        }
        return ParetoBlock.over(candidates, paretoLatency);
    }

    private void write(SweepDocument doc) {
        try {
            Files.createDirectories(outputDir);
            Files.writeString(outputDir.resolve(SWEEP_JSON), ReportJson.write(doc) + "\n");
            Files.writeString(outputDir.resolve(SWEEP_HTML), SweepPage.render(doc));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sweep's documents into " + outputDir + ": " + e.getMessage(), e);
        }
    }

    /** An axis's values as shown: masked where secret, with the position appended where two would show alike. */
    private Map<String, String> shownValues(SweepAxis a) {
        List<String> texts = a.values().stream().map(v -> notNull(display.apply(a.parameter(), v), "shown value")).toList();
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            String t = texts.get(i);
            boolean clash = texts.indexOf(t) != texts.lastIndexOf(t);
            out.put(a.values().get(i), clash ? t + "#" + (i + 1) : t);
        }
        return out;
    }

    private String show(String parameter, String value) {
        Map<String, String> m = shown.get(parameter);
        String s = m == null ? null : m.get(value);
        return s != null ? s : notNull(display.apply(parameter, value), "shown value");
    }

    private Map<String, String> shownMap(Map<String, String> values) {
        Map<String, String> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, show(k, v)));
        return out;
    }

    /** The values a point runs with, from the shown ones (each shown value stands for one real value of its axis). */
    private Map<String, String> realValues(Map<String, String> shownValues) {
        Map<String, String> out = new LinkedHashMap<>();
        shownValues.forEach((k, v) -> {
            String real = v;
            Map<String, String> m = shown.get(k);
            if (m != null) for (Map.Entry<String, String> e : m.entrySet()) if (e.getValue().equals(v)) real = e.getKey();
            out.put(k, real);
        });
        return out;
    }

    private static String label(Map<String, String> values) {
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(",", parts);
    }

    /** A directory name for a point: its label with characters other than letters, digits and {@code .=,_-} replaced. */
    static String dirName(String label) {
        String s = label.replaceAll("[^A-Za-z0-9.=,_-]+", "_");
        return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
    }
}
