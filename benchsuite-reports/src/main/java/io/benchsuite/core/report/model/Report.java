package io.benchsuite.core.report.model;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.run.Environment;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.run.SecondSample;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's report: the schema of {@code report.json}, schema version {@value #SCHEMA_VERSION}. Each
 * component is a top-level block of the file under the same name, except {@code latencies} (each
 * {@link LatencyMetric} is a top-level block under its {@link LatencyMetric#key() key}, with
 * {@code count}, {@code mean}, {@code p50}, {@code p90}, {@code p95}, {@code p99}, {@code p999},
 * {@code min}, {@code max}, {@code stddev} in milliseconds) and {@code sections} (each under its own
 * key). The HTML page, {@code summary.csv}, the console summary, comparisons and baselines are all
 * rendered from this one model, whether it was built from a finished run ({@link #of}) or read back
 * from a file; values that could not be measured are {@code NaN} or {@code null} (JSON {@code null}).
 *
 * <p>A report read from a file with blocks missing (an older or hand-made file) gets empty blocks:
 * unknown texts are {@code null}, unknown numbers {@code NaN}, counts 0.
 *
 * @param schemaVersion {@value #SCHEMA_VERSION} for reports this version writes
 * @param tool what wrote the report
 * @param run identity, status, times, labels
 * @param backend the backend's identity
 * @param config workload, SLO, tokenizer and backend configuration
 * @param seed the seed chain
 * @param environment the client's JVM and machine
 * @param requests request counts
 * @param rate target, scheduled and achieved rates
 * @param latencies the percentile set of every latency metric
 * @param throughput request and token throughput
 * @param goodput requests meeting the SLOs
 * @param tokens token totals
 * @param errors errors by kind with sample messages
 * @param timeSeries one entry per second of the run
 * @param sections listener sections by key (typed for the keys a
 *        {@code io.benchsuite.core.report.json.SectionCatalog} registers; {@link UnknownSection} for any other key)
 * @param histograms the lossless latency histograms
 */
public record Report(int schemaVersion, ToolInfo tool, RunDetails run, BackendDetails backend, RunConfig config,
                     SeedDetails seed, RuntimeEnvironment environment, RequestCounts requests, Rates rate,
                     Map<LatencyMetric, LatencyStats> latencies, RunSummary.Throughput throughput,
                     GoodputSummary goodput, RunSummary.Tokens tokens, ErrorSummary errors,
                     List<SecondSample> timeSeries, Map<String, ReportSection> sections,
                     LatencyHistograms histograms) {
    private static final Logger log = LoggerFactory.getLogger(Report.class);

    /** Bumped on any incompatible change of the document's shape. */
    public static final int SCHEMA_VERSION = 1;

    /** Top-level keys of the report's own blocks, in document order; listener sections may not use them. */
    public static final Set<String> RESERVED_KEYS = reservedKeys();

    private static Set<String> reservedKeys() {
        Set<String> keys = new LinkedHashSet<>(List.of("schemaVersion", "tool", "run", "backend", "config", "seed",
                "environment", "requests", "rate"));
        for (LatencyMetric m : LatencyMetric.values()) keys.add(m.key());
        keys.addAll(List.of("throughput", "goodput", "tokens", "errors", "timeSeries", "histograms"));
        return Collections.unmodifiableSet(keys);
    }

    public Report {
        tool = tool == null ? ToolInfo.UNKNOWN : tool;
        run = run == null ? RunDetails.UNKNOWN : run;
        backend = backend == null ? BackendDetails.UNKNOWN : backend;
        config = config == null ? RunConfig.UNKNOWN : config;
        seed = seed == null ? SeedDetails.UNKNOWN : seed;
        environment = environment == null ? RuntimeEnvironment.UNKNOWN : environment;
        requests = requests == null ? RequestCounts.NONE : requests;
        rate = rate == null ? Rates.UNKNOWN : rate;
        Map<LatencyMetric, LatencyStats> l = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric m : LatencyMetric.values()) {
            LatencyStats s = latencies == null ? null : latencies.get(m);
            l.put(m, s == null ? LatencyStats.empty() : s);
        }
        latencies = Collections.unmodifiableMap(l);
        throughput = throughput == null ? new RunSummary.Throughput(Double.NaN, Double.NaN, Double.NaN) : throughput;
        goodput = goodput == null ? GoodputSummary.NONE : goodput;
        tokens = tokens == null ? new RunSummary.Tokens(0, 0, 0, 0, 0) : tokens;
        errors = errors == null ? ErrorSummary.NONE : errors;
        timeSeries = timeSeries == null ? List.of() : List.copyOf(timeSeries);
        sections = sections == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(sections));
        histograms = histograms == null ? LatencyHistograms.empty() : histograms;
    }

    /**
     * The report of a finished run. Maps are sorted by key so the text does not depend on hash
     * order; a listener section under one of the {@link #RESERVED_KEYS} is dropped with a warning.
     */
    public static Report of(RunResult r) {
        notNull(r, "result");
        RunInfo info = r.info();
        Environment env = info.environment();
        RunSummary s = r.summary();
        Map<String, ReportSection> sections = new LinkedHashMap<>();
        r.sections().forEach((key, section) -> {
            if (RESERVED_KEYS.contains(key)) {
                log.warn("report section '{}' ({}) clashes with a key of the report itself; dropped", key,
                        section.getClass().getName());
            } else {
                sections.put(key, section);
            }
        });
        Report report = new Report(SCHEMA_VERSION,
                new ToolInfo("benchsuite", env.toolVersion(), env.toolCommit()),
                new RunDetails(info.name(), r.status(), info.startedAt(), r.endedAt(), Maps.sorted(info.labels()), info.id(),
                        r.stopReason(), info.clock().timeScale()),
                new BackendDetails(info.backend().name(), info.backend().model(), info.backend().endpoint(),
                        Maps.sorted(info.backend().details())),
                new RunConfig(WorkloadConfig.of(info.workload()), info.slo().describe(), info.tokenizer(),
                        Maps.sorted(info.backendConfig()), info.sloBasis()),
                new SeedDetails(info.seed().source(), info.seed().rootHex(), info.scenario().name(), info.scenario().hex()),
                new RuntimeEnvironment(env.javaVersion(), env.javaVendor(), env.vm(), env.os(), env.arch(), env.cpus(),
                        env.maxHeapBytes()),
                RequestCounts.of(s.counts()),
                new Rates(s.targetRate(), s.scheduledRate(), s.achievedRate(), s.achievedRate() / s.targetRate(),
                        s.achievedRate() / s.scheduledRate(), s.measuredSeconds()),
                s.latencies(), s.throughput(), GoodputSummary.of(s.goodput()), s.tokens(),
                new ErrorSummary(Maps.sorted(s.errorsByKind()), r.errorSamples()),
                r.timeSeries(), sections, r.histograms());
        return report.withDecomposition().withFigureSources();
    }

    /**
     * The same report with its {@code decomposition} section derived from the other blocks
     * ({@link DecompositionSection#of}), unless it already has one; every report the tool writes carries it.
     */
    public Report withDecomposition() {
        if (sections.containsKey(DecompositionSection.KEY)) return this;
        Map<String, ReportSection> with = new LinkedHashMap<>(sections);
        with.put(DecompositionSection.KEY, DecompositionSection.of(this));
        return withSections(with);
    }

    /**
     * The same report with its {@code figureSources} block ({@link FigureResolver#sources}): where each headline
     * figure that several blocks could give came from. Replaces one already there.
     */
    public Report withFigureSources() {
        Map<String, ReportSection> with = new LinkedHashMap<>(sections);
        with.remove(FigureSourcesSection.KEY);
        with.put(FigureSourcesSection.KEY, FigureResolver.sources(this));
        return withSections(with);
    }

    /** The percentile set of one latency metric. */
    public LatencyStats latency(LatencyMetric metric) {
        return latencies.get(notNull(metric, "metric"));
    }

    /**
     * Whether the report's files and pages show {@code metric}: always, unless it is
     * {@link LatencyMetric#optional()} and this run has no sample of it.
     */
    public boolean shows(LatencyMetric metric) {
        return !metric.optional() || latency(metric).count() > 0;
    }

    /** The section under {@code key}, if any. */
    public Optional<ReportSection> section(String key) {
        return Optional.ofNullable(sections.get(notNull(key, "key")));
    }

    /** The section of the given type, if any (e.g. {@code section(HostSection.class)}). */
    public <T extends ReportSection> Optional<T> section(Class<T> type) {
        notNull(type, "type");
        return sections.values().stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /** The same report with other sections. */
    public Report withSections(Map<String, ReportSection> newSections) {
        return new Report(schemaVersion, tool, run, backend, config, seed, environment, requests, rate, latencies,
                throughput, goodput, tokens, errors, timeSeries, notNull(newSections, "sections"), histograms);
    }

    /** The same report without its time series (e.g. for a compact baseline file). */
    public Report withoutTimeSeries() {
        return new Report(schemaVersion, tool, run, backend, config, seed, environment, requests, rate, latencies,
                throughput, goodput, tokens, errors, List.of(), sections, histograms);
    }
}
