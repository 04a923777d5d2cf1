package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that fails: a dead one is not hammered (closed-loop users back off), a run can be told to
 * stop once most requests fail, and requests that never finish count as errors. The bounds here are
 * loose in the direction a loaded machine moves them (fewer requests, never more).
 */
class FailingServerTest {
    private static Workload closed(int users, Duration duration) {
        return Workload.closed(users).duration(duration).inputTokens(LengthDistribution.fixed(8))
                .outputTokens(LengthDistribution.fixed(4)).build();
    }

    private static ScriptedBackend failing(ErrorKind kind) {
        return ScriptedBackend.builder().firstToken(Duration.ZERO).failEvery(BackendError.of(kind, kind.label() + " (scripted)"))
                .build();
    }

    @Test
    void aDeadServerIsNotHammeredUsersBackOffAfterConnectionFailures() {
        try (ScriptedBackend dead = failing(ErrorKind.CONNECTION_REFUSED)) {
            RunResult r = Benchmark.named("dead").backend(dead).workload(closed(4, Duration.ofSeconds(1)))
                    .seed(SeedChain.fromLong(1)).model("m").drainTimeout(Duration.ofSeconds(5)).run();
            // without a pause each user sends again within microseconds: thousands of requests a second.
            // With it: 50-100 ms, 100-200, 200-400, 400-800 ... so at most 5 requests per user in 1 s.
            assertThat(dead.sent()).as("requests sent to a dead server in 1 s by 4 users").isBetween(4, 20);
            assertThat(r.summary().counts().failed()).isEqualTo(dead.sent());
        }
    }

    @Test
    void anHttpErrorIsNotAConnectionFailureAndBringsNoPause() {
        try (ScriptedBackend failing = failing(ErrorKind.HTTP_5XX)) {
            Benchmark.named("503").backend(failing).workload(closed(1, Duration.ofMillis(300))).seed(SeedChain.fromLong(1))
                    .model("m").run();
            assertThat(failing.sent()).as("a server that answers is measured as fast as it answers").isGreaterThan(30);
        }
    }

    @Test
    @Timeout(60)
    void maxErrorRateStopsTheRunOnceExceededAndSaysWhy() {
        try (ScriptedBackend failing = failing(ErrorKind.HTTP_5XX)) {
            RunResult r = Benchmark.named("budget").backend(failing).workload(closed(2, Duration.ofMinutes(5)))
                    .seed(SeedChain.fromLong(1)).model("m").maxErrorRate(0.5).run();
            assertThat(r.status()).isEqualTo(RunResult.Status.STOPPED);
            assertThat(r.stopReason()).startsWith("error rate 100.0 % (20 of 20 ended requests failed) exceeded the maximum of 50 %");
            assertThat(r.summary().counts().scheduled()).as("stopped after the 20th, not 5 minutes later").isLessThan(100);
            assertThat(Report.of(r).run().stopReason()).isEqualTo(r.stopReason());
        }
    }

    @Test
    void withoutMaxErrorRateAFailingRunGoesOn() {
        try (ScriptedBackend failing = failing(ErrorKind.HTTP_5XX)) {
            RunResult r = Benchmark.named("no-budget").backend(failing)
                    .workload(Workload.closed(2).maxRequests(50).build()).seed(SeedChain.fromLong(1)).model("m").run();
            assertThat(r.status()).isEqualTo(RunResult.Status.COMPLETED);
            assertThat(r.stopReason()).isNull();
            assertThat(r.summary().counts().failed()).isEqualTo(50);
        }
    }

    @Test
    void aRunWhoseEveryRequestWasCancelledHasAnErrorRateOfOne(@TempDir Path dir) {
        // the server never answers; the drain timeout cancels everything in flight
        try (ScriptedBackend silent = ScriptedBackend.builder().firstToken(Duration.ofMinutes(10)).build()) {
            RunResult r = Benchmark.named("silent").backend(silent).workload(closed(3, Duration.ofMillis(100)))
                    .seed(SeedChain.fromLong(1)).model("m").drainTimeout(Duration.ofMillis(100)).outputDir(dir).run();
            RunSummary.Counts c = r.summary().counts();
            assertThat(c.measured()).isEqualTo(3);
            assertThat(c.cancelled()).isEqualTo(3);
            assertThat(c.failed()).isZero();
            assertThat(c.errorRate()).as("(failed + cancelled) / measured").isEqualTo(1.0);
            assertThat(c.failureRate()).as("failed / measured: cancelled left out").isEqualTo(0.0);
            Report written = ReportJson.readComplete(dir);
            assertThat(written.requests().errorRate()).isEqualTo(1.0);
            assertThat(written.requests().failureRate()).isEqualTo(0.0);
        }
    }
}
