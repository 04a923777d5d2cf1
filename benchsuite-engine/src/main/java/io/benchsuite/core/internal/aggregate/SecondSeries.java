package io.benchsuite.core.internal.aggregate;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.run.HistogramCompressor;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.SecondSample;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The per-second time series of a run (all windows), accumulated as requests finish: counters keyed
 * by second (a few numbers per second of run, however many requests), and per-second TTFT and E2E
 * percentiles recorded Recorder-style into interval histograms that are closed into two numbers
 * once their second is {@value #OPEN_SECONDS} seconds behind the newest sample, kept compressed (a few
 * hundred bytes a second) so that series of several runs merge losslessly. Memory grows with the
 * run's length in seconds only, never with its number of requests. Not thread-safe.
 */
final class SecondSeries {
    static final long SECOND = 1_000_000_000L;
    /** How many seconds behind the newest sample a second's percentiles stay open for late samples. */
    static final int OPEN_SECONDS = 5;

    private int[] scheduled = new int[64];
    private int[] sent = new int[64];
    private int[] completed = new int[64];
    private int[] failed = new int[64];
    private long[] outputTokens = new long[64];
    private long[] completedOutputTokens = new long[64];
    private long[] activeNanos = new long[64];
    private long lastOffset;
    private final IntervalPercentiles ttft = new IntervalPercentiles();
    private final IntervalPercentiles e2e = new IntervalPercentiles();

    static int second(long offsetNanos) {
        return (int) (Math.max(0, offsetNanos) / SECOND);
    }

    private void ensure(int second) {
        if (second < scheduled.length) return;
        int n = Math.max(second + 1, scheduled.length * 2);
        scheduled = Arrays.copyOf(scheduled, n);
        sent = Arrays.copyOf(sent, n);
        completed = Arrays.copyOf(completed, n);
        failed = Arrays.copyOf(failed, n);
        outputTokens = Arrays.copyOf(outputTokens, n);
        completedOutputTokens = Arrays.copyOf(completedOutputTokens, n);
        activeNanos = Arrays.copyOf(activeNanos, n);
    }

    /** A first token arrived: its TTFT counts in the second it arrived (recorded at once, so the second can close). */
    void firstToken(long firstTokenOffset, long ttftNanos) {
        if (ttftNanos >= 0) ttft.record(second(firstTokenOffset), ttftNanos);
    }

    /** Folds a finished request into its seconds: scheduled, sent, ended, active time, token arrivals, E2E. */
    void add(RequestRecord r) {
        lastOffset = Math.max(lastOffset, Math.max(r.endOffsetNanos(), r.scheduledOffsetNanos()));
        ensure(second(lastOffset));
        scheduled[second(r.scheduledOffsetNanos())]++;
        if (r.sentOffsetNanos() >= 0) {
            sent[second(r.sentOffsetNanos())]++;
            spreadActive(r.sentOffsetNanos(), r.endOffsetNanos());
        }
        int end = second(r.endOffsetNanos());
        if (r.succeeded()) {
            completed[end]++;
            completedOutputTokens[end] += r.outputTokens();
            if (r.e2eNanos() >= 0) e2e.record(end, r.e2eNanos());
        } else {
            failed[end]++;
        }
        if (r.firstTokenOffsetNanos() >= 0) {
            // token arrival instants: the first token, then the cumulative inter-token gaps
            long t = r.firstTokenOffsetNanos();
            outputTokens[Math.min(second(t), outputTokens.length - 1)]++;
            for (int i = 0; i < r.itl().size(); i++) {
                t += r.itl().get(i);
                outputTokens[Math.min(second(t), outputTokens.length - 1)]++;
            }
        }
    }

    private void spreadActive(long from, long to) {
        long t = Math.max(0, from);
        while (t < to) {
            int s = second(t);
            long until = Math.min((s + 1L) * SECOND, to);
            activeNanos[s] += until - t;
            t = until;
        }
    }

    /**
     * Successful requests and their output tokens per second over the seconds that overlap the last
     * {@code windowNanos} before {@code now} (for live progress), as {@code {requests/s, tokens/s}}.
     */
    double[] recentRates(long now, long windowNanos) {
        int last = Math.min(second(now), completed.length - 1);
        int first = (int) Math.max(0, Math.floorDiv(now - windowNanos, SECOND) + 1);
        long requests = 0, tokens = 0;
        for (int s = first; s <= last; s++) {
            requests += completed[s];
            tokens += completedOutputTokens[s];
        }
        double seconds = (now - first * SECOND) / 1e9;
        return seconds > 0 ? new double[] {requests / seconds, tokens / seconds} : new double[] {0, 0};
    }

    /** Samples dropped from the per-second percentiles because they came after their second had closed. */
    long lateSamples() {
        return ttft.late + e2e.late;
    }

    /** One sample per second from 0 to the last second any finished request touched. */
    List<SecondSample> samples(Workload load) {
        return samples(load, BackendTime.WALL);
    }

