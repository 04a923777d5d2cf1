package io.benchsuite.metrics;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;
import static io.benchsuite.metrics.MetricNames.*;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.run.ForwardingResponseListener;
import io.benchsuite.api.run.LiveStats;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.metrics.gpu.GpuTelemetry;
import io.benchsuite.metrics.host.HostTelemetry;
import io.benchsuite.metrics.server.ServerMetricsScraper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The metrics facade: publishes the 28 live metrics of a run (listed in {@link MetricNames},
 * described in {@code docs/metrics.md}) to the {@link MeterRegistry} the caller passes, every meter
 * tagged {@code run} and {@code backend}. These are live views for dashboards; the report's
 * figures come from the run's lossless histograms, not from these meters.
 *
 * <p>Meters are registered when the run starts. A metric whose source is absent (no server scraper,
 * no GPU, not on Linux) is still registered and reads NaN.
 *
 * <p>The latency timers ({@code ttft}, {@code ttfat}, {@code itl}, {@code tpot}, {@code e2e_latency}) publish
 * histogram buckets from {@link #LATENCY_BUCKETS_FROM} to {@link #LATENCY_BUCKETS_TO}. They are
 * recorded while the request's terminal event is handled, when
 * {@link io.benchsuite.metrics.tracing.RequestTracing} has made the request's span context current:
 * a registry that samples exemplars from the current span (Prometheus' {@code SpanContext}, the OTLP
 * registry's {@code ExemplarContextProvider}) attaches the trace ids of exported requests to them.
 *
 * <pre>{@code
 * BenchsuiteMetrics metrics = BenchsuiteMetrics.builder(registry).server(scraper).host(host).gpu(gpu).build();
 * Benchmark.Builder b = Benchmark.named("chat").backend(...).workload(...);
 * metrics.install(b);                 // listener + decorator
 * RunningBenchmark running = b.start();
 * metrics.bind(running);              // queued (waiting for a slot) and in-flight counts from the engine
 * }</pre>
 */
public final class BenchsuiteMetrics implements RunListener, RequestDecorator, AutoCloseable {
    /** Lowest histogram bucket bound of the latency timers ({@code ttft}, {@code ttfat}, {@code itl}, {@code tpot}, {@code e2e_latency}). */
    public static final Duration LATENCY_BUCKETS_FROM = Duration.ofMillis(1);
    /** Highest finite histogram bucket bound of the latency timers. */
    public static final Duration LATENCY_BUCKETS_TO = Duration.ofMinutes(5);
    private final MeterRegistry registry;
    private final ServerMetricsScraper server;
    private final HostTelemetry host;
    private final GpuTelemetry gpu;
    private final long windowNanos;
    private final LongSupplier clock;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ArrayDeque<Finished> recent = new ArrayDeque<>();
    private final List<Meter> meters = new ArrayList<>();
    private final Map<Outcome, Counter> requests = new EnumMap<>(Outcome.class);
    private final Map<ErrorKind, Counter> errors = new EnumMap<>(ErrorKind.class);
    private volatile Supplier<LiveStats> live;
    private volatile Slo slo = Slo.none();
    private volatile long runStart;
    private Timer scheduleLag;
    private Timer ttft;
    private Timer ttfat;
    private Timer itl;
    private Timer tpot;
    private Timer e2e;
    private Counter inputTokens;
    private Counter outputTokens;
    private boolean started;

    /** A request that finished inside the sliding window. */
    private record Finished(long at, long e2eNanos, int outputTokens, boolean success, boolean metSlo) {}

    private BenchsuiteMetrics(Builder b) {
        this.registry = b.registry;
        this.server = b.server;
        this.host = b.host;
        this.gpu = b.gpu;
        this.windowNanos = b.window.toNanos();
        this.clock = b.clock;
    }

    /** A builder publishing to {@code registry}. */
    public static Builder builder(MeterRegistry registry) {
        return new Builder(registry);
    }

    /** Configures a {@link BenchsuiteMetrics}. */
    public static final class Builder {
        private final MeterRegistry registry;
        private ServerMetricsScraper server;
        private HostTelemetry host;
        private GpuTelemetry gpu;
        private Duration window = Duration.ofSeconds(10);
        private LongSupplier clock = System::nanoTime;

        private Builder(MeterRegistry registry) {
            this.registry = notNull(registry, "registry");
        }

        /** Source of {@code kv_cache_usage_ratio}, {@code prefix_cache_hit_rate}, {@code server_waiting_requests}. */
        public Builder server(ServerMetricsScraper scraper) {
            this.server = notNull(scraper, "server");
            return this;
        }

        /** Source of {@code process_cpu_pct}, {@code host_cpu_pct}, {@code memory_peak_bytes}, {@code memory_fragmentation_ratio}. */
        public Builder host(HostTelemetry telemetry) {
            this.host = notNull(telemetry, "host");
            return this;
        }

        /** Source of {@code gpu_util_pct}, {@code gpu_memory_used_bytes}, {@code gpu_power_watts}. */
        public Builder gpu(GpuTelemetry telemetry) {
            this.gpu = notNull(telemetry, "gpu");
            return this;
        }

        /** The sliding window of the latency percentile and rate gauges (default 10 s). */
        public Builder window(Duration window) {
            this.window = positive(window, "window");
            return this;
        }

        /** The monotonic clock in nanoseconds (tests drive it by hand). */
        public Builder clock(LongSupplier nanoClock) {
            this.clock = notNull(nanoClock, "clock");
            return this;
        }

        public BenchsuiteMetrics build() {
            return new BenchsuiteMetrics(this);
        }
    }

    /** Registers this facade on a run: as a listener and as a request decorator. */
    public BenchsuiteMetrics install(Benchmark.Builder builder) {
        notNull(builder, "builder").listener(this).decorator(this);
        return this;
    }

    /** Reads {@code queued_requests} and {@code active_requests} from the engine's live stats from now on. */
    public void bind(RunningBenchmark running) {
        notNull(running, "running");
        this.live = running::live;
    }

    @Override
    public synchronized void onRunStarted(RunInfo info) {
        if (started) throw new IllegalStateException("a BenchsuiteMetrics serves one run; build one per run");
        started = true;
        runStart = clock.getAsLong();
        slo = info.slo();
        Tags tags = Tags.of("run", info.name(), "backend", info.backend().name());
        for (Outcome o : Outcome.values()) {
            requests.put(o, keep(Counter.builder(REQUESTS).description("Finished requests by outcome")
                    .tags(tags).tag("outcome", o.name().toLowerCase(Locale.ROOT)).register(registry)));
        }
        gauge(ACTIVE_REQUESTS, "Requests in flight", tags, m -> m.active());
        gauge(QUEUED_REQUESTS, "Requests due but waiting for a concurrency slot", tags,
                m -> m.live == null ? Double.NaN : m.live.get().waitingForSlot());
        scheduleLag = keep(Timer.builder(SCHEDULE_LAG).description("Actual send minus scheduled instant").tags(tags)
                .register(registry));
        ttft = latency(TTFT, "Time to first token, from the scheduled instant", tags);
        ttfat = latency(TTFAT, "Time to first answer token (after a reasoning model's thinking), from the scheduled instant",
                tags);
        itl = latency(ITL, "Gap between consecutive streamed tokens", tags);
        tpot = latency(TPOT, "Time per output token after the first", tags);
        e2e = latency(E2E_LATENCY, "End-to-end latency, from the scheduled instant", tags);
        gauge(LATENCY_P50, "Median E2E latency over the sliding window, seconds", tags, m -> m.e2ePercentile(0.50));
        gauge(LATENCY_P90, "p90 E2E latency over the sliding window, seconds", tags, m -> m.e2ePercentile(0.90));
        gauge(LATENCY_P99, "p99 E2E latency over the sliding window, seconds", tags, m -> m.e2ePercentile(0.99));
        inputTokens = keep(Counter.builder(INPUT_TOKENS).description("Prompt tokens of finished requests").tags(tags).register(registry));
        outputTokens = keep(Counter.builder(OUTPUT_TOKENS).description("Output tokens of finished requests").tags(tags).register(registry));
        gauge(OUTPUT_TOKENS_PER_SECOND, "Output tokens per second over the sliding window", tags, m -> m.rate(Kind.TOKENS));
        gauge(REQUESTS_PER_SECOND, "Successful requests per second over the sliding window", tags, m -> m.rate(Kind.SUCCESSES));
        gauge(GOODPUT, "Requests per second meeting every SLO over the sliding window (NaN without SLOs)", tags,
                m -> m.slo.isEmpty() ? Double.NaN : m.rate(Kind.GOOD));
        for (ErrorKind k : ErrorKind.values()) {
            errors.put(k, keep(Counter.builder(ERRORS).description("Failed or cancelled requests by error type")
                    .tags(tags).tag("type", k.label()).register(registry)));
        }
        gauge(KV_CACHE_USAGE, "Server KV-cache usage, 0..1 (server /metrics)", tags,
                m -> m.server == null ? Double.NaN : m.server.kvCacheUsage());
        gauge(PREFIX_CACHE_HIT_RATE, "Server prefix-cache hit rate since the run started, 0..1", tags,
                m -> m.server == null ? Double.NaN : m.server.prefixCacheHitRate());
        gauge(SERVER_WAITING_REQUESTS, "Requests queued inside the server", tags,
                m -> m.server == null ? Double.NaN : m.server.waiting());
        gauge(GPU_UTIL_PCT, "GPU utilisation, %, mean over GPUs", tags, m -> m.gpu == null ? Double.NaN : m.gpu.utilPct());
        gauge(GPU_MEMORY_USED, "GPU memory used, bytes, all GPUs", tags, m -> m.gpu == null ? Double.NaN : m.gpu.memoryUsedBytes());
        gauge(GPU_POWER, "GPU power draw, watts, all GPUs", tags, m -> m.gpu == null ? Double.NaN : m.gpu.powerW());
        gauge(PROCESS_CPU_PCT, "CPU used by this process, % of all CPUs", tags,
                m -> m.host == null ? Double.NaN : m.host.processCpuPct());
        gauge(HOST_CPU_PCT, "CPU busy on the machine, %", tags, m -> m.host == null ? Double.NaN : m.host.systemCpuPct());
        gauge(MEMORY_PEAK, "Largest resident set size of this process sampled during the run, bytes", tags,
                m -> m.host == null ? Double.NaN : m.host.rssPeakBytes());
        gauge(MEMORY_FRAGMENTATION_RATIO, "RSS / JVM memory in use (heap + non-heap)", tags,
                m -> m.host == null ? Double.NaN : m.host.fragmentationRatio());
    }

    private <M extends Meter> M keep(M meter) {
        meters.add(meter);
        return meter;
    }

    private void gauge(String name, String description, Tags tags, ToDoubleFunction<BenchsuiteMetrics> f) {
        keep(Gauge.builder(name, this, f).description(description).tags(tags).strongReference(true).register(registry));
    }

    /**
     * A latency timer with histogram buckets from 1 ms to 5 min (and +Inf), so dashboards can compute
     * quantiles across runs and registries that sample exemplars attach trace ids to the buckets.
     */
    private Timer latency(String name, String description, Tags tags) {
        return keep(Timer.builder(name).description(description).tags(tags).publishPercentileHistogram()
                .minimumExpectedValue(LATENCY_BUCKETS_FROM).maximumExpectedValue(LATENCY_BUCKETS_TO).register(registry));
    }

    @Override
    public Decorated decorate(InferenceRequest request, ResponseListener downstream) {
        inFlight.incrementAndGet();
        return new Decorated(request, new Counting(downstream));
    }

    /** Counts a request in flight from its decoration to its terminal event. */
    private final class Counting extends ForwardingResponseListener {
        Counting(ResponseListener downstream) {
            super(downstream);
        }

        @Override
        public void onComplete(long nanoTime, Usage usage) {
            inFlight.decrementAndGet();
            super.onComplete(nanoTime, usage);
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            inFlight.decrementAndGet();
            super.onError(nanoTime, error);
        }
    }

    @Override
    public void onRequestFinished(RequestRecord r) {
        if (!started) return;
        requests.get(r.outcome()).increment();
        if (r.errorKind() != null) errors.get(r.errorKind()).increment();
        if (r.scheduleLagNanos() >= 0) scheduleLag.record(r.scheduleLagNanos(), TimeUnit.NANOSECONDS);
        inputTokens.increment(Math.max(0, r.inputTokens()));
        outputTokens.increment(Math.max(0, r.outputTokens()));
        if (r.succeeded()) {
            if (r.ttftNanos() >= 0) ttft.record(r.ttftNanos(), TimeUnit.NANOSECONDS);
            // the wait a reasoning model's user has for the answer; TTFT's value for a request without reasoning
            if (r.ttfatNanos() >= 0) ttfat.record(r.ttfatNanos(), TimeUnit.NANOSECONDS);
            for (int i = 0; i < r.itl().size(); i++) itl.record(r.itl().get(i), TimeUnit.NANOSECONDS);
            if (r.tpotNanos() >= 0) tpot.record(r.tpotNanos(), TimeUnit.NANOSECONDS);
            e2e.record(r.e2eNanos(), TimeUnit.NANOSECONDS);
        }
        long now = clock.getAsLong();
        synchronized (recent) {
            recent.addLast(new Finished(now, r.e2eNanos(), Math.max(0, r.outputTokens()), r.succeeded(), slo.isMetBy(r)));
            prune(now);
        }
    }

    private void prune(long now) {
        while (!recent.isEmpty() && recent.peekFirst().at < now - windowNanos) recent.pollFirst();
    }

    private double active() {
        Supplier<LiveStats> l = live;
        return l == null ? inFlight.get() : l.get().active();
    }

    /** Nearest-rank percentile of E2E over the window, in seconds; NaN without successes. */
    private double e2ePercentile(double q) {
        long[] values;
        synchronized (recent) {
            prune(clock.getAsLong());
            values = recent.stream().filter(Finished::success).mapToLong(Finished::e2eNanos).toArray();
        }
        if (values.length == 0) return Double.NaN;
        Arrays.sort(values);
        int rank = (int) Math.ceil(q * values.length);
        return values[Math.max(0, rank - 1)] / 1e9;
    }

    private enum Kind { TOKENS, SUCCESSES, GOOD }

    /** Per-second rate over the window (or the time since the run started, when shorter). */
    private double rate(Kind kind) {
        long now = clock.getAsLong();
        double span = Math.min(windowNanos, now - runStart) / 1e9;
        if (span <= 0) return Double.NaN;
        double total = 0;
        synchronized (recent) {
            prune(now);
            for (Finished f : recent) {
                switch (kind) {
                    case TOKENS -> total += f.success ? f.outputTokens : 0;
                    case SUCCESSES -> total += f.success ? 1 : 0;
                    case GOOD -> total += f.metSlo ? 1 : 0;
                }
            }
        }
        return total / span;
    }

    /** Names of the meters registered so far (for checks against {@code docs/metrics.md}). */
    synchronized Set<String> registeredNames() {
        Set<String> names = new TreeSet<>();
        for (Meter m : meters) names.add(m.getId().getName());
        return names;
    }

    /** Removes this facade's meters from the registry. */
    @Override
    public synchronized void close() {
        for (Meter m : meters) registry.remove(m);
        meters.clear();
    }
}
