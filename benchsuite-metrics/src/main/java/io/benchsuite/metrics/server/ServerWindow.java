package io.benchsuite.metrics.server;

import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.metrics.internal.MeanAndPeak;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Turns the scrapes of a run into the report's {@code server} section. Counters and histograms are
 * cumulative on the server (since it started), so every rate, count and distribution here is the
 * difference between the last scrape at or before the measured window's start and the last
 * scrape at or before its end: lifetime totals from earlier runs never leak into a run's figures.
 */
public final class ServerWindow {
    private final List<Scrape> scrapes;
    private final long windowStartNanos;
    private final long windowEndNanos;

    /**
     * One successful scrape.
     *
     * @param offsetNanos when it was taken, from the run start
     * @param snapshot its figures
     */
    public record Scrape(long offsetNanos, ServerSnapshot snapshot) {}

    /**
     * @param scrapes successful scrapes in time order
     * @param windowStartNanos start of the measured window (end of warm-up), from the run start
     * @param windowEndNanos end of the measured window (start of cool-down), {@code Long.MAX_VALUE} for the run's end
     */
    public ServerWindow(List<Scrape> scrapes, long windowStartNanos, long windowEndNanos) {
        this.scrapes = List.copyOf(scrapes);
        this.windowStartNanos = windowStartNanos;
        this.windowEndNanos = windowEndNanos;
    }

    /** The baseline scrape: the last one at or before the window start, else the first; null without scrapes. */
    Scrape baseline() {
        Scrape b = scrapes.isEmpty() ? null : scrapes.get(0);
        for (Scrape s : scrapes) {
            if (s.offsetNanos() <= windowStartNanos) b = s;
        }
        return b;
    }

    /** The closing scrape: the last one at or before the window end; null without scrapes. */
    Scrape closing() {
        Scrape e = null;
        for (Scrape s : scrapes) {
            if (s.offsetNanos() <= windowEndNanos) e = s;
        }
        return e;
    }

    /** Prefix-cache hit rate over the window from counter deltas (or the mean of a hit-rate gauge); NaN when unknown. */
    public double prefixCacheHitRate() {
        Scrape b = baseline();
        Scrape e = closing();
        if (b == null || e == null) return Double.NaN;
        double queries = e.snapshot().prefixCacheQueries() - b.snapshot().prefixCacheQueries();
        double hits = e.snapshot().prefixCacheHits() - b.snapshot().prefixCacheHits();
        if (queries > 0 && hits >= 0 && hits <= queries) return hits / queries;
        if (!Double.isNaN(queries)) return Double.NaN; // counters exposed but no traffic, or reset mid-run
        MeanAndPeak gauge = new MeanAndPeak();
        for (Scrape s : inWindow()) gauge.add(s.snapshot().prefixCacheHitRateGauge());
        return gauge.mean();
    }

    /** Counter delta over the window; NaN when unknown or the counter went backwards (server restart). */
    double delta(ToDoubleFunction<ServerSnapshot> counter) {
        Scrape b = baseline();
        Scrape e = closing();
        if (b == null || e == null) return Double.NaN;
        double d = counter.applyAsDouble(e.snapshot()) - counter.applyAsDouble(b.snapshot());
        return d >= 0 ? d : Double.NaN;
    }

    private List<Scrape> inWindow() {
        List<Scrape> in = new ArrayList<>();
        for (Scrape s : scrapes) {
            if (s.offsetNanos() >= windowStartNanos && s.offsetNanos() <= windowEndNanos) in.add(s);
        }
        return in.isEmpty() ? scrapes : in;
    }

    /**
     * The {@code server} section.
     *
     * @param source the dialect, or null when not recognised
     * @param url the scraped URL (no credentials)
     * @param attempts scrapes attempted
     * @param errors scrapes that failed (unreachable, bad status, unparsable)
     */
    public ServerSection section(ServerDialect source, String url, long attempts, long errors) {
        MeanAndPeak kv = new MeanAndPeak();
        MeanAndPeak running = new MeanAndPeak();
        MeanAndPeak waiting = new MeanAndPeak();
        for (Scrape s : inWindow()) {
            kv.add(s.snapshot().kvCacheUsage());
            running.add(s.snapshot().running());
            waiting.add(s.snapshot().waiting());
        }
        Map<Long, Scrape> perSecond = new TreeMap<>();
        for (Scrape s : scrapes) perSecond.put(s.offsetNanos() / 1_000_000_000L, s);
        List<ServerSection.Second> series = new ArrayList<>();
        perSecond.forEach((second, s) -> series.add(new ServerSection.Second(second, s.snapshot().kvCacheUsage(),
                s.snapshot().running(), s.snapshot().waiting())));
        return new ServerSection(source == null ? null : source.label(), url, attempts, errors, meanMax(kv),
                prefixCacheHitRate(), meanMax(running), meanMax(waiting), delta(ServerSnapshot::preemptions),
                quantiles(ServerSnapshot::ttft), quantiles(ServerSnapshot::itl), series, stages(source),
                SpecDecodeWindow.of(baseline(), closing(), inWindow()), delta(ServerSnapshot::abortedRequests));
    }