    /** One sample per second of the backend's time; the load's target rate converted to that time. */
    List<SecondSample> samples(Workload load, BackendTime time) {
        int seconds = second(lastOffset) + 1;
        ensure(seconds - 1);
        double[][] ttftP = ttft.closeAll(seconds);
        double[][] e2eP = e2e.closeAll(seconds);
        byte[][] ttftH = ttft.histograms;
        byte[][] e2eH = e2e.histograms;
        List<SecondSample> out = new ArrayList<>(seconds);
        for (int s = 0; s < seconds; s++) {
            out.add(new SecondSample(s, load.targetRate(time.wall(s * SECOND), time.wall((s + 1) * SECOND)) * time.scale(), scheduled[s], sent[s],
                    completed[s], failed[s], outputTokens[s], activeNanos[s] / 1e9, ttftP[0][s], ttftP[1][s],
                    e2eP[0][s], e2eP[1][s], ttftH[s], e2eH[s]));
        }
        return out;
    }

    /**
     * Median and p99 per second from interval histograms: a second's histogram takes samples while
     * it is open and is reduced to its two percentiles and its compressed encoding (and the histogram
     * reused) once the newest sample is {@value #OPEN_SECONDS} seconds later.
     */
    private static final class IntervalPercentiles {
        private final Deque<Histogram> pool = new ArrayDeque<>();
        /** Reuses its buffers and deflater: a new ~200 KB buffer and deflater per second cost more than the rest of the close. */
        private final HistogramCompressor compressor = new HistogramCompressor();
        private final Deque<Interval> open = new ArrayDeque<>(); // ascending seconds
        private double[] p50 = new double[0];
        private double[] p99 = new double[0];
        /** Each closed second's histogram, compressed (null: no sample), so the series can be merged losslessly. */
        byte[][] histograms = new byte[0][];
        private int closedBelow; // seconds below this have been reduced
        private int newest = -1;
        long late;

        /** One open second: its histogram, and its samples kept as they came for the two percentiles. */
        private static final class Interval {
            final int second;
            final Histogram histogram;
            long[] samples = new long[16];
            int count;

            Interval(int second, Histogram histogram) {
                this.second = second;
                this.histogram = histogram;
            }

            int second() {
                return second;
            }

            void record(long nanos) {
                histogram.recordValue(nanos);
                if (count == samples.length) samples = Arrays.copyOf(samples, count * 2);
                samples[count++] = nanos;
            }

            /**
             * {@code histogram.getValueAtPercentile(percentile)} (percentile above 0), from the samples sorted: HdrHistogram
             * walks its counts array from the first bucket to the percentile's, twice per second closed; that walk was most
             * of a simulated hour's closes. Same count rank, same bucket, same value returned.
             */
            long valueAtPercentile(double percentile) {
                double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
                long rank = Math.max(1, (long) Math.ceil(requested * count / 100.0));
                return histogram.highestEquivalentValue(samples[(int) rank - 1]);
            }
        }

        void record(int second, long nanos) {
            if (second < closedBelow) {
                late++;
                return;
            }
            intervalOf(second).record(nanos);
            if (second > newest) {
                newest = second;
                while (!open.isEmpty() && open.peekFirst().second() < newest - OPEN_SECONDS) close(open.pollFirst());
                closedBelow = Math.max(closedBelow, newest - OPEN_SECONDS);
            }
        }

        private Interval intervalOf(int second) {
            for (Interval i : open) if (i.second() == second) return i;
            Histogram h = pool.isEmpty() ? LatencyHistograms.newHistogram() : pool.pop();
            Interval created = new Interval(second, h);
            // keep ascending order; samples arrive almost in order, so this walks from the end
            List<Interval> tail = new ArrayList<>();
            while (!open.isEmpty() && open.peekLast().second() > second) tail.add(0, open.pollLast());
            open.addLast(created);
            open.addAll(tail);
            return created;
        }

        private void close(Interval i) {
            grow(i.second() + 1);
            Histogram h = i.histogram;
            Arrays.sort(i.samples, 0, i.count);
            p50[i.second()] = i.valueAtPercentile(50) / 1e6;
            p99[i.second()] = i.valueAtPercentile(99) / 1e6;
            histograms[i.second()] = compressor.compress(h);
            h.reset();
            pool.push(h);
        }

        private void grow(int n) {
            if (p50.length >= n) return;
            int size = Math.max(n, p50.length * 2);
            int from = p50.length;
            p50 = Arrays.copyOf(p50, size);
            p99 = Arrays.copyOf(p99, size);
            histograms = Arrays.copyOf(histograms, size);
            Arrays.fill(p50, from, size, Double.NaN);
            Arrays.fill(p99, from, size, Double.NaN);
        }

        /** Closes every open second and returns {@code {p50[], p99[]}} of at least {@code seconds} entries (NaN: no sample). */
        double[][] closeAll(int seconds) {
            while (!open.isEmpty()) close(open.pollFirst());
            closedBelow = Math.max(closedBelow, newest + 1);
            grow(seconds);
            return new double[][] {p50, p99};
        }
    }
}
