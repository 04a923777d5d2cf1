package io.benchsuite.core.engine;

import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Phase;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.LatencyHistograms;
import io.benchsuite.core.LiveStats;
import io.benchsuite.core.RunResult.ErrorSample;
import io.benchsuite.core.SecondSample;
import io.benchsuite.core.schedule.ArrivalTimes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Collects finished requests into lossless histograms, counters and the request log, and computes
 * the run summary and per-second time series at the end. Thread-safe: records arrive from backend
 * threads.
 */
final class RunAggregator {
    private static final int ERROR_SAMPLES_PER_KIND = 5;
    private static final long LIVE_WINDOW_NANOS = 5_000_000_000L;

    private final Workload workload;
    private final Slo slo;
    private final LatencyHistograms histograms = LatencyHistograms.create();
    private final Histogram liveTtft = newHistogram();
    private final List<RequestRecord> records = new ArrayList<>();
    private final Map<String, Long> errorsByKind = new TreeMap<>();
    private final Map<String, Integer> samplesPerKind = new HashMap<>();
    private final List<ErrorSample> errorSamples = new ArrayList<>();
    private final Deque<long[]> recent = new ArrayDeque<>(); // {endOffset, outputTokens}
    private long completed;
    private long failed;
    private long outputTokens;
    private long waitedForSlotMeasured;

    RunAggregator(Workload workload, Slo slo) {
        this.workload = workload;
        this.slo = slo;
    }

    private static Histogram newHistogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    synchronized void accept(RequestRecord r) {
        records.add(r);
        if (r.succeeded()) {
            completed++;
            outputTokens += r.outputTokens();
            if (r.ttftNanos() >= 0) liveTtft.recordValue(r.ttftNanos());
            recent.addLast(new long[] {r.endOffsetNanos(), r.outputTokens()});
        } else {
            failed++;
        }
        if (r.phase() != Phase.MEASURED) return;
        if (r.succeeded()) {
            histograms.record("ttft", r.ttftNanos());
            histograms.record("ttftFromSend", r.ttftFromSendNanos());
            histograms.record("tpot", r.tpotNanos());
            histograms.record("e2e", r.e2eNanos());
            for (int i = 0; i < r.itl().size(); i++) histograms.record("itl", r.itl().get(i));
        } else {
            String kind = r.errorKind().label();
            errorsByKind.merge(kind, 1L, Long::sum);
            int n = samplesPerKind.merge(kind, 1, Integer::sum);
            if (n <= ERROR_SAMPLES_PER_KIND) {
                errorSamples.add(new ErrorSample(kind, r.index(), String.valueOf(r.errorMessage())));
            }
        }
        histograms.record("scheduleLag", r.scheduleLagNanos());
        histograms.record("dispatchLag", r.dispatchLagNanos());
        histograms.record("slotWait", r.slotWaitNanos());
    }

    synchronized void waitedForSlot(Phase phase) {
        if (phase == Phase.MEASURED) waitedForSlotMeasured++;
    }

    synchronized LiveStats live(long nowOffset, long scheduled, int active, int waiting) {
        while (!recent.isEmpty() && recent.peekFirst()[0] < nowOffset - LIVE_WINDOW_NANOS) recent.pollFirst();
        double window = Math.min(nowOffset, LIVE_WINDOW_NANOS) / 1e9;
        long tokens = 0;
        for (long[] e : recent) tokens += e[1];
        double rps = window > 0 ? recent.size() / window : 0;
        double tps = window > 0 ? tokens / window : 0;
        double p99 = liveTtft.getTotalCount() == 0 ? Double.NaN : liveTtft.getValueAtPercentile(99) / 1e6;
        return new LiveStats(nowOffset / 1e9, scheduled, completed, failed, active, waiting, outputTokens, rps, tps, p99);
    }

    synchronized List<RequestRecord> records() {
        List<RequestRecord> copy = new ArrayList<>(records);
        copy.sort(Comparator.comparingLong(RequestRecord::index));
        return copy;
    }

    synchronized LatencyHistograms histograms() {
        return histograms.copy();
    }

    synchronized List<ErrorSample> errorSamples() {
        return List.copyOf(errorSamples);
    }