    /**
     * The server's request stages over the window: Δsum ÷ Δcount of each stage histogram, in milliseconds; what
     * is missing is named. Means rather than sums: the counts differ by the requests in flight at the edges.
     */
    ServerSection.Stages stages(ServerDialect source) {
        List<String> names = source == null ? List.of() : source.stageHistograms();
        if (names.isEmpty()) {
            return new ServerSection.Stages(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    source == null ? "no known server dialect" : "a " + source.label() + " server publishes no request-stage histograms");
        }
        List<Function<ServerSnapshot, PrometheusText.Histogram>> picks = List.of(
                ServerSnapshot::queueTime, ServerSnapshot::prefillTime, ServerSnapshot::decodeTime, ServerSnapshot::e2eTime);
        double[] means = new double[4];
        long requests = Long.MAX_VALUE;
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            PrometheusText.Histogram d = histogramDelta(picks.get(i));
            Scrape e = closing();
            boolean exposed = e != null && picks.get(i).apply(e.snapshot()) != null;
            if (!exposed && i < 3) missing.add(names.get(i));
            means[i] = d != null && d.count() > 0 ? d.sum() / d.count() * 1000 : Double.NaN;
            if (i < 3) requests = Math.min(requests, d == null ? 0 : (long) d.count());
        }
        String why = !missing.isEmpty() ? "the server exposes no " + String.join(", ", missing)
                : Double.isNaN(means[0]) || Double.isNaN(means[1]) || Double.isNaN(means[2])
                        ? "no request completed on the server within the window (or only one scrape)" : null;
        return new ServerSection.Stages(requests, means[0], means[1], means[2], means[3], why);
    }

    private static ServerSection.MeanMax meanMax(MeanAndPeak s) {
        return new ServerSection.MeanMax(s.mean(), s.max());
    }

    /** Mean, p50, p90, p99 in milliseconds from the window's bucket deltas; all NaN when unknown. */
    ServerSection.Quantiles quantiles(Function<ServerSnapshot, PrometheusText.Histogram> pick) {
        PrometheusText.Histogram d = histogramDelta(pick);
        boolean ok = d != null && d.count() > 0;
        return new ServerSection.Quantiles(ok ? d.sum() / d.count() * 1000 : Double.NaN,
                ok ? quantile(d, 0.50) * 1000 : Double.NaN, ok ? quantile(d, 0.90) * 1000 : Double.NaN,
                ok ? quantile(d, 0.99) * 1000 : Double.NaN);
    }

    /** The histogram of observations made inside the window (closing minus baseline, bucket by bucket), or null. */
    PrometheusText.Histogram histogramDelta(Function<ServerSnapshot, PrometheusText.Histogram> pick) {
        Scrape b = baseline();
        Scrape e = closing();
        if (b == null || e == null) return null;
        PrometheusText.Histogram end = pick.apply(e.snapshot());
        if (end == null) return null;
        if (b == e) return null; // one scrape: no window to difference over
        PrometheusText.Histogram start = pick.apply(b.snapshot());
        TreeMap<Double, Double> buckets = new TreeMap<>();
        for (Map.Entry<Double, Double> x : end.buckets().entrySet()) {
            double before = start == null ? 0 : start.buckets().getOrDefault(x.getKey(), 0.0);
            double d = x.getValue() - before;
            if (d < 0) return null; // reset
            buckets.put(x.getKey(), d);
        }
        double sum = end.sum() - (start == null ? 0 : start.sum());
        double count = end.count() - (start == null ? 0 : start.count());
        return count < 0 ? null : new PrometheusText.Histogram(buckets, sum, count);
    }

    /**
     * The q-quantile of a cumulative histogram, interpolated linearly inside the bucket that holds
     * it (as Prometheus' {@code histogram_quantile} does). In the {@code +Inf} bucket the answer is
     * the highest finite bound: the histogram cannot say more.
     */
    static double quantile(PrometheusText.Histogram h, double q) {
        double total = h.buckets().isEmpty() ? 0 : h.buckets().lastEntry().getValue();
        if (total <= 0) return Double.NaN;
        double rank = q * total;
        double prevBound = 0;
        double prevCount = 0;
        for (Map.Entry<Double, Double> b : h.buckets().entrySet()) {
            double bound = b.getKey();
            double count = b.getValue();
            if (count >= rank) {
                if (Double.isInfinite(bound)) return prevBound;
                if (count == prevCount) return bound;
                double lower = prevBound;
                return lower + (bound - lower) * (rank - prevCount) / (count - prevCount);
            }
            if (!Double.isInfinite(bound)) prevBound = bound;
            prevCount = count;
        }
        return prevBound;
    }
}
