package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.tools.ResponseFormat;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.tck.RecordingListener;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tool calls, response formats, embeddings/rerank/score batches and adapter loads in process, in virtual time:
 * what {@code serve-sim} answers over HTTP, reported as an HTTP backend reports it.
 */
class SimRequestKindsTest {
    static final ToolSpec TOOLS = new ToolSpec(List.of(
            new ToolDefinition("get_weather", "", "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
                    + "\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7}},\"required\":[\"city\",\"days\"]}"),
            new ToolDefinition("get_time", "", "{\"type\":\"object\",\"properties\":{\"zone\":{\"enum\":[\"UTC\",\"CET\"]}},"
                    + "\"required\":[\"zone\"]}")), "auto");

    private static InferenceRequest request(long index, String prompt, int maxTokens, Object... extras) {
        InferenceRequest r = new InferenceRequest(index, "llama-3-8b", List.of(ChatMessage.user(prompt)), 64, maxTokens, true, 0,
                1000 + index, true, Map.of());
        for (Object e : extras) r = r.withExtra(e);
        return r;
    }

    private static InferenceRequest model(InferenceRequest r, String model) {
        return new InferenceRequest(r.index(), model, r.messages(), r.inputTokens(), r.maxTokens(), r.ignoreEos(), r.temperature(),
                r.seed(), r.stream(), r.headers(), r.prepared(), r.extras());
    }

    private static RecordingListener run(SimulatedServer server, InferenceRequest request) {
        RecordingListener r = new RecordingListener();
        server.send(request, r, server.now());
        server.drain();
        assertThat(r.violations()).isEmpty();
        return r;
    }

    @Test
    void aRequestOfferingToolsIsAnsweredWithOneSchemaValidCallNameFirst() {
        SimulatedServer server = new SimulatedServer(SimSettings.builder().build());
        RecordingListener r = run(server, request(0, "what is the weather? use get_weather", 12, TOOLS));
        ToolCalls calls = r.extras().get(ToolCalls.class).orElseThrow();
        assertThat(calls.calls()).hasSize(1);
        ToolCall call = calls.calls().get(0);
        assertThat(call.name()).as("the function the message mentions").isEqualTo("get_weather");
        assertThat(call.id()).startsWith("chatcmpl-tool-");
        assertThat(call.argumentsJson()).isTrue();
        Map<?, ?> args = (Map<?, ?>) SimJson.parse(call.arguments());
        assertThat(args.get("city")).isInstanceOf(String.class);
        assertThat(((Number) args.get("days")).intValue()).isBetween(1, 7);
        // every token carried output: the name, then 11 pieces of the arguments, which join into the call's
        assertThat(r.tokens()).isEqualTo(12);
        assertThat(r.answerChunks().get(0).text()).isEqualTo("get_weather");
        assertThat(r.text()).isEqualTo("get_weather" + call.arguments());
        assertThat(r.outputKinds()).isEqualTo(OutputKinds.of(OutputKinds.Kind.TOOL_CALLS));
        assertThat(r.usage()).isEqualTo(new Usage(64, 12));
        // the same request gets the same call; the choice none gets words and an empty list of calls
        assertThat(run(server, request(0, "what is the weather? use get_weather", 12, TOOLS)).extras().get(ToolCalls.class))
                .contains(calls);
        RecordingListener none = run(server, request(1, "hi", 5, new ToolSpec(TOOLS.tools(), "none")));
        assertThat(none.extras().get(ToolCalls.class).orElseThrow().calls()).isEmpty();
        assertThat(none.outputKinds()).isEqualTo(OutputKinds.of(OutputKinds.Kind.CONTENT));
    }

    @Test
    void aForcedFunctionIsCalledAndTheReasoningLeavesTheRestForTheLastChunk() {
        SimSettings reasoning = SimSettings.fromConfig(BackendConfig.of(Map.of(SimReasoning.TOKENS, "6")));
        RecordingListener r = run(new SimulatedServer(reasoning), request(2, "hello", 10, new ToolSpec(TOOLS.tools(),
                "function:get_time")));
        ToolCall call = r.extras().get(ToolCalls.class).orElseThrow().calls().get(0);
        assertThat(call.name()).isEqualTo("get_time");
        assertThat(r.reasoningChunks()).hasSize(6);
        assertThat(r.answerChunks().stream().filter(c -> c.count() > 0)).hasSize(4);
        String answer = String.join("", r.answerChunks().stream().map(RecordingListener.Chunk::text).toList());
        assertThat(answer).isEqualTo("get_time" + call.arguments());
        assertThat(((Map<?, ?>) SimJson.parse(call.arguments())).get("zone")).isIn("UTC", "CET");
        assertThat(r.outputKinds()).isEqualTo(OutputKinds.of(OutputKinds.Kind.REASONING, OutputKinds.Kind.TOOL_CALLS));
    }