    /**
     * The summary over the measured window.
     *
     * @param stoppedAt offset at which a stopped run quit scheduling, or {@code Long.MAX_VALUE} when it ran to its end
     */
    synchronized RunSummary summary(long stoppedAt) {
        long scheduled = records.size();
        long warmup = 0, cooldown = 0, measured = 0, ok = 0, bad = 0, cancelled = 0, met = 0;
        long firstScheduled = Long.MAX_VALUE, lastScheduled = Long.MIN_VALUE, lastEnd = Long.MIN_VALUE;
        long lastSent = Long.MIN_VALUE, sent = 0, retried = 0;
        long inTokens = 0, outTokens = 0, serverReported = 0, streamed = 0, serverOut = 0;
        for (RequestRecord r : records) {
            switch (r.phase()) {
                case WARMUP -> warmup++;
                case COOLDOWN -> cooldown++;
                case MEASURED -> measured++;
            }
            if (r.phase() != Phase.MEASURED) continue;
            if (r.connectionRetries() > 0) retried++;
            firstScheduled = Math.min(firstScheduled, r.scheduledOffsetNanos());
            lastScheduled = Math.max(lastScheduled, r.scheduledOffsetNanos());
            lastEnd = Math.max(lastEnd, r.endOffsetNanos());
            if (r.sentOffsetNanos() >= 0) {
                sent++;
                lastSent = Math.max(lastSent, r.sentOffsetNanos());
            }
            if (r.outcome() == Outcome.SUCCESS) {
                ok++;
                inTokens += r.inputTokens();
                outTokens += r.outputTokens();
                streamed += r.streamedTokens();
                if (r.tokenSource() == TokenSource.SERVER) {
                    serverReported++;
                    serverOut += r.serverCompletionTokens();
                }
                if (!slo.isEmpty() && slo.isMetBy(r)) met++;
            } else if (r.outcome() == Outcome.CANCELLED) {
                cancelled++;
            } else {
                bad++;
            }
        }
        double window = measured == 0 ? 0 : (lastEnd - firstScheduled) / 1e9;
        double perSecond = window > 0 ? 1 / window : Double.NaN;

        // Target: the profile's mean rate over the measured scheduling window. Achieved: measured
        // requests actually sent per second from the window start to the last actual send; a client
        // that falls behind sends late, which stretches this span and lowers the achieved rate.
        double target = Double.NaN;
        long windowStart = workload.warmup().toNanos();
        long windowEnd = workload.length().map(d -> d.toNanos() - workload.cooldown().toNanos())
                .orElse(lastScheduled == Long.MIN_VALUE ? windowStart : lastScheduled);
        windowEnd = Math.min(windowEnd, stoppedAt);
        if (workload.load() instanceof LoadModel.OpenLoop open && windowEnd > windowStart) {
            target = ArrivalTimes.meanRate(open.rate(), windowStart, windowEnd);
        }
        double scheduledRate = Double.NaN;
        if (measured > 0) {
            boolean byDuration = workload.length().isPresent() && stoppedAt == Long.MAX_VALUE;
            if (byDuration && windowEnd > windowStart) {
                scheduledRate = measured / ((windowEnd - windowStart) / 1e9);
            } else if (measured > 1 && lastScheduled > firstScheduled) {
                scheduledRate = (measured - 1) / ((lastScheduled - firstScheduled) / 1e9);
            }
        }
        double achieved = Double.NaN;
        if (sent > 0) {
            boolean byDuration = workload.length().isPresent() && stoppedAt == Long.MAX_VALUE;
            long spanEnd = Math.max(lastSent, byDuration ? windowEnd : lastScheduled);
            long span = spanEnd - Math.min(windowStart, firstScheduled);
            if (!byDuration && sent > 1) {
                // count-bounded run: n requests span n-1 gaps between first and last send
                achieved = span > 0 ? (sent - 1) / (span / 1e9) : Double.NaN;
            } else {
                achieved = span > 0 ? sent / (span / 1e9) : Double.NaN;
            }
        }

        RunSummary.Counts counts = new RunSummary.Counts(scheduled, warmup, cooldown, measured, ok, bad, cancelled,
                waitedForSlotMeasured, retried);
        RunSummary.Throughput throughput = new RunSummary.Throughput(ok * perSecond, outTokens * perSecond,
                (inTokens + outTokens) * perSecond);
        RunSummary.Goodput goodput = slo.isEmpty()
                ? new RunSummary.Goodput(slo, 0, Double.NaN, Double.NaN)
                : new RunSummary.Goodput(slo, met, met * perSecond, measured == 0 ? Double.NaN : (double) met / measured);
        Map<String, Long> errors = new TreeMap<>(errorsByKind);
        return new RunSummary(counts, window, target, scheduledRate, achieved, throughput, stats("ttft"), stats("ttftFromSend"),
                stats("itl"), stats("tpot"), stats("e2e"), stats("scheduleLag"), stats("dispatchLag"),
                stats("slotWait"), goodput, errors,
                new RunSummary.Tokens(inTokens, outTokens, serverReported, streamed, serverOut));
    }

