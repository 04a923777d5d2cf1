package io.benchsuite.core.internal.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.SecondSample;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The per-second percentiles are read from each second's samples, and must be exactly what its histogram says. */
class SecondSeriesPercentilesTest {
    @Test
    void eachSecondsMedianAndP99AreItsHistogramsOwn() {
        SecondSeries series = new SecondSeries();
        SplittableRandom random = new SplittableRandom(11);
        int seconds = 40;
        for (int s = 0; s < seconds; s++) {
            // from 1 sample to 300 a second, spread over six orders of magnitude, with repeats
            int n = s % 7 == 0 ? 1 : random.nextInt(2, 300);
            for (int i = 0; i < n; i++) {
                long end = (s + 4) * SecondSeries.SECOND + random.nextLong(SecondSeries.SECOND);
                long e2e = i % 5 == 0 ? 40_000_000L : (long) Math.pow(10, random.nextDouble(3, 9.6));
                series.add(finished(end - e2e, end));
            }
        }
        List<SecondSample> samples = series.samples(Workload.open().rate(RateProfile.steady(10)).duration(Duration.ofSeconds(seconds)).build());
        assertThat(samples).hasSizeGreaterThanOrEqualTo(seconds);
        int checked = 0;
        for (SecondSample sample : samples) {
            if (sample.e2eHistogram() == null) continue;
            Histogram h = LatencyHistograms.decompress(sample.e2eHistogram());
            assertThat(sample.e2eP50Ms()).as("second %d", sample.second()).isEqualTo(h.getValueAtPercentile(50) / 1e6);
            assertThat(sample.e2eP99Ms()).as("second %d", sample.second()).isEqualTo(h.getValueAtPercentile(99) / 1e6);
            checked++;
        }
        assertThat(checked).isEqualTo(seconds);
    }

    private static RequestRecord finished(long scheduled, long end) {
        return new RequestRecord(0, Window.MEASURED, -1, scheduled, scheduled, scheduled, scheduled, end, end, 10, 1, 10, 1, 1,
                TokenSource.SERVER, "00", Outcome.SUCCESS, null, null, Gaps.empty(), -1, 0);
    }
}
