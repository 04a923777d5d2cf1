package io.benchsuite.core.internal.aggregate;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.ReasoningTokenSource;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.run.LiveStats;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.RunResult.ErrorSample;
import io.benchsuite.core.run.SecondSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Folds finished requests, as they finish, into everything a run reports: lossless histograms of the
 * measured window, counters for the summary, the per-second series ({@link SecondSeries}), error
 * counts and samples. A record is dropped once folded (unless the run retains them), so memory does
 * not grow with the number of requests. Thread-safe: records arrive from backend threads. All
 * instants are offsets from the run start given by the caller; it reads no clock. Against a backend
 * whose time is not the wall clock's ({@link BackendTime}) the caller's wall-clock offsets are turned
 * into the backend's time as they come in, so every figure, and every objective's verdict, is in it.
 */
public final class RunAggregator {
    private static final Logger log = LoggerFactory.getLogger(RunAggregator.class);
    private static final int ERROR_SAMPLES_PER_KIND = 5;
    private static final long LIVE_WINDOW_NANOS = 5_000_000_000L;

    private final Workload workload;
    private final Slo slo;
    private final BackendTime time;
    private final LatencyHistograms.Builder histograms = LatencyHistograms.builder();
    private final Histogram liveTtft = LatencyHistograms.newHistogram();
    private final SecondSeries series = new SecondSeries();
    private final List<RequestRecord> retained;
    private final Map<String, Long> errorsByKind = new TreeMap<>();
    private final Map<String, Integer> samplesPerKind = new HashMap<>();
    private final List<ErrorSample> errorSamples = new ArrayList<>();

    // every window
    private long finished;
    private long completed;
    private long failed;
    private long cancelledAll;
    private long outputTokens;
    private long warmup;
    private long cooldown;
    // the measured window
    private long measured;
    private long waitedForSlot;
    private long retried;
    private long firstScheduled = Long.MAX_VALUE;
    private long lastScheduled = Long.MIN_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long sent;
    private long lastSent = Long.MIN_VALUE;
    private long ok;
    private long bad;
    private long cancelled;
    private long cancelledByDesign;
    private long met;
    private final List<Slo.LatencyLimit> objectives;
    private final long[] metEach;
    private long inTokens;
    private long outTokens;
    private long streamed;
    private long serverReported;
    private long serverOut;
    private long reasoningRequests;
    private long reasoningTokens;
    private long reasoningFromUsage;

    /**
     * @param workload the run's workload (window, target rate)
     * @param slo the objectives for goodput
     * @param retainRequests whether to keep every record for {@link #retained()}
     */
    public RunAggregator(Workload workload, Slo slo, boolean retainRequests) {
        this(workload, slo, retainRequests, BackendTime.WALL);
    }

    /**
     * @param workload the run's workload (window, target rate), its durations on the wall clock
     * @param slo the objectives for goodput, judged in the backend's time
     * @param retainRequests whether to keep every record for {@link #retained()}
     * @param time the backend's time, which the figures are in
     */
    public RunAggregator(Workload workload, Slo slo, boolean retainRequests, BackendTime time) {
        this.time = time;
        this.workload = workload;
        this.slo = slo;
        this.objectives = slo.objectives();
        this.metEach = new long[objectives.size()];
        this.retained = retainRequests ? new ArrayList<>() : null;
    }

    /** The time the figures are in. */
    public BackendTime time() {
        return time;
    }

    /** A request's first token arrived at {@code firstTokenOffset}, {@code ttftNanos} after its scheduled instant. */
    public synchronized void firstToken(long firstTokenOffset, long ttftNanos) {
        series.firstToken(time.span(firstTokenOffset), time.span(ttftNanos));
    }

    /**
     * Folds a finished request.
     *
     * @param measuredRecord the record as measured, on the wall clock
     * @return the record as folded: in the backend's time (the same record when that is the wall clock's)
     */
    public synchronized RequestRecord accept(RequestRecord measuredRecord) {
        RequestRecord r = time.record(measuredRecord);
        if (retained != null) retained.add(r);
        finished++;
        series.add(r);
        if (r.succeeded()) {
            completed++;
            outputTokens += r.outputTokens();
            if (r.ttftNanos() >= 0) liveTtft.recordValue(r.ttftNanos());
        } else if (r.outcome() == Outcome.CANCELLED) {
            cancelledAll++;
        } else {
            failed++;
        }
        switch (r.window()) {
            case WARM_UP -> warmup++;
            case COOL_DOWN -> cooldown++;
            case MEASURED -> measured(r);
        }
        return r;
    }

