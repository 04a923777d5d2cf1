package io.benchsuite.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.CancelAfter;
import io.benchsuite.api.workload.Cancellations;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ScriptedBackend;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A workload's cancellations: a seeded share of requests aborted on purpose, counted apart from failures and latency. */
class CancellationsRunTest {
    private static final int REQUESTS = 40;
    private static final int OUTPUT = 10;

    private static RunResult run(long seed, Cancellations cancellations) {
        try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ofMillis(1))
                .tokenInterval(Duration.ofMillis(1)).build()) {
            Workload w = Workload.closed(2).maxRequests(REQUESTS).outputTokens(LengthDistribution.fixed(OUTPUT)).build();
            return Benchmark.named("cancel").backend(backend).workload(w).seed(SeedChain.fromLong(seed)).model("m")
                    .retainRequests(true).cancellations(cancellations).run();
        }
    }

    private static List<Long> byDesign(RunResult r) {
        return r.requests().stream().filter(x -> x.errorKind() == ErrorKind.CANCELLED_BY_CLIENT)
                .map(RequestRecord::index).sorted().toList();
    }

    @Test
    void theChosenShareIsAbortedAtTheChosenTokenAndKeptOutOfLatencyAndErrors() {
        RunResult r = run(7, new Cancellations(0.5, CancelAfter.tokens(3, 3)));

        List<RequestRecord> cancelled = r.requests().stream()
                .filter(x -> x.errorKind() == ErrorKind.CANCELLED_BY_CLIENT).toList();
        assertThat(cancelled).as("about half of 40, fixed by the seed").hasSizeBetween(10, 30);
        for (RequestRecord c : cancelled) {
            assertThat(c.outcome()).isEqualTo(Outcome.CANCELLED);
            assertThat(c.streamedTokens()).as("aborted right after the 3rd token").isEqualTo(3);
            assertThat(c.errorMessage()).isEqualTo("cancelled by the client after 3 token(s)");
        }
        List<RequestRecord> rest = r.requests().stream().filter(x -> x.errorKind() != ErrorKind.CANCELLED_BY_CLIENT).toList();
        assertThat(rest).allSatisfy(x -> {
            assertThat(x.outcome()).isEqualTo(Outcome.SUCCESS);
            assertThat(x.streamedTokens()).isEqualTo(OUTPUT);
        });

        RunSummary s = r.summary();
        RunSummary.Counts c = s.counts();
        assertThat(c.measured()).isEqualTo(REQUESTS);
        assertThat(c.cancelledByDesign()).isEqualTo(cancelled.size());
        assertThat(c.succeeded()).isEqualTo(REQUESTS - cancelled.size());
        assertThat(c.failed()).isZero();
        assertThat(c.cancelled()).as("drain and stop cancellations only").isZero();
        assertThat(c.errorRate()).isZero();
        assertThat(c.failureRate()).isZero();
        assertThat(s.errorsByKind()).as("not an error kind of the run").isEmpty();
        assertThat(s.ttft().count()).as("only finished requests give latency samples").isEqualTo(c.succeeded());
        assertThat(s.e2e().count()).isEqualTo(c.succeeded());
        assertThat(s.itl().count()).isEqualTo(c.succeeded() * (OUTPUT - 1));
    }

    @Test
    void theSameSeedCancelsTheSameRequestsAnotherSeedOthers() {
        Cancellations half = new Cancellations(0.5, CancelAfter.tokens(2, 5));
        RunResult a = run(11, half);
        RunResult b = run(11, half);
        RunResult other = run(12, half);

        assertThat(byDesign(a)).isNotEmpty().isEqualTo(byDesign(b)).isNotEqualTo(byDesign(other));
        // the drawn abort point is the same too: 2 to 5 tokens, request by request
        List<Integer> pointsA = a.requests().stream().filter(x -> x.errorKind() == ErrorKind.CANCELLED_BY_CLIENT)
                .sorted(Comparator.comparingLong(RequestRecord::index)).map(RequestRecord::streamedTokens).toList();
        List<Integer> pointsB = b.requests().stream().filter(x -> x.errorKind() == ErrorKind.CANCELLED_BY_CLIENT)
                .sorted(Comparator.comparingLong(RequestRecord::index)).map(RequestRecord::streamedTokens).toList();
        assertThat(pointsA).isEqualTo(pointsB).allSatisfy(n -> assertThat(n).isBetween(2, 5));
        assertThat(new HashSet<>(pointsA)).as("a uniform draw, not one point").hasSizeGreaterThan(1);
    }

    @Test
    void withoutCancellationsEveryRequestFinishes() {
        RunResult r = run(7, Cancellations.NONE);
        assertThat(byDesign(r)).isEmpty();
        assertThat(r.summary().counts().succeeded()).isEqualTo(REQUESTS);
        assertThat(r.summary().counts().cancelledByDesign()).isZero();
    }

    @Test
    void aTimeAfterTheSendAbortsTheStreamBeforeItsEnd() {
        try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ofMillis(1))
                .tokenInterval(Duration.ofMillis(2)).build()) {
            Workload w = Workload.closed(1).maxRequests(4).outputTokens(LengthDistribution.fixed(500)).build();
            RunResult r = Benchmark.named("cancel-time").backend(backend).workload(w).seed(SeedChain.fromLong(1)).model("m")
                    .retainRequests(true).cancellations(new Cancellations(1, CancelAfter.time(Duration.ofMillis(5),
                            Duration.ofMillis(5)))).run();
            assertThat(r.requests()).hasSize(4).allSatisfy(x -> {
                assertThat(x.errorKind()).isEqualTo(ErrorKind.CANCELLED_BY_CLIENT);
                // 500 tokens take at least a second; the abort comes at the first event 5 ms after the
                // hand-over (the send itself, on a slow start: then no token at all)
                assertThat(x.streamedTokens()).isBetween(0, 499);
                assertThat(x.errorMessage()).isEqualTo("cancelled by the client after " + x.streamedTokens() + " token(s)");
            });
            assertThat(r.summary().counts().cancelledByDesign()).isEqualTo(4);
        }
    }
}
