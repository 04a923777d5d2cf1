package io.benchsuite.benchmarks.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capacity harness runs end to end in its quick form, on both transports: every part measures
 * something and writes its report. No speed is asserted here (speed goals live in the harness's
 * full run and docs/performance.md).
 */
class CapacityHarnessSmokeTest {

    @Test
    void theQuickPassMeasuresEveryPart(@TempDir Path dir) throws Exception {
        for (String transport : List.of("netty", "httpclient")) {
            Path out = dir.resolve(transport);
            CapacityHarness.CapacityFigures r = CapacityHarness.run(CapacityHarness.Plan.quick(out, transport, List.of()));
            assertThat(r.firehose().events()).as(transport).isPositive();
            assertThat(r.firehose().clientCpuSeconds()).as(transport).isPositive();
            assertThat(r.held().streams()).isEqualTo(64);
            assertThat(r.held().maxOpenAtServer()).as(transport).isEqualTo(64);
            assertThat(r.held().succeeded()).as(transport).isEqualTo(64);
            assertThat(r.rates()).hasSize(1);
            CapacityHarness.Rate rate = r.rates().get(0);
            assertThat(rate.requests()).as(transport).isPositive();
            assertThat(rate.failed()).as(transport).isZero();
            assertThat(rate.achievedOverScheduled()).as(transport).isPositive();
            assertThat(rate.lagP99Ms()).as(transport).isGreaterThanOrEqualTo(0);
            assertThat(rate.scheduleLagP99Ms()).as("schedule lag holds the dispatch lag: " + transport)
                    .isGreaterThanOrEqualTo(rate.lagP99Ms());
            assertThat(rate.hiccupP99Ms()).as("the run's client section: " + transport).isGreaterThanOrEqualTo(0);
            assertThat(rate.clientCpuPct()).as(transport).isPositive();
            assertThat(r.markdown()).contains("token events/s per client core").contains("concurrent streams held")
                    .contains("200 req/s Poisson");
            assertThat(Files.readString(out.resolve("capacity.json"))).contains("\"maxOpenAtServer\" : 64");
        }
    }
}
