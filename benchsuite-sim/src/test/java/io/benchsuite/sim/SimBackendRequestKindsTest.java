package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.tck.RecordingListener;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tool calls, batches and adapter loads on the real-time engine: the same rules as in virtual time, on its threads. */
class SimBackendRequestKindsTest {

    private static InferenceRequest request(long index, String model, int maxTokens) {
        return new InferenceRequest(index, model, List.of(ChatMessage.user("use get_time please")), 16, maxTokens, true, 0, index,
                true, Map.of());
    }

    @Test
    void toolCallsAndBatchesAreAnsweredOnTheEnginesThreads() throws Exception {
        try (SimBackend b = new SimBackend(SimSettings.builder().timeScale(0.01).build())) {
            RecordingListener tools = new RecordingListener();
            b.send(request(0, "m", 8).withExtra(SimRequestKindsTest.TOOLS), tools);
            RecordingListener batch = new RecordingListener();
            b.send(request(1, "m", 1).withExtra(BatchInputs.of(List.of("a", "b"), List.of(20, 30))), batch);
            tools.await(Duration.ofSeconds(30)).assertContractKept();
            batch.await(Duration.ofSeconds(30)).assertContractKept();
            assertThat(tools.extras().get(ToolCalls.class).orElseThrow().calls().get(0).name()).isEqualTo("get_time");
            assertThat(batch.extras().get(BatchResult.class)).contains(new BatchResult(2, 50, 2, PooledBatch.DIMENSIONS));
            assertThat(batch.usage()).isEqualTo(new Usage(50, 0));
        }
    }

    @Test
    void anAdapterLoadHoldsTheRequestOnTheScaledClockAndAHeldRequestCanBeCancelled() throws Exception {
        double scale = 0.01;
        try (SimBackend b = new SimBackend(SimSettings.builder().timeScale(scale).build(), new Adapters(List.of("a"), 1, 500))) {
            RecordingListener a = new RecordingListener();
            b.send(request(0, "a", 2), a);
            a.await(Duration.ofSeconds(30)).assertContractKept();
            assertThat(a.firstTokenNanos() - a.sentNanos()).as("500 simulated ms of load, 5 ms of wall clock")
                    .isGreaterThanOrEqualTo((long) (500e6 * scale));
            assertThat(b.adapterLoads().counts()).containsExactly(1, 0);
        }
        try (SimBackend b = new SimBackend(SimSettings.builder().build(), new Adapters(List.of("a"), 1, 60_000))) {
            RecordingListener cancelled = new RecordingListener();
            RequestHandle h = b.send(request(1, "a", 2), cancelled);
            RecordingListener closed = new RecordingListener();
            b.send(request(2, "base", 2), closed); // behind the minute-long load
            h.cancel();
            cancelled.await(Duration.ofSeconds(10));
            assertThat(cancelled.error().kind()).isEqualTo(ErrorKind.CANCELLED);
            assertThat(cancelled.error().message()).isEqualTo("request cancelled");
            b.close();
            closed.await(Duration.ofSeconds(10));
            assertThat(closed.error().kind()).isEqualTo(ErrorKind.CANCELLED);
            assertThat(closed.error().message()).isEqualTo("backend closed");
            assertThat(b.engineThreadAlive()).isFalse();
        }
    }
}
