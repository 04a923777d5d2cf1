package io.benchsuite.backends.openai;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Each server's stream dialect parses to the right token counts and usage. */
class OpenAiDialectTest {

    private static RecordingListener run(ScriptedServer.Script script, Preset preset, boolean stream, String... config)
            throws Exception {
        try (ScriptedServer server = new ScriptedServer(script);
             OpenAiBackend backend = openai(preset, server.url(), config)) {
            RecordingListener l = new RecordingListener();
            backend.send(request(stream, 16), l);
            l.await();
            assertThat(l.violations()).isEmpty();
            return l;
        }
    }

    @Test
    void vllmChatUsageInASeparateFinalChunkWithEmptyChoices() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n");
            c.chunk(chatDelta("Hel"));
            c.chunk(chatDelta("lo"));
            c.chunk(chatDelta(" world"));
            c.chunk("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}]}\n\n");
            c.chunk("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"total_tokens\":21,\"completion_tokens\":16}}\n\n");
            c.chunk("data: [DONE]\n\n");
            c.end();
        }, Preset.VLLM, true);
        assertThat(l.error()).isNull();
        assertThat(l.tokens()).isEqualTo(3);
        assertThat(l.text()).isEqualTo("Hello world");
        assertThat(l.usage()).isEqualTo(new Usage(5, 16));
        assertThat(l.chunks().get(0).count()).as("role-only first chunk").isZero();
    }

    @Test
    void llamaCppCompletionsUsageInsideTheLastChunkWithFinishReasonAndTimings() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200, "Content-Type: text/event-stream");
            c.chunk("data:{\"choices\":[{\"text\":\"A\",\"index\":0,\"logprobs\":null,\"finish_reason\":null}],\"object\":\"text_completion\"}\n\n");
            c.chunk("data:{\"choices\":[{\"text\":\"B\",\"index\":0,\"logprobs\":null,\"finish_reason\":null}],\"object\":\"text_completion\"}\n\n");
            c.chunk("data:{\"choices\":[{\"text\":\"\",\"index\":0,\"logprobs\":null,\"finish_reason\":\"length\"}],"
                    + "\"usage\":{\"completion_tokens\":2,\"prompt_tokens\":4,\"total_tokens\":6},"
                    + "\"timings\":{\"prompt_n\":4,\"prompt_ms\":1.2,\"predicted_n\":2,\"predicted_ms\":3.4}}\n\n");
            c.chunk("data: [DONE]\n\n");
            c.end();
        }, Preset.LLAMACPP, true, "endpoint", "completions");
        assertThat(l.error()).isNull();
        assertThat(l.tokens()).isEqualTo(2);
        assertThat(l.text()).isEqualTo("AB");
        assertThat(l.usage()).isEqualTo(new Usage(4, 2));
    }

    @Test
    void nullContentFirstChunkCrLfCommentsAndSeveralEventsInOneRead() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(": ping\r\n\r\ndata: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}]}\r\n\r\n");
            // Three events in one write: they share one arrival time.
            c.chunk("data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\r\n\r\n"
                    + "data: {\"choices\":[{\"delta\":{\"content\":\"b\"}}]}\r\n\r\n"
                    + "data: {\"choices\":[{\"delta\":{\"content\":\"c\"}}]}\r\n\r\n");
            c.chunk("data: [DONE]\r\n\r\n");
            c.end();
        }, Preset.OPENAI, true);
        assertThat(l.error()).isNull();
        assertThat(l.tokens()).isEqualTo(3);
        assertThat(l.usage()).isEqualTo(Usage.unknown());
        assertThat(l.chunks().get(0).count()).isZero();
        assertThat(l.tokenTimes()).hasSize(3);
        assertThat(l.tokenTimes().get(0)).isEqualTo(l.tokenTimes().get(2));
    }

    @Test
    void continuousUsageStatsGiveTheTokenCountOfEachChunk() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk("data: {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":0}}\n\n");
            c.chunk("data: {\"choices\":[{\"delta\":{\"content\":\"ab\"}}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2}}\n\n");
            c.chunk("data: {\"choices\":[{\"delta\":{\"content\":\"c\"}}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":3}}\n\n");
            c.chunk("data: [DONE]\n\n");
            c.end();
        }, Preset.VLLM, true);
        assertThat(l.chunks()).extracting(RecordingListener.Chunk::count).containsExactly(0, 2, 1);
        assertThat(l.usage()).isEqualTo(new Usage(5, 3));
    }

    @Test
    void reasoningContentCountsAsGeneratedOutput() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk("data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"think\"}}]}\n\n");
            c.chunk(chatDelta("answer"));
            c.chunk("data: [DONE]\n\n");
            c.end();
        }, Preset.SGLANG, true);
        assertThat(l.tokens()).isEqualTo(2);
        assertThat(l.text()).isEqualTo("thinkanswer");
    }

    @Test
    void anErrorObjectInsideA200StreamIsAServerErrorEvent() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("a"));
            c.chunk("data: {\"error\":{\"code\":500,\"message\":\"kv cache exhausted\",\"type\":\"server_error\"}}\n\n");
            c.end();
        }, Preset.LLAMACPP, true);
        assertThat(l.error().kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
        assertThat(l.error().message()).contains("kv cache exhausted");
        assertThat(l.tokens()).isEqualTo(1);
    }

    @Test
    void vllmErrorObjectShapeIsAServerErrorEvent() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk("data: {\"object\":\"error\",\"message\":\"bad things\",\"type\":\"BadRequestError\",\"code\":400}\n\n");
            c.end();
        }, Preset.VLLM, true);
        assertThat(l.error().kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
        assertThat(l.error().message()).contains("bad things");
    }

    @Test
    void anEventSplitByteByByteAcrossWritesParses() throws Exception {
        String stream = chatDelta("héllo") + chatDelta("✓") + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":2}}\n\ndata: [DONE]\n\n";
        RecordingListener l = run((req, c) -> {
            c.head(200);
            for (byte b : stream.getBytes(StandardCharsets.UTF_8)) c.chunk(new byte[] {b});
            c.end();
        }, Preset.OPENAI, true);
        assertThat(l.error()).isNull();
        assertThat(l.text()).isEqualTo("héllo✓");
        assertThat(l.tokens()).isEqualTo(2);
        assertThat(l.usage()).isEqualTo(new Usage(1, 2));
    }

    @Test
    void aMultiMegabyteSingleEventParses() throws Exception {
        String big = "z".repeat(4 * 1024 * 1024);
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(chatDelta(big));
            c.chunk("data: [DONE]\n\n");
            c.end();
        }, Preset.OPENAI, true);
        assertThat(l.error()).isNull();
        assertThat(l.tokens()).isEqualTo(1);
        assertThat(l.text()).hasSize(big.length());
    }

    @Test
    void nonStreamingResponseGivesTextAndServerUsage() throws Exception {
        RecordingListener l = run((req, c) -> {
            assertThat(req.json().get("stream").asBoolean()).isFalse();
            assertThat(req.json().has("stream_options")).isFalse();
            c.full(200, "application/json", "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"All done\"},"
                    + "\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2,\"total_tokens\":5}}");
        }, Preset.OPENAI, false);
        assertThat(l.error()).isNull();
        assertThat(l.text()).isEqualTo("All done");
        assertThat(l.tokens()).as("no per-token times are claimed for a whole body").isZero();
        assertThat(l.usage()).isEqualTo(new Usage(3, 2));
    }

    @Test
    void finishReasonWithoutDoneIsAcceptedWhenThePresetDoesNotRequireDone() throws Exception {
        RecordingListener l = run((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("x"));
            c.chunk("data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n");
            c.end();
        }, Preset.TGI, true);
        assertThat(l.error()).isNull();
        assertThat(l.tokens()).isEqualTo(1);
    }

    @Test
    void a500KilobyteRequestBodyIsSentWhole() throws Exception {
        String prompt = "token ".repeat(90_000); // ~540 KB, the size of a 128K-token prompt
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("ok"));
            c.chunk("data: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url())) {
            RecordingListener l = new RecordingListener();
            backend.send(request(prompt, true, 4), l);
            l.await();
            assertThat(l.error()).isNull();
            assertThat(server.requests()).hasSize(1);
            assertThat(server.requests().get(0).body().length).isGreaterThan(500_000);
            assertThat(server.requests().get(0).json().get("messages").get(0).get("content").asText()).isEqualTo(prompt);
        }
    }
}
