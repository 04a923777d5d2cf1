package io.benchsuite.core.analysis.projection;

import static io.benchsuite.core.analysis.Requests.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.analysis.Requests;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class DeviceProjectionTest {

    @Test
    void seedClusterToJetsonOrinMakesDecodeSlowerNotFaster() {
        DeviceProjection p = DeviceProjection.seedJetsonOrinInt8();
        // corrected: 10 ms / 0.32 × 1.023 = 31.96875 ms. The seed's formula (× 0.32 × 1.023) gave 3.27 ms, a
        // device with a third of the bandwidth three times faster.
        assertThat(p.projectTpot(10.0)).isCloseTo(31.96875, within(1e-12));
        assertThat(p.projectTpot(10.0)).isGreaterThan(10.0 * 0.32 * 1.023);
        assertThat(p.tpotFactor()).isCloseTo(1.023 / 0.32, within(1e-15));
        // the seed's table gives no FLOP/s ratio: prefill is not projected, and the result says why
        assertThat(p.projectTtft(100.0)).isNaN();
        assertThat(p.ttftAbsent()).hasValue("no FLOP/s ratio a100 -> jetson-orin (seed table): TTFT (prefill, compute-bound) is not projected");
        assertThat(p.tpotAbsent()).isEmpty();
    }

    @Test
    void seedClusterToRaspberryPiWithCoral() {
        DeviceProjection p = DeviceProjection.seedRaspberryPi5CoralInt8();
        assertThat(p.projectTpot(10.0)).isCloseTo(10 / 0.08 * 1.041, within(1e-12)); // 130.125 ms
        assertThat(p.quantPenalty()).isEqualTo(0.041);
    }

    @Test
    void datasheetRatiosScalePrefillByFlopsAndDecodeByBandwidth() {
        DeviceProjection toL4 = new DeviceProjection(DeviceRatios.between(DatasheetDevices.A100_80GB_SXM, DatasheetDevices.L4), 0);
        assertThat(toL4.ttftFactor()).isCloseTo(312.0 / 121, within(1e-12)); // 2.58x slower prefill
        assertThat(toL4.tpotFactor()).isCloseTo(2039.0 / 300, within(1e-12)); // 6.80x slower decode
        DeviceProjection toH100 = new DeviceProjection(DeviceRatios.between(DatasheetDevices.A100_80GB_SXM, DatasheetDevices.H100_SXM), 0);
        assertThat(toH100.projectTtft(100)).isCloseTo(100 * 312 / 989.5, within(1e-9)); // faster: 31.5 ms
        assertThat(toH100.projectTpot(10)).isCloseTo(10 * 2039 / 3350.0, within(1e-9)); // 6.09 ms
        // a figure the datasheets do not give makes its ratio unknown
        DeviceRatios toOrin = DeviceRatios.between(DatasheetDevices.A100_80GB_SXM, DatasheetDevices.JETSON_AGX_ORIN_64GB);
        assertThat(toOrin.flopsRatio()).isNaN();
        assertThat(toOrin.bandwidthRatio()).isCloseTo(204.8 / 2039, within(1e-12)); // 0.100, not the seed's 0.32
        assertThat(DatasheetDevices.find("L4")).contains(DatasheetDevices.L4);
    }

    @Test
    void eachRequestIsProjectedFromItsSendWithE2eRebuiltFromTheParts() {
        DeviceProjection p = new DeviceProjection(new DeviceRatios("a", "b", 0.5, 0.25), 0.1);
        // scheduled 0, sent 5 (client wait, not scaled), first token 25 (20 ms prefill), end 125 (100 ms for 10 more tokens)
        DeviceProjection.ProjectedRequest r = p.project(ok(7, 0, 5, 25, 125, 11)).orElseThrow();
        assertThat(r.ttftNanos()).isCloseTo(20e6 * 1.1 / 0.5, within(1.0));   // 44 ms
        assertThat(r.tpotNanos()).isCloseTo(10e6 * 1.1 / 0.25, within(1.0));  // 44 ms
        assertThat(r.e2eNanos()).isCloseTo(44e6 + 10 * 44e6, within(10.0));   // 484 ms
        assertThat(r.index()).isEqualTo(7);
        // one output token: no TPOT, E2E is the TTFT
        DeviceProjection.ProjectedRequest one = p.project(ok(8, 0, 0, 10, 10, 1)).orElseThrow();
        assertThat(one.tpotNanos()).isNaN();
        assertThat(one.e2eNanos()).isEqualTo(one.ttftNanos());
        // failures are not projected
        assertThat(p.project(Requests.of(9, Window.MEASURED, 0, 0, -1, 50, 0, Outcome.FAILED))).isEmpty();
    }

    @Test
    void aRunBecomesProjectedHistograms() {
        DeviceProjection p = new DeviceProjection(new DeviceRatios("a", "b", 0.5, 0.25), 0);
        DeviceProjection.ProjectedRun run = p.projectRun(List.of(ok(0, 0, 0, 10, 110, 11), ok(1, 0, 0, 20, 220, 11),
                Requests.of(2, Window.MEASURED, 0, 0, -1, 50, 0, Outcome.FAILED)));
        assertThat(run.requests()).isEqualTo(2);
        assertThat(run.ttft().getTotalCount()).isEqualTo(2);
        assertThat(run.ttft().getMaxValue()).isCloseTo(40_000_000L, Percentage.withPercentage(0.1));
        assertThat(run.tpot().getMinValue()).isCloseTo(40_000_000L, Percentage.withPercentage(0.1));  // 10 ms / 0.25
        assertThat(run.e2e().getMaxValue()).isCloseTo(40_000_000L + 10 * 80_000_000L, Percentage.withPercentage(0.1));
        // with an unknown bandwidth ratio the TPOT histogram stays empty, E2E of multi-token requests too
        DeviceProjection.ProjectedRun noDecode = DeviceProjection.seedJetsonOrinInt8().projectRun(List.of(ok(0, 0, 0, 10, 110, 11)));
        assertThat(noDecode.ttft().getTotalCount()).isZero();
        assertThat(noDecode.tpot().getTotalCount()).isEqualTo(1);
    }

    @Test
    void histogramsScaleLosslesslyInCountAndWithinPrecisionInValue() {
        Histogram measured = new Histogram(3);
        Random rnd = new Random(3);
        for (int i = 0; i < 100_000; i++) measured.recordValue(1_000_000 + (long) (rnd.nextDouble() * 50_000_000));
        DeviceProjection p = DeviceProjection.seedJetsonOrinInt8();
        Histogram projected = p.projectTpot(measured);
        assertThat(projected.getTotalCount()).isEqualTo(measured.getTotalCount());
        for (double q : new double[] {1, 10, 50, 90, 99, 99.9}) {
            assertThat((double) projected.getValueAtPercentile(q)).as("p%s", q)
                    .isCloseTo(measured.getValueAtPercentile(q) * p.tpotFactor(), Percentage.withPercentage(0.2));
        }
        assertThat(measured.getTotalCount()).isEqualTo(100_000); // input untouched
        assertThat(p.projectTtft(measured).getTotalCount()).isZero(); // no FLOP/s ratio
    }

    @Test
    void badFiguresAreNamed() {
        assertThatThrownBy(() -> new DeviceProjection(DeviceRatios.SEED_JETSON_ORIN, -0.1))
                .hasMessage("quantPenalty must be a finite number >= 0, got -0.1");
        assertThatThrownBy(() -> new DeviceRatios("a", "b", 0, 1))
                .hasMessage("a device ratio must be NaN (unknown) or a finite number > 0, got 0.0 (a -> b)");
        assertThatThrownBy(() -> new DatasheetDevice("x", -1, 1, "s"))
                .hasMessage("x: peakFlops must be NaN (unknown) or a finite number > 0, got -1.0");
        assertThatThrownBy(() -> DeviceProjection.scale(new Histogram(3), 0)).hasMessage("factor must be a finite number > 0, got 0.0");
    }
}
