package io.benchsuite.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.Reasoning;
import io.benchsuite.api.result.ReasoningTokenSource;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.workload.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The builder records a request's gaps once when its answer gaps are all its gaps (no reasoning): the ITL and
 * answer-ITL histograms it gives must hold exactly what recording each metric's samples one by one gives.
 */
class LatencyHistogramsBuilderTest {
    private static final long MS = 1_000_000;

    private static RequestRecord record(long index, Gaps itl, Reasoning reasoning) {
        long first = 50 * MS;
        long end = first + 10 * MS * itl.size();
        return new RequestRecord(index, Window.MEASURED, -1, 0, 0, 0, 0, first, end, 10, itl.size() + 1, -1, -1,
                itl.size() + 1, TokenSource.STREAM, "0000000000000000", Outcome.SUCCESS, null, null, itl, -1, 0, null, 0,
                0, OutputKinds.of(OutputKinds.Kind.CONTENT), null, reasoning);
    }

    private static Gaps randomGaps(SplittableRandom random) {
        long[] gaps = new long[1 + random.nextInt(40)];
        for (int i = 0; i < gaps.length; i++) gaps[i] = random.nextLong(1_000, 900 * MS);
        return Gaps.of(gaps);
    }

    /** Requests without reasoning (the same gaps for ITL and answer ITL) mixed with reasoning ones (fewer answer gaps). */
    private static List<RequestRecord> mixedRequests() {
        SplittableRandom random = new SplittableRandom(7);
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Gaps itl = randomGaps(random);
            Reasoning reasoning = i % 3 == 0
                    ? new Reasoning(50 * MS, 90 * MS, 4, ReasoningTokenSource.COUNTED, randomGaps(random))
                    : Reasoning.none(50 * MS, itl);
            records.add(record(i, itl, reasoning));
        }
        return records;
    }

    /** What recording each metric's samples one by one into its own histogram gives. */
    private static Histogram oneByOne(List<RequestRecord> records, LatencyMetric metric) {
        Histogram h = LatencyHistograms.newHistogram();
        for (RequestRecord r : records) metric.samples(r, h::recordValue);
        return h;
    }

    @Test
    void gapsRecordedOnceForBothGapMetricsGiveTheHistogramsOfRecordingEachMetric() {
        List<RequestRecord> records = mixedRequests();
        LatencyHistograms.Builder builder = LatencyHistograms.builder();
        records.forEach(builder::recordAll);
        LatencyHistograms built = builder.build();

        for (LatencyMetric metric : LatencyMetric.values()) {
            Histogram expected = oneByOne(records, metric);
            assertThat(built.get(metric)).as(metric.key()).isEqualTo(expected);
            assertThat(built.count(metric)).as(metric.key()).isEqualTo(expected.getTotalCount());
        }
        // the reasoning requests' answer gaps differ from their gaps: the two histograms are not the same
        assertThat(built.count(LatencyMetric.ANSWER_ITL)).isNotEqualTo(built.count(LatencyMetric.ITL));
        assertThat(built.count(LatencyMetric.ITL)).isGreaterThan(3_000);
    }

    @Test
    void aRunWithoutReasoningEncodesItsGapHistogramsAsWhenEachWasRecordedOnItsOwn() {
        SplittableRandom random = new SplittableRandom(11);
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Gaps itl = randomGaps(random);
            records.add(record(i, itl, Reasoning.none(50 * MS, itl)));
        }
        LatencyHistograms.Builder builder = LatencyHistograms.builder();
        records.forEach(builder::recordAll);
        LatencyHistograms built = builder.build();
        for (LatencyMetric gaps : List.of(LatencyMetric.ITL, LatencyMetric.ANSWER_ITL)) {
            // report.json keeps the compressed bytes, whose header holds the histogram's size as well as its counts
            assertThat(LatencyHistograms.compress(built.get(gaps))).as(gaps.key())
                    .isEqualTo(LatencyHistograms.compress(oneByOne(records, gaps)));
        }
    }

    @Test
    void statsReadBetweenRecordsCountEverySampleOnce() {
        List<RequestRecord> records = mixedRequests();
        LatencyHistograms.Builder builder = LatencyHistograms.builder();
        for (int i = 0; i < records.size(); i++) {
            builder.recordAll(records.get(i));
            if (i % 50 == 0) builder.stats(LatencyMetric.ITL); // a live reader in the middle of a run
        }
        assertThat(builder.stats(LatencyMetric.ITL).count()).isEqualTo(oneByOne(records, LatencyMetric.ITL).getTotalCount());
        assertThat(builder.stats(LatencyMetric.ANSWER_ITL))
                .isEqualTo(LatencyHistograms.stats(oneByOne(records, LatencyMetric.ANSWER_ITL)));
        assertThat(builder.build().get(LatencyMetric.ITL)).isEqualTo(oneByOne(records, LatencyMetric.ITL));
    }
}
