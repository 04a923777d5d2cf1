package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.run.Environment;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.prompt.Tokenizers;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DispatchRehearsalTest {
    private static RunInfo outer() {
        Workload w = Workload.open().rate(5).maxRequests(3).build();
        return new RunInfo("real", w, SeedChain.fromLong(1), SeedChain.fromLong(1).scenario("real"),
                new BackendInfo("openai", "m", "http://127.0.0.1:1/v1/chat/completions", Map.of()), Map.of(), Slo.none(),
                "cl100k_base", Instant.EPOCH, Environment.current(), Map.of());
    }

    @Test
    void everyRehearsalRequestIsAnsweredAndNoThreadOfItsEngineOutlivesIt() {
        assertThat(DispatchRehearsal.run(outer(), Tokenizers.cl100k(), SecretMask.none())).isNull();
        // its planner, dispatcher and listener threads have ended (the planner is joined; the others end with the run)
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().endsWith("-rehearsal") && t.isAlive());
    }

    @Test
    void itCanRunAgainAndAgain() {
        // the wait for the compilers before a run's clock repeats it
        for (int i = 0; i < 3; i++) {
            assertThat(DispatchRehearsal.run(outer(), Tokenizers.cl100k(), SecretMask.none())).as("round %d", i).isNull();
        }
    }
}