    private void measured(RequestRecord r) {
        measured++;
        // cancelled on purpose: in the run's window, but no latency sample and no error kind
        boolean byDesign = r.errorKind() == ErrorKind.CANCELLED_BY_CLIENT;
        if (!byDesign) histograms.recordAll(r);
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
            inTokens += Math.max(0, r.inputTokens()); // -1: no prompt was sent and the server counted none
            outTokens += r.outputTokens();
            streamed += r.streamedTokens();
            if (r.tokenSource() == TokenSource.SERVER) {
                serverReported++;
                serverOut += r.serverCompletionTokens();
            }
            if (r.reasoning().reasoned()) {
                reasoningRequests++;
                reasoningTokens += r.reasoningTokens();
                if (r.reasoning().source() == ReasoningTokenSource.USAGE) reasoningFromUsage++;
            }
            if (!slo.isEmpty() && slo.isMetBy(r)) met++;
            for (int i = 0; i < metEach.length; i++) {
                if (objectives.get(i).isMetBy(r)) metEach[i]++;
            }
            return;
        }
        if (byDesign) {
            cancelledByDesign++;
            return;
        }
        if (r.outcome() == Outcome.CANCELLED) cancelled++;
        else bad++;
        String kind = r.errorKind().label();
        errorsByKind.merge(kind, 1L, Long::sum);
        if (samplesPerKind.merge(kind, 1, Integer::sum) <= ERROR_SAMPLES_PER_KIND) {
            errorSamples.add(new ErrorSample(kind, r.index(), String.valueOf(r.errorMessage())));
        }
    }

    /** A request of {@code window} came due with every concurrency slot taken. */
    public synchronized void waitedForSlot(Window window) {
        if (window == Window.MEASURED) waitedForSlot++;
    }

    /** Live figures at {@code nowOffset}; the rates cover the last few seconds. */
    synchronized LiveStats live(long nowOffset, long scheduled, int active, int waiting) {
        return live(nowOffset, scheduled, active, waiting, 0);
    }

    /**
     * Live figures at {@code nowOffset}, with the arrivals not sent so far; the rates cover the last few
     * seconds and are in the backend's time, the elapsed time is the wall clock's.
     */
    public synchronized LiveStats live(long nowOffset, long scheduled, int active, int waiting, long notSent) {
        long now = time.span(nowOffset);
        double[] rates = series.recentRates(now, LIVE_WINDOW_NANOS);
        double p99 = liveTtft.getTotalCount() == 0 ? Double.NaN : liveTtft.getValueAtPercentile(99) / 1e6;
        // elapsed on the wall clock: the run's progress through its (wall-clock) duration
        return new LiveStats(nowOffset / 1e9, scheduled, completed, failed, active, waiting, outputTokens, rates[0],
                rates[1], p99, cancelledAll, notSent);
    }

    /** Every record in index order, or {@code null} when the run does not retain them. */
    public synchronized List<RequestRecord> retained() {
        if (retained == null) return null;
        List<RequestRecord> copy = new ArrayList<>(retained);
        copy.sort(Comparator.comparingLong(RequestRecord::index));
        return copy;
    }

    /** The lossless histograms of the measured window. */
    public synchronized LatencyHistograms histograms() {
        return histograms.build();
    }

    /** The first few error messages of each kind. */
    public synchronized List<ErrorSample> errorSamples() {
        return List.copyOf(errorSamples);
    }

    /** The per-second series, every window. */
    public synchronized List<SecondSample> timeSeries() {
        List<SecondSample> samples = series.samples(workload, time);
        if (series.lateSamples() > 0) {
            log.warn("{} TTFT/E2E sample(s) reached the aggregator more than {} s after their second: they count in "
                    + "the run's histograms but not in the per-second percentiles", series.lateSamples(), SecondSeries.OPEN_SECONDS);
        }
        return samples;
    }

    /**
     * The summary over the measured window.
     *
     * @param stoppedAt offset at which a stopped run quit scheduling, or {@code Long.MAX_VALUE} when it ran to its end
     */
    synchronized RunSummary summary(long stoppedAt) {
        return summary(stoppedAt, 0, 0);
    }

    /**
     * The summary over the measured window.
     *
     * @param stoppedAtWall offset on the wall clock at which a stopped run quit scheduling, or
     *     {@code Long.MAX_VALUE} when it ran to its end
     * @param notSent open-loop arrivals the dispatcher could not send (every window)
     * @param notSentMeasured those of them due inside the measured window: the schedule drew them, so the
     *     scheduled rate counts them (the achieved rate does not)
     */
    public synchronized RunSummary summary(long stoppedAtWall, long notSent, long notSentMeasured) {
        long stoppedAt = time.span(stoppedAtWall);
        double window = measured == 0 ? 0 : (lastEnd - firstScheduled) / 1e9;
        double perSecond = window > 0 ? 1 / window : Double.NaN;

        // Target: the profile's mean rate over the measured scheduling window. Achieved: measured
        // requests actually sent per second from the window start to the last actual send; a client
        // that falls behind sends late, which stretches this span and lowers the achieved rate.
        // (the workload's durations are wall-clock ones: in the backend's time they last 1 / scale as long)
        long windowStart = time.span(workload.warmup().toNanos());
        long windowEnd = workload.length().map(d -> time.span(d.toNanos() - workload.cooldown().toNanos()))
                .orElse(lastScheduled == Long.MIN_VALUE ? windowStart : lastScheduled);
        windowEnd = Math.min(windowEnd, stoppedAt);
        double target = windowEnd > windowStart
                ? workload.targetRate(time.wall(windowStart), time.wall(windowEnd)) * time.scale() : Double.NaN;
        boolean byDuration = workload.length().isPresent() && stoppedAt == Long.MAX_VALUE;
        double scheduledRate = Double.NaN;
        if (measured > 0) {
            if (byDuration && windowEnd > windowStart) {
                scheduledRate = (measured + notSentMeasured) / ((windowEnd - windowStart) / 1e9);
            } else if (measured > 1 && lastScheduled > firstScheduled) {
                scheduledRate = (measured - 1) / ((lastScheduled - firstScheduled) / 1e9);
            }
        }
        double achieved = Double.NaN;
        if (sent > 0) {
            long spanEnd = Math.max(lastSent, byDuration ? windowEnd : lastScheduled);
            long span = spanEnd - Math.min(windowStart, firstScheduled);
            if (!byDuration && sent > 1) {
                // count-bounded run: n requests span n-1 gaps between first and last send
                achieved = span > 0 ? (sent - 1) / (span / 1e9) : Double.NaN;
            } else {
                achieved = span > 0 ? sent / (span / 1e9) : Double.NaN;
            }
        }

        RunSummary.Counts counts = new RunSummary.Counts(finished, warmup, cooldown, measured, ok, bad, cancelled,
                waitedForSlot, retried, notSent, cancelledByDesign);
        RunSummary.Throughput throughput = new RunSummary.Throughput(ok * perSecond, outTokens * perSecond,
                (inTokens + outTokens) * perSecond);
        RunSummary.Goodput goodput = slo.isEmpty()
                ? new RunSummary.Goodput(slo, 0, Double.NaN, Double.NaN)
                : new RunSummary.Goodput(slo, met, met * perSecond, judged() == 0 ? Double.NaN : (double) met / judged(),
                        attainment());
        Map<LatencyMetric, LatencyStats> latencies = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric m : LatencyMetric.values()) latencies.put(m, histograms.stats(m));
        return new RunSummary(counts, window, target, scheduledRate, achieved, throughput, latencies, goodput,
                new TreeMap<>(errorsByKind), new RunSummary.Tokens(inTokens, outTokens, serverReported, streamed, serverOut,
                reasoningRequests, reasoningTokens, reasoningFromUsage));
    }

    /** Measured requests the SLOs judge: those cancelled by design never had the chance to meet them. */
    private long judged() {
        return measured - cancelledByDesign;
    }

    private List<RunSummary.Attainment> attainment() {
        List<RunSummary.Attainment> out = new ArrayList<>(objectives.size());
        long judged = judged();
        for (int i = 0; i < metEach.length; i++) {
            out.add(new RunSummary.Attainment(objectives.get(i).describe(), metEach[i], judged,
                    judged == 0 ? Double.NaN : (double) metEach[i] / judged));
        }
        return out;
    }
}
