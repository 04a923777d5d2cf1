package io.benchsuite.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The reusing compressor writes exactly HdrHistogram's own compressed encoding, histogram after histogram. */
class HistogramCompressorTest {
    @Test
    void writesHdrHistogramsBytesForEveryHistogramWhileReusingItsBuffers() throws Exception {
        SplittableRandom random = new SplittableRandom(29);
        try (HistogramCompressor compressor = new HistogramCompressor()) {
            for (int round = 0; round < 200; round++) {
                Histogram h = LatencyHistograms.newHistogram();
                int samples = 1 + random.nextInt(round % 3 == 0 ? 5 : 3000);
                // from microseconds to minutes: small and auto-resized large counts arrays alike
                long scale = round % 4 == 0 ? 60_000_000_000L : round % 4 == 1 ? 5_000_000L : 200_000_000L;
                for (int i = 0; i < samples; i++) h.recordValue(1 + random.nextLong(scale));
                byte[] expected = LatencyHistograms.compress(h);
                byte[] actual = compressor.compress(h);
                assertThat(actual).as("round %d", round).isEqualTo(expected);
                Histogram back = LatencyHistograms.decompress(actual);
                assertThat(back).isEqualTo(h);
            }
        }
    }

    @Test
    void anEmptyHistogramIsNullAsBefore() {
        try (HistogramCompressor compressor = new HistogramCompressor()) {
            assertThat(compressor.compress(LatencyHistograms.newHistogram())).isNull();
        }
    }
}
