package io.benchsuite.core.phases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.core.report.model.EngineSection;
import org.junit.jupiter.api.Test;

/** The engine section's SLE is the entropy of the KV block reads between the run's start and end, over the whole pool. */
class EngineTotalsListenerReadsTest {
    private static EngineSection bare() {
        return new EngineSection("sim", "a100-80gb", 1, 1, 1, 1, 3, Double.NaN, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, Double.NaN,
                Double.NaN);
    }

    @Test
    void readsDuringTheRunOnlyOverEveryBlock() {
        // before the run: 5 reads of block 0 (warm-up); during it 3 of block 0, 3 of block 1, 2 of block 2; block 3 never
        EngineSection e = EngineTotalsListener.withReads(bare(), new long[] {5, 0, 0, 0}, new long[] {8, 3, 2, 0});
        double expected = -(2 * (3 / 8.0) * Math.log(3 / 8.0) + (2 / 8.0) * Math.log(2 / 8.0)) / Math.log(2);
        assertThat(e.kvReadEntropyBits()).isCloseTo(expected, within(1e-12)).isCloseTo(1.5613, within(1e-4));
        assertThat(e.kvBlocks()).isEqualTo(4);
    }

    @Test
    void noCountsOrNoReadsLeaveItUnknown() {
        assertThat(EngineTotalsListener.withReads(bare(), new long[0], new long[0]).kvReadEntropyBits()).isNaN();
        assertThat(EngineTotalsListener.withReads(bare(), new long[] {4, 4}, new long[] {4, 4}).kvReadEntropyBits()).isNaN();
    }
}
