package io.benchsuite.core.internal.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.run.Environment;
import io.benchsuite.api.run.LiveStats;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.run.SecondSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The aggregator fed records with chosen offsets: counts, rates, the per-second series and the live
 * figures are exact, and the histograms hold exactly the samples the records give.
 */
class RunAggregatorTest {
    private static final long MS = 1_000_000;
    private static final long S = 1_000 * MS;

    /** A streamed success: scheduled, sent, first token and end in ms, 1 + gaps tokens. */
    private static RequestRecord ok(long index, Window window, long scheduledMs, long sentMs, long firstMs, long endMs, long... gapsMs) {
        long[] gaps = new long[gapsMs.length];
        for (int i = 0; i < gaps.length; i++) gaps[i] = gapsMs[i] * MS;
        int tokens = gaps.length + 1;
        return new RequestRecord(index, window, -1, scheduledMs * MS, scheduledMs * MS, sentMs * MS, sentMs * MS,
                firstMs * MS, endMs * MS, 10, tokens, 10, tokens, tokens, TokenSource.SERVER, "00", Outcome.SUCCESS, null,
                null, Gaps.of(gaps), -1, 0);
    }

    private static RequestRecord failed(long index, long scheduledMs, long endMs, ErrorKind kind) {
        return new RequestRecord(index, Window.MEASURED, -1, scheduledMs * MS, scheduledMs * MS, scheduledMs * MS,
                scheduledMs * MS, -1, endMs * MS, 10, 0, -1, -1, 0, TokenSource.STREAM, "00",
                kind == ErrorKind.CANCELLED ? Outcome.CANCELLED : Outcome.FAILED, kind, kind.label() + " #" + index,
                Gaps.empty(), -1, 0);
    }

    /** Open loop, 4 req/s constant for 3 s, first 1 s warm-up. */
    private static Workload workload() {
        return Workload.open().rate(4).arrival(Arrival.constant()).duration(Duration.ofSeconds(3))
                .warmup(Duration.ofSeconds(1)).build();
    }

    @Test
    void theSummaryIsFoldedExactlyFromTheMeasuredRequests() {
        RunAggregator a = new RunAggregator(workload(), Slo.parse("e2e=300ms"), false);
        a.accept(ok(0, Window.WARM_UP, 0, 0, 100, 200, 50, 50));             // excluded from the figures
        a.accept(ok(1, Window.MEASURED, 1000, 1010, 1100, 1300, 100, 100)); // e2e 300: meets the SLO
        a.accept(ok(2, Window.MEASURED, 1250, 1250, 1400, 1650, 125, 125)); // e2e 400: misses it
        a.accept(failed(3, 1500, 1600, ErrorKind.HTTP_5XX));
        a.accept(failed(4, 1750, 1800, ErrorKind.CANCELLED));
        a.waitedForSlot(Window.MEASURED);
        a.waitedForSlot(Window.WARM_UP);

        RunSummary s = a.summary(Long.MAX_VALUE);
        assertThat(s.counts()).isEqualTo(new RunSummary.Counts(5, 1, 0, 4, 2, 1, 1, 1, 0));
        assertThat(s.measuredSeconds()).as("first measured schedule to last measured end").isEqualTo(0.8);
        assertThat(s.targetRate()).isCloseTo(4.0, within(1e-12));
        assertThat(s.scheduledRate()).as("4 measured over the 2 s window").isCloseTo(2.0, within(1e-12));
        assertThat(s.achievedRate()).as("4 sent from the window start to its end").isCloseTo(2.0, within(1e-12));
        assertThat(s.throughput().requestsPerSecond()).isCloseTo(2 / 0.8, within(1e-9));
        assertThat(s.throughput().outputTokensPerSecond()).isCloseTo(6 / 0.8, within(1e-9));
        assertThat(s.goodput().met()).isEqualTo(1);
        assertThat(s.goodput().fraction()).isEqualTo(0.25);
        assertThat(s.errorsByKind()).containsOnly(Assertions.entry("http_5xx", 1L),
                Assertions.entry("cancelled", 1L));
        assertThat(s.tokens()).isEqualTo(new RunSummary.Tokens(20, 6, 2, 6, 6));
        assertThat(a.errorSamples()).extracting(e -> e.index()).containsExactly(3L, 4L);

        // the histograms hold exactly the measured samples: compare with histograms fed by hand
        LatencyHistograms h = a.histograms();
        assertThat(h.get(LatencyMetric.TTFT)).isEqualTo(histogram(100 * MS, 150 * MS));
        assertThat(h.get(LatencyMetric.ITL)).isEqualTo(histogram(100 * MS, 100 * MS, 125 * MS, 125 * MS));
        assertThat(h.get(LatencyMetric.E2E)).isEqualTo(histogram(300 * MS, 400 * MS));
        assertThat(h.get(LatencyMetric.SCHEDULE_LAG)).as("every measured request, failed ones too")
                .isEqualTo(histogram(10 * MS, 0, 0, 0));
        assertThat(s.latency(LatencyMetric.E2E)).isEqualTo(LatencyHistograms.stats(histogram(300 * MS, 400 * MS)));
        assertThat(a.retained()).as("not retained").isNull();
    }

