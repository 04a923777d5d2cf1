package io.benchsuite.core.analysis.decomposition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class MemoryIndicesTest {

    @Test
    void nmiIsTheShareOfPeakBandwidthUsed() {
        // batch-1 decode of Llama-3.1-8B BF16 on an A100 40GB at 75 tok/s streams about 16.2 GB a token
        // (16.06 GB of weights + ~0.14 GB of KV): 75 × 16.2e9 B in 1 s against 1,555 GB/s is 0.781, the
        // "roughly 77%" of the bandwidth ceiling the measurement reports.
        IndexValue nmi = MemoryIndices.nmi(OptionalDouble.of(75 * 16.2e9), 1, 1555e9);
        assertThat(nmi.value()).isCloseTo(75 * 16.2e9 / 1555e9, within(1e-12));
        assertThat(nmi.value()).isCloseTo(0.781, within(0.001));
        assertThat(nmi.present()).isTrue();
    }

    @Test
    void nmiWithoutItsInputsIsAbsentWithTheReason() {
        assertThat(MemoryIndices.nmi(OptionalDouble.empty(), 1, 1e12).absentReason())
                .hasValue("no DRAM byte count for the window (needs the simulator or a memory byte counter)");
        assertThat(MemoryIndices.nmi(OptionalDouble.of(1e9), 1, Double.NaN).absentReason())
                .hasValue("the device's peak memory bandwidth is not known");
        assertThatThrownBy(() -> MemoryIndices.nmi(OptionalDouble.of(3e12), 1, 2.039e12))
                .hasMessage("3.000e+12 bytes in 1.000 s is 1.47x the peak bandwidth 2.039e+12 B/s: check the units, or whether the "
                        + "counter includes cache traffic");
    }

    @Test
    void sleIsTheEntropyOfTheLineAccessDistribution() {
        assertThat(MemoryIndices.sle(new long[] {5, 5, 5, 5, 5, 5, 5, 5}).value()).isCloseTo(3, within(1e-12)); // uniform over 8: log2 8
        assertThat(MemoryIndices.sle(new long[] {9, 0, 0, 0}).value()).isZero();                                // one line takes all
        assertThat(MemoryIndices.sle(new long[] {1, 1, 2}).value()).isCloseTo(1.5, within(1e-12));             // .25, .25, .5
        assertThat(MemoryIndices.sleNormalised(new long[] {1, 1, 2}).value()).isCloseTo(1.5 / (Math.log(3) / Math.log(2)), within(1e-12));
        assertThat(MemoryIndices.sleNormalised(new long[] {5, 5, 5, 5}).value()).isCloseTo(1, within(1e-12));
        assertThat(MemoryIndices.sleNormalised(new long[] {4}).absentReason()).hasValue("fewer than 2 cache lines: log2 N is 0");
        assertThatThrownBy(() -> MemoryIndices.sle(new long[] {0, 0})).hasMessage("lineAccessCounts must record at least one access");
        assertThatThrownBy(() -> MemoryIndices.sle(new long[] {1, -1})).hasMessage("lineAccessCounts[1] must be >= 0, got -1");
    }

    @Test
    void theReportShowsEveryIndexWithValueOrReasonAndNeverInventsQ() {
        MemoryIndices.IndexSet r = MemoryIndices.report(OptionalDouble.empty(), 10, 2.039e12, null);
        assertThat(r.nmi().present()).isFalse();
        assertThat(r.sle().absentReason()).hasValue("no per-cache-line access counts (needs a memory trace or the simulator)");
        assertThat(r.sleNormalised().present()).isFalse();
        assertThat(r.q().absentReason()).hasValue(MemoryIndices.Q_ABSENT);
        // the reader knows the formula and the docs, not the document it was first written in
        assertThat(MemoryIndices.Q_ABSENT).doesNotContain("seed").contains("needs weights alpha and beta", "docs/analysis.md §6");
        MemoryIndices.IndexSet full = MemoryIndices.report(OptionalDouble.of(1e12), 1, 2e12, new long[] {1, 1});
        assertThat(full.nmi().value()).isEqualTo(0.5);
        assertThat(full.sle().value()).isEqualTo(1.0);
        assertThat(full.q().present()).isFalse();
        assertThatThrownBy(() -> new IndexValue("X", 1, Optional.of("why"))).hasMessage("X: give either a value or the reason it is absent");
    }
}
