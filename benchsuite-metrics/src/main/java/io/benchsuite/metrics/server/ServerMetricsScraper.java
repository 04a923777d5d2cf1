package io.benchsuite.metrics.server;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.metrics.internal.HttpText;
import io.benchsuite.metrics.internal.PeriodicSampler;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scrapes a serving stack's Prometheus {@code /metrics} during a run (on one daemon thread, from
 * the run start until the report sections are collected) and contributes the report's
 * {@code server} section. A scrape that fails (unreachable, bad status, unparsable) is counted in
 * {@code scrapeErrors} and logged as a warning; the run goes on.
 *
 * <p>Register it with {@code Benchmark.Builder.listener(scraper)}; one scraper per run.
 */
public final class ServerMetricsScraper extends PeriodicSampler {
    private static final Logger log = LoggerFactory.getLogger(ServerMetricsScraper.class);

    private final URI url;
    private final Duration timeout;
    private final List<ServerWindow.Scrape> scrapes = new ArrayList<>();
    private long attempts;
    private long errors;
    private ServerDialect dialect;
    private long runStart;
    private long windowStart;
    private long windowEnd = Long.MAX_VALUE;
    private boolean finalScrapeDone;
    private final boolean insecure;
    private volatile ServerSnapshot latest;
    private volatile ServerSnapshot first;

    /**
     * @param url the server's metrics URL, e.g. {@code http://localhost:8000/metrics}
     * @param interval time between scrapes
     * @param timeout connect and read timeout of one scrape
     */
    public ServerMetricsScraper(URI url, Duration interval, Duration timeout) {
        this(url, interval, timeout, false);
    }

    /**
     * @param url the server's metrics URL, e.g. {@code https://localhost:8000/metrics}
     * @param interval time between scrapes
     * @param timeout connect and read timeout of one scrape
     * @param insecure accept any TLS certificate (as the backend does with {@code insecure=true})
     */
    public ServerMetricsScraper(URI url, Duration interval, Duration timeout, boolean insecure) {
        super("benchsuite-server-metrics", positive(interval, "interval"));
        this.insecure = insecure;
        this.url = notNull(url, "url");
        String scheme = url.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("server metrics url must be http:// or https://, got '" + safeUrl(url) + "'");
        }
        this.timeout = positive(timeout, "timeout");
    }

    /** A scraper of {@code url} every {@code interval}, with a timeout of the interval (at least 1 s, at most 10 s). */
    public static ServerMetricsScraper every(URI url, Duration interval) {
        return every(url, interval, false);
    }

    /**
     * A scraper of {@code url} every {@code interval}, with a timeout of the interval (at least 1 s,
     * at most 10 s); {@code insecure} accepts any TLS certificate.
     */
    public static ServerMetricsScraper every(URI url, Duration interval, boolean insecure) {
        long ms = Math.max(1000, Math.min(10_000, notNull(interval, "interval").toMillis()));
        return new ServerMetricsScraper(url, interval, Duration.ofMillis(ms), insecure);
    }

    /**
     * Takes the baseline scrape on the calling thread (the run's start waits for it: at most the scrape's
     * timeout, and a refused connection fails at once, counted as a scrape error), then scrapes every
     * interval on a thread of its own.
     */
    @Override
    public void onRunStarted(RunInfo info) {
        synchronized (this) {
            runStart = System.nanoTime();
            windowStart = info.workload().warmup().toNanos();
            windowEnd = info.workload().length().map(l -> l.minus(info.workload().cooldown()).toNanos()).orElse(Long.MAX_VALUE);
        }
        // The baseline here, on the thread starting the run, before its clock: the counters' deltas then
        // count none of the run's requests as before it, and the classes a scrape loads (the JDK's HTTP
        // keep-alive cache subclasses ArrayDeque) are loaded before the run's warm-up, not during it,
        // where they undid compiled code the warm-up had made (see RunEngine#warmUp).
        startSamplingHere(this::scrapeOnce);
    }

    /** Scrapes once now (also used for the final scrape at the end of the run). */
    void scrapeOnce() {
        long at = System.nanoTime();
        String body;
        PrometheusText text;
        try {
            body = HttpText.get(url, timeout, insecure);
            text = PrometheusText.parse(body);
        } catch (IOException | IllegalArgumentException e) {
            failed(e);
            return;
        }
        synchronized (this) {
            attempts++;
            if (dialect == null) {
                dialect = ServerDialect.detect(text);
                if (dialect == null && attempts == 1) {
                    log.warn("server metrics at {}: no vLLM, SGLang, TGI, llama.cpp or TensorRT-LLM metric names found; "
                            + "the report's server figures will be null", safeUrl(url));
                }
            }
            if (dialect == null) return;
            ServerSnapshot s = dialect.read(text);
            scrapes.add(new ServerWindow.Scrape(at - runStart, s));
            if (first == null) first = s;
            latest = s;
        }
    }

    private void failed(Exception e) {
        long n;
        synchronized (this) {
            attempts++;
            n = ++errors;
        }
        String why = e instanceof IllegalArgumentException ? "unparsable response: " + e.getMessage() : e.toString();
        if (n == 1) {
            log.warn("server metrics scrape of {} failed (the run goes on; failures are counted in the report): {}",
                    safeUrl(url), why);
        } else {
            log.debug("server metrics scrape of {} failed again: {}", safeUrl(url), why);
        }
    }

    /** KV-cache usage (0..1) at the latest scrape; NaN before the first or when the server does not expose it. */
    public double kvCacheUsage() {
        ServerSnapshot s = latest;
        return s == null ? Double.NaN : s.kvCacheUsage();
    }

    /** Requests waiting in the server's queue at the latest scrape; NaN when unknown. */
    public double waiting() {
        ServerSnapshot s = latest;
        return s == null ? Double.NaN : s.waiting();
    }

    /** Prefix-cache hit rate since the run started (counter deltas, or the server's own gauge); NaN when unknown. */
    public double prefixCacheHitRate() {
        ServerSnapshot a = first;
        ServerSnapshot b = latest;
        if (a == null || b == null) return Double.NaN;
        double q = b.prefixCacheQueries() - a.prefixCacheQueries();
        double h = b.prefixCacheHits() - a.prefixCacheHits();
        if (q > 0 && h >= 0 && h <= q) return h / q;
        return b.prefixCacheHitRateGauge();
    }

    @Override
    public List<ReportSection> reportSections() {
        if (!stop()) return List.of();
        synchronized (this) {
            ServerWindow w = new ServerWindow(scrapes, windowStart, windowEnd);
            if (errors > 0) {
                log.warn("server metrics: {} of {} scrapes of {} failed", errors, attempts, safeUrl(url));
            }
            return List.of(w.section(dialect, safeUrl(url), attempts, errors));
        }
    }


    /** Stops the thread and takes a final scrape so the window's end is covered; false when the run never started. */
    private boolean stop() {
        if (!stopSampling()) return false;
        boolean first;
        synchronized (this) {
            first = !finalScrapeDone;
            finalScrapeDone = true;
        }
        if (first) scrapeOnce();
        return true;
    }

    /** The URL without user info or query (which may hold credentials). */
    static String safeUrl(URI u) {
        String host = u.getHost() == null ? "" : u.getHost();
        return (u.getScheme() == null ? "" : u.getScheme() + "://") + host + (u.getPort() >= 0 ? ":" + u.getPort() : "")
                + (u.getRawPath() == null ? "" : u.getRawPath());
    }
}