    @Test
    void aJsonSchemaFormatGetsATextValidAgainstIt() {
        ResponseFormat format = new ResponseFormat("answer", "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"},"
                + "\"score\":{\"type\":\"number\",\"minimum\":0,\"maximum\":1}},\"required\":[\"ok\",\"score\"]}", true);
        RecordingListener r = run(new SimulatedServer(SimSettings.builder().build()), request(3, "rate it", 30, format));
        Map<?, ?> value = (Map<?, ?>) SimJson.parse(r.text());
        assertThat(value.get("ok")).isInstanceOf(Boolean.class);
        assertThat(((Number) value.get("score")).doubleValue()).isBetween(0.0, 1.0);
        assertThat(r.tokens()).isEqualTo(30);
        assertThat(r.extras().get(ToolCalls.class)).as("no tools offered: no calls reported").isEmpty();
    }

    @Test
    void aBatchRunsEachInputAsAPrefillAndReportsWhatAnHttpBackendReports() {
        SimulatedServer server = new SimulatedServer(SimSettings.builder().build());
        BatchInputs embed = BatchInputs.of(List.of("a b c", "d e", "f"), List.of(300, 200, 100));
        RecordingListener e = run(server, request(4, "a b c\nd e\nf", 1, embed));
        assertThat(e.extras().get(BatchResult.class)).contains(new BatchResult(3, 600, 3, PooledBatch.DIMENSIONS));
        assertThat(e.usage()).isEqualTo(new Usage(600, 0));
        assertThat(e.tokens()).as("no token: a pooled response has none").isZero();
        assertThat(e.endNanos()).isPositive();

        BatchInputs rerank = new BatchInputs(List.of("x", "y"), List.of(50, 70), "query", 10);
        RecordingListener r = run(server, request(5, "x\ny", 1, rerank));
        assertThat(r.extras().get(BatchResult.class)).contains(new BatchResult(2, 120, 2, 0));
        assertThat(r.usage()).as("each pair is its input and the query").isEqualTo(new Usage(140, 0));

        BatchInputs tooLong = BatchInputs.of(List.of("x", "y"), List.of(10, 1_000_000));
        RecordingListener rejected = run(server, request(6, "x\ny", 1, tooLong));
        assertThat(rejected.error().kind()).isEqualTo(ErrorKind.REJECTED);
        assertThat(rejected.error().message()).startsWith("input 1: This model's maximum context length is");
    }

    @Test
    void anAdapterNotLoadedHoldsItsRequestAndTheRequestsBehindForTheLoad() {
        SimulatedServer server = new SimulatedServer(SimSettings.builder().build(), new Adapters(List.of("a", "b"), 1, 40), 0);
        RecordingListener base = run(server, request(7, "hi", 2));
        long baseTtft = base.firstTokenNanos() - base.sentNanos();

        long t0 = server.now();
        RecordingListener a = new RecordingListener();
        RecordingListener behind = new RecordingListener();
        server.send(model(request(8, "hi", 2), "a"), a, t0);
        server.send(request(9, "hi", 2), behind, t0 + 10_000_000); // sent 10 ms into the load
        server.drain();
        assertThat(a.firstTokenNanos() - t0).as("the load, then the same prefill").isGreaterThanOrEqualTo(40_000_000 + baseTtft);
        assertThat(behind.firstTokenNanos() - t0).as("held until the load ended").isGreaterThanOrEqualTo(40_000_000);
        assertThat(server.adapterLoads().counts()).containsExactly(1, 0);

        run(server, model(request(10, "hi", 2), "a"));
        assertThat(server.adapterLoads().counts()).as("loaded: no second load").containsExactly(1, 0);
        run(server, model(request(11, "hi", 2), "b"));
        assertThat(server.adapterLoads().counts()).as("max-loras 1: b evicts a").containsExactly(2, 1);
        assertThat(server.adapterLoads().loaded()).containsExactly("b");
    }

    @Test
    void theBackendReadsTheAdaptersAndTheEndpointFromItsOptions() {
        BackendConfig config = BackendConfig.of(Map.of(SimSettings.CLOCK, "virtual", Adapters.MODULES, "a=/x,b", Adapters.MAX_LORAS,
                "2", Adapters.LOAD_MS, "25", SimEndpoint.ENDPOINT, "embeddings"));
        assertThat(Adapters.fromConfig(config)).isEqualTo(new Adapters(List.of("a", "b"), 2, 25));
        assertThat(Adapters.fromConfig(BackendConfig.of(Map.of(Adapters.MODULES, "none"))).names()).as("the declared default")
                .isEmpty();
        assertThat(new SimBackendProvider().options()).extracting(o -> o.key())
                .contains(Adapters.MODULES, Adapters.MAX_LORAS, Adapters.LOAD_MS, SimEndpoint.ENDPOINT);
        try (VirtualSimBackend b = (VirtualSimBackend) new SimBackendProvider().create(config)) {
            RecordingListener r = new RecordingListener();
            b.send(model(request(0, "hi", 2), "b"), r);
            for (long t = b.nextEventNanos(); t != Long.MAX_VALUE; t = b.nextEventNanos()) b.advanceTo(t);
            assertThat(r.firstTokenNanos() - r.sentNanos()).isGreaterThanOrEqualTo(25_000_000);
            assertThat(b.server().adapterLoads().counts()).containsExactly(1, 0);
        }
    }
}
