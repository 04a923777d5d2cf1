package io.benchsuite.core.phases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Phase;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.PhasesSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.testkit.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The phases section separates a slow start from the steady state and splits E2E into its parts. */
class PhasesListenerTest {
    private static final long MS = 1_000_000;

    /** A successful request scheduled at 0: sent after {@code lagMs}, first token {@code prefillMs} later, ended {@code decodeMs} after that. */
    private static RequestRecord request(long index, Phase phase, long lagMs, long prefillMs, long decodeMs) {
        long sent = lagMs * MS, first = sent + prefillMs * MS, end = first + decodeMs * MS;
        return new RequestRecord(index, phase, -1, 0, 0, 0, sent, first, end, 8, 5, 8, 5, 5, TokenSource.SERVER,
                "0000000000000000", Outcome.SUCCESS, null, null, Gaps.empty(), -1, 0);
    }

    @Test
    void coldStartAgainstSteadyStateAndTheSharesOfE2eAreExact() {
        PhasesListener phases = new PhasesListener(2);
        phases.onRequestFinished(request(0, Phase.MEASURED, 0, 60, 40));  // ttft 60, e2e 100
        phases.onRequestFinished(request(1, Phase.MEASURED, 0, 40, 20));  // ttft 40, e2e 60
        phases.onRequestFinished(request(2, Phase.MEASURED, 2, 4, 14));   // ttft 6, e2e 20
        phases.onRequestFinished(request(3, Phase.MEASURED, 0, 10, 10));  // ttft 10, e2e 20
        phases.onRequestFinished(request(4, Phase.COOLDOWN, 0, 1, 1));    // in the shares, not in steady
        PhasesSection p = phases.phases();
        assertThat(p.coldStartRequests()).isEqualTo(2);
        assertThat(p.coldStart()).isEqualTo(new PhasesSection.Group(2, 50.0, 80.0));
        assertThat(p.steady()).isEqualTo(new PhasesSection.Group(2, 8.0, 20.0));
        // sums over all five: queueing 2, prefill 60+40+4+10+1 = 115, decode 40+20+14+10+1 = 85, e2e 202
        assertThat(p.shares().queueing()).isCloseTo(2.0 / 202, within(1e-12));
        assertThat(p.shares().prefill()).isCloseTo(115.0 / 202, within(1e-12));
        assertThat(p.shares().decode()).isCloseTo(85.0 / 202, within(1e-12));
        assertThat(p.jitCompileMs()).as("the run never started").isNaN();
    }

    @Test
    void noRequestsGivesNullsNotZeros() {
        JsonNode json = JsonTrees.parse(ReportJson.write(new PhasesListener(5).phases()));
        assertThat(json.at("/coldStart/ttftMs").isNull()).isTrue();
        assertThat(json.at("/steady/e2eMs").isNull()).isTrue();
        assertThat(json.path("shares").isNull()).isTrue();
        assertThat(json.path("jitCompileMs").isNull()).isTrue();
        assertThat(json.at("/coldStart/requests").asLong()).isZero();
    }

    @Test
    void aRunWritesTheSectionAndReadsItBackTyped(@TempDir Path tmp) {
        PhasesListener phases = new PhasesListener(3);
        RunResult r;
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(5), Duration.ofMillis(2))) {
            r = Benchmark.named("phases").backend(backend).seed(SeedChain.fromLong(3)).model("m")
                    .workload(Workload.closed(1).maxRequests(15).inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(5)).build())
                    .listener(phases).outputDir(tmp).run();
        }
        PhasesSection p = phases.phases();
        assertThat(p.coldStart().requests()).isEqualTo(3);
        assertThat(p.steady().requests()).isEqualTo(12);
        assertThat(p.coldStart().ttftMs()).isGreaterThanOrEqualTo(5.0);
        assertThat(p.jitCompileMs()).isGreaterThanOrEqualTo(0.0);
        assertThat(p.shares().queueing() + p.shares().prefill() + p.shares().decode()).isCloseTo(1.0, within(1e-9));
        assertThat(r.section(PhasesSection.class)).isPresent();

        JsonNode section = JsonTrees.read(tmp.resolve("report.json")).path("phases");
        assertThat(section.path("coldStartRequests").asInt()).isEqualTo(3);
        assertThat(section.at("/coldStart/requests").asLong()).isEqualTo(3);
        assertThat(section.at("/steady/ttftMs").isNumber()).isTrue();
        assertThat(section.at("/shares/decode").isNumber()).isTrue();
        assertThat(ReportJson.read(tmp).section(PhasesSection.class)).get()
                .extracting(s -> s.steady().requests()).isEqualTo(12L);
    }
}
