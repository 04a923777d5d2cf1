package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ForwardingBackend;
import io.benchsuite.tck.ScriptedBackend;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A replayed trace asks its backend, before the clock, for as many connections as requests are due in its
 * first second, so that its first bursts do not connect between their instants and their sends.
 */
class ConnectionsBeforeTheClockTest {
    /** Remembers, in order, each ask for connections and each send. */
    private static final class Recording extends ForwardingBackend {
        final List<String> calls = new CopyOnWriteArrayList<>();

        Recording(ScriptedBackend delegate) {
            super(delegate);
        }

        @Override
        public int openConnections(int connections) {
            calls.add("open " + connections);
            return connections;
        }

        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            calls.add("send");
            return super.send(request, listener);
        }
    }

    private static final String BURSTS = """
            {"timestamp": 0, "input_length": 40, "output_length": 2}
            {"timestamp": 0, "input_length": 50, "output_length": 2}
            {"timestamp": 0, "input_length": 60, "output_length": 2}
            {"timestamp": 300, "input_length": 40, "output_length": 2}
            {"timestamp": 300, "input_length": 70, "output_length": 2}
            {"timestamp": 999, "input_length": 40, "output_length": 2}
            {"timestamp": 1000, "input_length": 40, "output_length": 2}
            {"timestamp": 1200, "input_length": 40, "output_length": 2}
            """;

    private static ScriptedBackend fast() {
        return ScriptedBackend.builder().firstToken(Duration.ofMillis(1)).tokenInterval(Duration.ofMillis(1)).build();
    }

    @Test
    void aReplayedTraceAsksForItsFirstSecondsArrivalsBeforeItsFirstSend() {
        try (ScriptedBackend scripted = fast()) {
            Recording backend = new Recording(scripted);
            Workload w = Workload.open().source(new MooncakeTraceSource(text("bursts.jsonl", BURSTS), TraceOptions.defaults()))
                    .build();
            RunResult r = Benchmark.named("ahead").backend(backend).workload(w).seed(SeedChain.fromLong(1)).model("m")
                    .retainRequests(true).run();

            assertThat(r.requests()).hasSize(8);
            // 0, 0, 0, 300, 300 and 999 ms are inside the first second; 1000 and 1200 ms are not
            assertThat(backend.calls.get(0)).isEqualTo("open 6");
            assertThat(backend.calls).filteredOn(c -> c.startsWith("open")).hasSize(1);
            assertThat(backend.calls).filteredOn("send"::equals).hasSize(8);
        }
    }

    @Test
    void theAskIsCappedByTheRunsConcurrencyLimit() {
        try (ScriptedBackend scripted = fast()) {
            Recording backend = new Recording(scripted);
            Workload w = Workload.open().source(new MooncakeTraceSource(text("bursts.jsonl", BURSTS), TraceOptions.defaults()))
                    .maxConcurrency(2).build();
            Benchmark.named("capped").backend(backend).workload(w).seed(SeedChain.fromLong(1)).model("m").run();

            assertThat(backend.calls.get(0)).isEqualTo("open 2");
        }
    }

    @Test
    void aRunPacedByItsOwnRateAsksForNone() {
        try (ScriptedBackend scripted = fast()) {
            Recording backend = new Recording(scripted);
            Workload w = Workload.open().rate(100).maxRequests(5).inputTokens(LengthDistribution.fixed(16))
                    .outputTokens(LengthDistribution.fixed(2)).build();
            Benchmark.named("rate").backend(backend).workload(w).seed(SeedChain.fromLong(1)).model("m").run();

            assertThat(backend.calls).hasSize(5).allMatch("send"::equals);
        }
    }
}