    /** Each objective is counted on its own, so a reader sees which one failed how often; failed requests meet none. */
    @Test
    void goodputCountsEachObjectivesAttainment() {
        RunAggregator a = new RunAggregator(workload(), Slo.parse("ttft=120ms,tpot=110ms,e2e=300ms"), false);
        a.accept(ok(1, Window.MEASURED, 1000, 1010, 1100, 1300, 100, 100)); // ttft 100, tpot 100, e2e 300: all met
        a.accept(ok(2, Window.MEASURED, 1250, 1250, 1400, 1650, 125, 125)); // ttft 150, tpot 125, e2e 400: none
        a.accept(ok(3, Window.MEASURED, 1500, 1500, 1600, 2000, 200, 200)); // ttft 100 met; tpot 200, e2e 500 missed
        a.accept(failed(4, 1750, 1800, ErrorKind.HTTP_5XX));
        a.accept(ok(5, Window.WARM_UP, 0, 0, 10, 20, 5, 5));                 // not measured: judged by nobody

        RunSummary.Goodput g = a.summary(Long.MAX_VALUE).goodput();
        assertThat(g.met()).isEqualTo(1);
        assertThat(g.attainment()).containsExactly(new RunSummary.Attainment("ttft=120ms", 2, 4, 0.5),
                new RunSummary.Attainment("tpot=110ms", 1, 4, 0.25), new RunSummary.Attainment("e2e=300ms", 1, 4, 0.25));
        assertThat(new RunAggregator(workload(), Slo.none(), false).summary(Long.MAX_VALUE).goodput().attainment())
                .as("no objective, nothing to attain").isEmpty();
    }

    /**
     * A simulator at {@code time-scale=0.1} answers ten times faster than the server it models: what
     * the aggregator reports is that server's time (spans divided by 0.1, rates multiplied by it), and
     * objectives are judged on those spans, not on the compressed ones measured.
     */
    @Test
    void aTimeScaledRunIsFoldedInTheSimulatedServersTime() {
        RunAggregator wall = new RunAggregator(workload(), Slo.parse("tpot=50ms"), true);
        RunAggregator sim = new RunAggregator(workload(), Slo.parse("tpot=50ms"), true, BackendTime.of(0.1));
        // measured on the wall clock: TPOT 10 ms (100 ms simulated: misses 50 ms) and 2 ms (20 ms: meets it)
        for (RunAggregator a : List.of(wall, sim)) {
            a.accept(ok(1, Window.MEASURED, 1000, 1000, 1020, 1040, 10, 10));
            a.accept(ok(2, Window.MEASURED, 1100, 1100, 1105, 1109, 2, 2));
        }
        RunSummary w = wall.summary(Long.MAX_VALUE);
        RunSummary s = sim.summary(Long.MAX_VALUE);
        assertThat(w.goodput().met()).as("on the compressed wall-clock spans both would pass").isEqualTo(2);
        assertThat(s.goodput().met()).as("judged in simulated time").isEqualTo(1);
        assertThat(s.goodput().attainment()).containsExactly(new RunSummary.Attainment("tpot=50ms", 1, 2, 0.5));
        assertThat(s.latency(LatencyMetric.TPOT).max()).isCloseTo(w.latency(LatencyMetric.TPOT).max() * 10, within(0.5));
        assertThat(s.latency(LatencyMetric.TTFT).max()).isCloseTo(200, within(0.5));
        assertThat(s.measuredSeconds()).as("first arrival to last end, 0.109 s measured").isCloseTo(1.09, within(1e-9));
        assertThat(s.throughput().outputTokensPerSecond()).isCloseTo(w.throughput().outputTokensPerSecond() / 10, within(1e-9));
        assertThat(s.throughput().requestsPerSecond()).isCloseTo(2 / 1.09, within(1e-9));
        // the load is set on the wall clock: 4 req/s there is 0.4 req/s simulated, over a window 10 times as long
        assertThat(s.targetRate()).isCloseTo(0.4, within(1e-12));
        assertThat(sim.retained().get(1).tpotNanos()).isEqualTo(20 * MS);
        assertThat(sim.retained().get(0).itl().get(0)).isEqualTo(100 * MS);
        assertThat(sim.timeSeries()).as("seconds of simulated time: the last end at 11.09 s").hasSize(12);
    }

    private static Histogram histogram(long... values) {
        Histogram h = LatencyHistograms.newHistogram();
        for (long v : values) h.recordValue(v);
        return h;
    }

