package io.benchsuite.backends.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunResult;
import io.benchsuite.core.report.Json;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The phases section separates a slow start from the steady state and splits E2E into its parts. */
class PhasesListenerTest {
    @TempDir
    Path tmp;

    @Test
    void coldStartSteadyStateJitAndShares() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        // The first 3 requests pay a 60 ms "model warm-up" before their first token; later ones 5 ms.
        TokenGenerator g = (r, sink) -> {
            Thread.sleep(calls.incrementAndGet() <= 3 ? 60 : 5);
            for (int i = 0; i < r.maxTokens(); i++) {
                sink.token("t");
                Thread.sleep(2);
            }
        };
        PhasesListener phases = new PhasesListener(3);
        RunResult r;
        try (InProcessBackend backend = InProcessBackend.builder(g).threads(1).build()) {
            r = Benchmark.named("phases").backend(backend).seed(SeedChain.fromLong(3))
                    .workload(Workload.closed(1).maxRequests(15).inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(5)).build())
                    .listener(phases).outputDir(tmp).run();
        }
        PhasesListener.Phases p = phases.phases();
        assertThat(p.coldStart().requests()).isEqualTo(3);
        assertThat(p.steady().requests()).isEqualTo(12);
        assertThat(p.coldStart().ttftMs()).isGreaterThanOrEqualTo(60.0);
        assertThat(p.steady().ttftMs()).isGreaterThanOrEqualTo(5.0).isLessThan(p.coldStart().ttftMs());
        assertThat(p.coldStart().e2eMs()).isGreaterThan(p.coldStart().ttftMs());
        assertThat(p.jitCompileMs()).isNotNull().isGreaterThanOrEqualTo(0.0);
        assertThat(p.shares().queueing() + p.shares().prefill() + p.shares().decode()).isCloseTo(1.0, within(1e-9));
        assertThat(p.shares().prefill()).isGreaterThan(0.2);

        assertThat(r.sections()).containsKey("phases");
        JsonNode report = Json.MAPPER.readTree(tmp.resolve("report.json").toFile());
        JsonNode section = report.path("phases");
        assertThat(section.path("coldStartRequests").asInt()).isEqualTo(3);
        assertThat(section.at("/coldStart/requests").asLong()).isEqualTo(3);
        assertThat(section.at("/steady/ttftMs").isNumber()).isTrue();
        assertThat(section.at("/shares/decode").isNumber()).isTrue();
    }

    @Test
    void noRequestsGivesNullsNotZeros() {
        PhasesListener.Phases p = new PhasesListener(5).phases();
        JsonNode json = p.toJson();
        assertThat(json.at("/coldStart/ttftMs").isNull()).isTrue();
        assertThat(json.at("/steady/e2eMs").isNull()).isTrue();
        assertThat(json.path("shares").isNull()).isTrue();
        assertThat(json.path("jitCompileMs").isNull()).isTrue(); // the run never started
    }
}
