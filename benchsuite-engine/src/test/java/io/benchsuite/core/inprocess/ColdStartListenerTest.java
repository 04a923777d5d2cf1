package io.benchsuite.core.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ColdStartSection;
import io.benchsuite.core.report.model.DecompositionSection;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The coldStart section separates a slow start from the steady state and splits E2E into its parts. */
class ColdStartListenerTest {
    private static final long MS = 1_000_000;

    /** A successful request scheduled at 0: sent after {@code lagMs}, first token {@code prefillMs} later, ended {@code decodeMs} after that. */
    private static RequestRecord request(long index, Window window, long lagMs, long prefillMs, long decodeMs) {
        long sent = lagMs * MS, first = sent + prefillMs * MS, end = first + decodeMs * MS;
        return new RequestRecord(index, window, -1, 0, 0, 0, sent, first, end, 8, 5, 8, 5, 5, TokenSource.SERVER,
                "0000000000000000", Outcome.SUCCESS, null, null, Gaps.empty(), -1, 0);
    }

    @Test
    void coldStartAgainstSteadyStateAndTheSharesOfE2eAreExact() {
        ColdStartListener listener = new ColdStartListener(2);
        listener.onRequestFinished(request(0, Window.MEASURED, 0, 60, 40));  // ttft 60, e2e 100
        listener.onRequestFinished(request(1, Window.MEASURED, 0, 40, 20));  // ttft 40, e2e 60
        listener.onRequestFinished(request(2, Window.MEASURED, 2, 4, 14));   // ttft 6, e2e 20
        listener.onRequestFinished(request(3, Window.MEASURED, 0, 10, 10));  // ttft 10, e2e 20
        listener.onRequestFinished(request(4, Window.COOL_DOWN, 0, 1, 1));    // in the shares, not in steady
        ColdStartSection p = listener.section();
        assertThat(p.coldStartRequests()).isEqualTo(2);
        assertThat(p.coldStart()).isEqualTo(new ColdStartSection.Group(2, 50.0, 80.0));
        assertThat(p.steady()).isEqualTo(new ColdStartSection.Group(2, 8.0, 20.0));
        // sums over all five: queueing 2, prefill 60+40+4+10+1 = 115, decode 40+20+14+10+1 = 85, e2e 202
        assertThat(p.shares().queueing()).isCloseTo(2.0 / 202, within(1e-12));
        assertThat(p.shares().prefill()).isCloseTo(115.0 / 202, within(1e-12));
        assertThat(p.shares().decode()).isCloseTo(85.0 / 202, within(1e-12));
        assertThat(p.jitCompileMs()).as("the run never started").isNaN();
    }

    @Test
    void noRequestsGivesNullsNotZeros() {
        JsonNode json = JsonTrees.parse(ReportJson.write(new ColdStartListener(5).section()));
        assertThat(json.at("/coldStart/ttftMs").isNull()).isTrue();
        assertThat(json.at("/steady/e2eMs").isNull()).isTrue();
        assertThat(json.path("shares").isNull()).isTrue();
        assertThat(json.path("jitCompileMs").isNull()).isTrue();
        assertThat(json.at("/coldStart/requests").asLong()).isZero();
    }

    @Test
    void aRunWritesTheSectionAndReadsItBackTyped(@TempDir Path tmp) {
        ColdStartListener listener = new ColdStartListener(3);
        RunResult r;
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(5), Duration.ofMillis(2))) {
            r = Benchmark.named("cold-start").backend(backend).seed(SeedChain.fromLong(3)).model("m")
                    .workload(Workload.closed(1).maxRequests(15).inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(5)).build())
                    .listener(listener).outputDir(tmp).run();
        }
        ColdStartSection p = listener.section();
        assertThat(p.coldStart().requests()).isEqualTo(3);
        assertThat(p.steady().requests()).isEqualTo(12);
        assertThat(p.coldStart().ttftMs()).isGreaterThanOrEqualTo(5.0);
        assertThat(p.jitCompileMs()).isGreaterThanOrEqualTo(0.0);
        assertThat(p.shares().queueing() + p.shares().prefill() + p.shares().decode()).isCloseTo(1.0, within(1e-9));
        assertThat(r.section(ColdStartSection.class)).isPresent();

        JsonNode section = JsonTrees.read(tmp.resolve("report.json")).path("coldStart");
        assertThat(section.path("coldStartRequests").asInt()).isEqualTo(3);
        assertThat(section.at("/coldStart/requests").asLong()).isEqualTo(3);
        assertThat(section.at("/steady/ttftMs").isNumber()).isTrue();
        assertThat(section.at("/shares/decode").isNumber()).isTrue();
        assertThat(ReportJson.read(tmp).section(ColdStartSection.class)).get()
                .extracting(s -> s.steady().requests()).isEqualTo(12L);
    }

    /** A backend that runs elsewhere (its endpoint a URL, as every HTTP backend's is): the scripted one behind it. */
    private record Remote(ScriptedBackend inner) implements Backend {
        @Override
        public RequestHandle send(InferenceRequest request,
                                                            ResponseListener listener) {
            return inner.send(request, listener);
        }

        @Override
        public BackendInfo info() {
            return new BackendInfo("openai", "m", "http://127.0.0.1:8000/v1/chat/completions",
                    Map.of());
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    /**
     * A run over HTTP has cold start against steady state too, from its request records: the server's first
     * requests (here 40 ms to the first token for the first three, as a server that loads and compiles on
     * first use) against the rest (5 ms). The JIT compile time is this JVM's, not the server's: left out.
     */
    @Test
    void aRunAgainstARemoteServerHasColdStartAgainstSteadyStateWithoutTheClientsJit(@TempDir Path tmp) {
        RunResult r;
        try (ScriptedBackend backend = ScriptedBackend.builder()
                .firstToken(i -> Duration.ofMillis(i < 3 ? 40 : 5)).tokenInterval(Duration.ofMillis(1)).build()) {
            r = Benchmark.named("remote").backend(new Remote(backend)).seed(SeedChain.fromLong(3)).model("m")
                    .workload(Workload.closed(1).maxRequests(15).inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(3)).build())
                    .outputDir(tmp).run();
        }
        ColdStartSection p = r.section(ColdStartSection.class).orElseThrow(() -> new AssertionError("no coldStart section"));
        assertThat(p.coldStartRequests()).isEqualTo(ColdStartListener.DEFAULT_COLD_START_REQUESTS);
        assertThat(p.coldStart().requests()).isEqualTo(10);
        assertThat(p.steady().requests()).isEqualTo(5);
        assertThat(p.coldStart().ttftMs()).as("3 of 10 at 40 ms, 7 at 5 ms").isGreaterThanOrEqualTo((3 * 40 + 7 * 5) / 10.0);
        assertThat(p.steady().ttftMs()).isGreaterThanOrEqualTo(5.0).isLessThan(p.coldStart().ttftMs());
        assertThat(p.jitCompileMs()).as("the client's JIT is not the server's").isNaN();
        DecompositionSection d = ReportJson.read(tmp)
                .section(DecompositionSection.class).orElseThrow();
        assertThat(d.coldStartAbsent()).isNull();
        assertThat(d.coldStart().steadyTtftMs()).isEqualTo(p.steady().ttftMs(), within(1e-3));
    }
}