    @Test
    void theSecondsCountEveryRequestWhereItsEventsHappened() {
        RunAggregator a = new RunAggregator(workload(), Slo.none(), true);
        // sent at 0.5 s, first token at 0.9 s, tokens at 0.9, 1.1, 1.3 s, ended at 1.5 s
        a.firstToken(900 * MS, 900 * MS);
        a.accept(ok(0, Window.WARM_UP, 0, 500, 900, 1500, 200, 200));
        // scheduled and sent at 1.2 s, failed at 2.4 s
        a.accept(failed(1, 1200, 2400, ErrorKind.READ_TIMEOUT));

        List<SecondSample> ts = a.timeSeries();
        double ttft = LatencyHistograms.stats(histogram(900 * MS)).p50(); // 900 ms as a 3-digit histogram holds it
        double e2e = LatencyHistograms.stats(histogram(1500 * MS)).p50();
        assertThat(ts).hasSize(3);
        assertThat(ts.get(0).withoutHistograms())
                .isEqualTo(new SecondSample(0, 4.0, 1, 1, 0, 0, 1, 0.5, ttft, ttft, Double.NaN, Double.NaN));
        assertThat(ts.get(1).withoutHistograms())
                .isEqualTo(new SecondSample(1, 4.0, 1, 1, 1, 0, 2, 1.3, Double.NaN, Double.NaN, e2e, e2e));
        assertThat(ts.get(2).withoutHistograms()).isEqualTo(new SecondSample(2, 4.0, 0, 0, 0, 1, 0, 0.4, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN));
        // each second keeps its samples losslessly: exactly the values recorded in it, nothing in the others
        assertThat(ts.get(0).ttftDistribution().getTotalCount()).isEqualTo(1);
        assertThat(ts.get(0).ttftDistribution().getValueAtPercentile(50)).isEqualTo(histogram(900 * MS).getValueAtPercentile(50));
        assertThat(ts.get(0).e2eHistogram()).isNull();
        assertThat(ts.get(1).ttftHistogram()).isNull();
        assertThat(ts.get(1).e2eDistribution().getTotalCount()).isEqualTo(1);
        assertThat(ts.get(1).e2eDistribution().getMaxValue()).isEqualTo(histogram(1500 * MS).getMaxValue());
        assertThat(ts.get(2).ttftHistogram()).isNull();
        assertThat(ts.get(2).e2eHistogram()).isNull();
        assertThat(a.retained()).extracting(RequestRecord::index).containsExactly(0L, 1L);
    }

    @Test
    void perSecondPercentilesCloseBehindTheNewestSampleAndLateOnesAreCounted() {
        SecondSeries s = new SecondSeries();
        s.firstToken(200 * MS, 50 * MS);
        s.firstToken(1_300 * MS, 70 * MS);
        s.firstToken(7_100 * MS, 90 * MS); // second 7: seconds 0 and 1 close now (more than 5 s behind)
        s.firstToken(500 * MS, 10 * MS);   // late: second 0 is closed
        assertThat(s.lateSamples()).isEqualTo(1);
        s.firstToken(2_500 * MS, 30 * MS); // second 2 is still open
        assertThat(s.lateSamples()).isEqualTo(1);
    }

    @Test
    void liveRatesCoverTheLastSeconds() {
        RunAggregator a = new RunAggregator(workload(), Slo.none(), false);
        for (int i = 0; i < 10; i++) a.accept(ok(i, Window.MEASURED, 100L * i, 100L * i, 100L * i + 50, 100L * i + 90));
        LiveStats live = a.live(2 * S, 12, 1, 1);
        // 10 successful requests (1 token each) ended in seconds 0 and 1, which the window covers
        assertThat(live.requestsPerSecond()).isCloseTo(10 / 2.0, within(1e-12));
        assertThat(live.outputTokensPerSecond()).isCloseTo(10 / 2.0, within(1e-12));
        assertThat(live.completed()).isEqualTo(10);
        assertThat(live.ttftP99Millis()).isCloseTo(50, within(0.05));
        assertThat(a.live(9 * S, 12, 0, 0).requestsPerSecond()).as("nothing ended in the last 5 s").isZero();
    }

    @Test
    void requestsAreKeptOnlyWhenAsked() {
        RunResult r = new RunResult(
                new RunInfo("r", workload(), SeedChain.fromLong(1),
                        SeedChain.fromLong(1).scenario("r"),
                        new BackendInfo("b", "m", "e", Map.of()), Map.of(),
                        Slo.none(), "t", Instant.EPOCH, Environment.current(), Map.of()),
                RunResult.Status.COMPLETED, Instant.EPOCH,
                new RunAggregator(workload(), Slo.none(), false).summary(Long.MAX_VALUE), LatencyHistograms.empty(),
                List.of(), List.of(), Map.of(), null, null);
        assertThat(r.requestsRetained()).isFalse();
        assertThatThrownBy(r::requests).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not retain its request records")
                .hasMessageContaining("Benchmark.Builder.retainRequests(true)");
    }
}
