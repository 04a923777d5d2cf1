package io.benchsuite.core.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.EngineSnapshotBuilder;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engineSnapshot section holds the run's window of two snapshots: counters as differences, peaks since the start. */
class EngineSnapshotListenerTest {
    private static EngineSnapshotBuilder at(double seconds) {
        return EngineSnapshot.builder().device("a100-80gb").simulated(true).memoryCapacityBytes(80e9).elapsedSeconds(seconds);
    }

    @Test
    void countersAreTheRunsDifferencesPeaksAreSinceTheStart() {
        // before the run (warm-up, an earlier run): 400 prefix lookups, 100 hits, 50 tokens, 20 J, 2 requests
        EngineSnapshot a = at(10).prefixQueryTokens(400).prefixHitTokens(100).generationTokens(50).energyJoules(20)
                .busySeconds(4).meanUtilisation(0.2).completedRequests(2).queueSeconds(1).prefillSeconds(1).decodeSeconds(2)
                .endToEndSeconds(4).memoryTrafficBytes(1e12).peakMemoryBandwidth(2e12).build();
        EngineSnapshot b = at(30).prefixQueryTokens(1400).prefixHitTokens(400).generationTokens(250).energyJoules(120)
                .busySeconds(14).meanUtilisation(0.4).completedRequests(12).queueSeconds(2).prefillSeconds(3).decodeSeconds(12)
                .endToEndSeconds(17).memoryTrafficBytes(5e12).peakMemoryBandwidth(2e12).peakMemoryBytes(40e9).meanFragmentation(0.1)
                .maxFragmentation(0.3).fragmentation(0.2).peakPowerWatts(400).compilation("cuda-graphs").compilations(5)
                .compileSeconds(8).graphRequests(10).graphHits(9).memoryPerSecond(List.of(1e9, 2e9, 3e9, 4e9, 5e9, 6e9, 7e9, 8e9, 9e9,
                        10e9, 11e9, 12e9, 13e9)).build();

        EngineSnapshotSection s = EngineSnapshotListener.section("sim", a, b);

        assertThat(s.origin()).isEqualTo("simulator");
        assertThat(s.prefixCache().queryTokens()).isEqualTo(1000);
        assertThat(s.prefixCache().hitRate()).isEqualTo(0.3);
        assertThat(s.energy().joules()).isEqualTo(100);
        assertThat(s.energy().joulesPerOutputToken()).isEqualTo(0.5);
        assertThat(s.energy().meanPowerW()).isEqualTo(5);
        assertThat(s.elapsedSeconds()).isEqualTo(20);
        assertThat(s.busyShare()).isEqualTo(0.5);
        // (0.4 x 30 - 0.2 x 10) / 20
        assertThat(s.meanUtilisation()).isCloseTo(0.5, within(1e-12));
        assertThat(s.stages().requests()).isEqualTo(10);
        assertThat(s.stages().queueMs()).isCloseTo(100, within(1e-9));
        assertThat(s.stages().decodeMs()).isCloseTo(1000, within(1e-9));
        assertThat(s.stages().e2eMs()).isCloseTo(1300, within(1e-9));
        assertThat(s.memoryTraffic().bytes()).isEqualTo(4e12);
        assertThat(s.peakMemoryBytes()).isEqualTo(40e9);
        assertThat(s.peakMemoryShare()).isEqualTo(0.5);
        assertThat(s.kvCacheFragmentation()).isEqualTo(new EngineSnapshotSection.Fragmentation(0.2, 0.1, 0.3));
        assertThat(s.compilation().compileMs()).isEqualTo(8000);
        assertThat(s.compilation().hitRate()).isEqualTo(0.9);
        // the engine's first 10 seconds were before the run
        assertThat(s.timeSeries()).extracting(EngineSnapshotSection.Second::memoryBytes).containsExactly(11e9, 12e9, 13e9);
        assertThat(s.timeSeries().get(0).second()).isZero();
    }

    @Test
    void readsDuringTheRunOnlyOverEveryBlock() {
        // before the run: 5 reads of block 0 (warm-up); during it 3 of block 0, 3 of block 1, 2 of block 2; block 3 never
        EngineSnapshotSection s = EngineSnapshotListener.section("sim", at(0).kvBlockReads(new long[] {5, 0, 0, 0}).build(),
                at(1).kvBlockReads(new long[] {8, 3, 2, 0}).build());
        double expected = -(2 * (3 / 8.0) * Math.log(3 / 8.0) + (2 / 8.0) * Math.log(2 / 8.0)) / Math.log(2);
        assertThat(s.memoryTraffic().kvReadEntropyBits()).isCloseTo(expected, within(1e-12)).isCloseTo(1.5613, within(1e-4));
        assertThat(s.memoryTraffic().kvBlocks()).isEqualTo(4);
    }

    @Test
    void noCountsOrNoReadsLeaveItUnknown() {
        assertThat(EngineSnapshotListener.section("x", at(0).build(), at(1).build()).memoryTraffic().kvReadEntropyBits()).isNaN();
        EngineSnapshotSection none = EngineSnapshotListener.section("x", at(0).kvBlockReads(new long[] {4, 4}).build(),
                at(1).kvBlockReads(new long[] {4, 4}).build());
        assertThat(none.memoryTraffic().kvReadEntropyBits()).isNaN();
        assertThat(none.origin()).isEqualTo("simulator");
        assertThat(none.prefixCache().hitRate()).as("nothing looked up").isNaN();
        assertThat(none.stages().known()).isFalse();
    }
}