    private LatencyStats stats(String metric) {
        return histograms.stats(metric);
    }

    /** Per-second series over every phase, reconstructed from the records. */
    synchronized List<SecondSample> timeSeries() {
        long end = 0;
        for (RequestRecord r : records) end = Math.max(end, Math.max(r.endOffsetNanos(), r.scheduledOffsetNanos()));
        int seconds = (int) (end / 1_000_000_000L) + 1;
        int[] scheduledPer = new int[seconds], sentPer = new int[seconds], okPer = new int[seconds], badPer = new int[seconds];
        long[] tokensPer = new long[seconds];
        double[] activeNanos = new double[seconds];
        Histogram[] ttftPer = new Histogram[seconds], e2ePer = new Histogram[seconds];
        for (RequestRecord r : records) {
            scheduledPer[sec(r.scheduledOffsetNanos())]++;
            if (r.sentOffsetNanos() >= 0) {
                sentPer[sec(r.sentOffsetNanos())]++;
                spread(activeNanos, r.sentOffsetNanos(), r.endOffsetNanos());
            }
            if (r.succeeded()) {
                okPer[sec(r.endOffsetNanos())]++;
                add(e2ePer, sec(r.endOffsetNanos()), r.e2eNanos());
            } else {
                badPer[sec(r.endOffsetNanos())]++;
            }
            if (r.firstTokenOffsetNanos() >= 0) {
                add(ttftPer, sec(r.firstTokenOffsetNanos()), r.ttftNanos());
                // token arrival instants: the first token, then the cumulative ITL gaps
                long t = r.firstTokenOffsetNanos();
                tokensPer[Math.min(sec(t), seconds - 1)]++;
                for (int i = 0; i < r.itl().size(); i++) {
                    t += r.itl().get(i);
                    tokensPer[Math.min(sec(t), seconds - 1)]++;
                }
            }
        }
        RateLookup target = new RateLookup(workload);
        List<SecondSample> out = new ArrayList<>(seconds);
        for (int s = 0; s < seconds; s++) {
            out.add(new SecondSample(s, target.meanRate(s), scheduledPer[s], sentPer[s], okPer[s], badPer[s],
                    tokensPer[s], activeNanos[s] / 1e9, pct(ttftPer[s], 50), pct(ttftPer[s], 99),
                    pct(e2ePer[s], 50), pct(e2ePer[s], 99)));
        }
        return out;
    }

    private static int sec(long offsetNanos) {
        return (int) (Math.max(0, offsetNanos) / 1_000_000_000L);
    }

    private static void spread(double[] perSecond, long from, long to) {
        long t = Math.max(0, from);
        while (t < to) {
            int s = sec(t);
            if (s >= perSecond.length) return;
            long boundary = (s + 1L) * 1_000_000_000L;
            long until = Math.min(boundary, to);
            perSecond[s] += until - t;
            t = until;
        }
    }

    private static void add(Histogram[] per, int s, long value) {
        if (value < 0) return;
        if (per[s] == null) per[s] = newHistogram();
        per[s].recordValue(value);
    }

    private static double pct(Histogram h, double p) {
        return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1e6;
    }

    /** The profile's mean rate per second of the run, NaN for closed loop. */
    private static final class RateLookup {
        private final LoadModel.OpenLoop open;

        RateLookup(Workload w) {
            this.open = w.load() instanceof LoadModel.OpenLoop o ? o : null;
        }

        double meanRate(int second) {
            if (open == null) return Double.NaN;
            return ArrivalTimes.meanRate(open.rate(), second * 1_000_000_000L, (second + 1) * 1_000_000_000L);
        }
    }
}
