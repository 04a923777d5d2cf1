package io.benchsuite.backends.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.backends.http.internal.SseDecoder;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Transcription responses in the shapes vLLM and OpenAI send (recorded in {@code /transcription}, sources in
 * its SOURCES.md): each streamed delta is a token at its own event, the server's usage wins, a whole body's
 * {@code text} is one answer, and another shape is malformed, never a success.
 */
class TranscriptionDialectTest {

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = TranscriptionDialectTest.class.getResourceAsStream("/transcription/" + name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }

    /** Replays a recorded stream event by event; each event's number is its time. */
    private static ReasoningDialectTest.Recorder replay(String name) throws IOException {
        TranscriptionDialect d = new TranscriptionDialect();
        ReasoningDialectTest.Recorder r = new ReasoningDialectTest.Recorder();
        SseDecoder decoder = new SseDecoder(1 << 20);
        long[] event = {0};
        SseDecoder.Handler h = (type, data, offset, length) -> d.event(++event[0], type, data, offset, length, r);
        byte[] body = resource(name);
        decoder.feed(body, 0, body.length, h);
        decoder.finish(h);
        if (!r.finished()) d.end(event[0], r);
        return r;
    }

    @Test
    void vllmChunksAreTokensAtTheirEventsAndItsUsageCounts() throws IOException {
        ReasoningDialectTest.Recorder r = replay("vllm-stream.sse");
        assertThat(r.error).isNull();
        assertThat(r.calls).extracting(ReasoningDialectTest.Call::event).containsExactly(1L, 2L, 3L);
        assertThat(r.calls).extracting(ReasoningDialectTest.Call::text).containsExactly(" The", " quick", " brown fox.");
        assertThat(r.tokens("answer")).isEqualTo(3);
        assertThat(r.usage.promptTokens()).isEqualTo(1504);
        assertThat(r.usage.completionTokens()).isEqualTo(4);
    }

    @Test
    void openAiDeltaEventsEndAtTheDoneEventWithItsTokenUsage() throws IOException {
        ReasoningDialectTest.Recorder r = replay("openai-stream.sse");
        assertThat(r.error).isNull();
        assertThat(r.calls).extracting(ReasoningDialectTest.Call::text).containsExactly("The", " quick", " brown fox.");
        assertThat(r.first("answer")).isEqualTo(1);
        assertThat(r.usage.promptTokens()).isEqualTo(14);
        assertThat(r.usage.completionTokens()).isEqualTo(5);
    }

    @Test
    void wholeBodiesAreOneAnswer() throws IOException {
        for (String name : List.of("vllm-whole.json", "openai-whole.json")) {
            TranscriptionDialect d = new TranscriptionDialect();
            ReasoningDialectTest.Recorder r = new ReasoningDialectTest.Recorder();
            d.body(7, resource(name), r);
            assertThat(r.error).as(name).isNull();
            assertThat(r.calls).as(name).hasSize(1);
            assertThat(r.calls.get(0).text()).as(name).endsWith("The quick brown fox.");
            assertThat(r.calls.get(0).count()).as("no token's own time is known").isZero();
            assertThat(r.usage).as(name).isNotNull();
        }
        ReasoningDialectTest.Recorder openAi = new ReasoningDialectTest.Recorder();
        new TranscriptionDialect().body(1, resource("openai-whole.json"), openAi);
        assertThat(openAi.usage.completionTokens()).isEqualTo(5);
        ReasoningDialectTest.Recorder vllm = new ReasoningDialectTest.Recorder();
        new TranscriptionDialect().body(1, resource("vllm-whole.json"), vllm);
        assertThat(vllm.usage.hasPromptTokens()).as("vLLM's whole usage counts seconds, not tokens").isFalse();
    }

    @Test
    void anotherShapeIsMalformedNeverASuccess() throws IOException {
        assertThatThrownBy(() -> replay("chat-chunk-instead.sse")).isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("expected a transcription event (vLLM's object 'transcription.chunk' or OpenAI's type "
                        + "'transcript.text.delta'), got object 'chat.completion.chunk'");
        assertThatThrownBy(() -> new TranscriptionDialect().body(1, resource("wrong-member.json"), new ReasoningDialectTest.Recorder()))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("has no 'text' string");
        assertThatThrownBy(() -> new TranscriptionDialect().body(1, "[1]".getBytes(), new ReasoningDialectTest.Recorder()))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("not a JSON object");
    }

    @Test
    void aStreamCutBeforeItsEndIsTruncated() throws IOException {
        ReasoningDialectTest.Recorder r = replay("vllm-truncated.sse");
        assertThat(r.usage).isNull();
        assertThat(r.error.kind()).isEqualTo(ErrorKind.STREAM_TRUNCATED);
        assertThat(r.error.message()).contains("transcription stream ended without [DONE] or transcript.text.done after 1 events");
    }

    @Test
    void anErrorEventIsTheServersError() {
        TranscriptionDialect d = new TranscriptionDialect();
        ReasoningDialectTest.Recorder r = new ReasoningDialectTest.Recorder();
        byte[] e = "{\"error\":{\"message\":\"audio too long\"}}".getBytes();
        d.event(1, null, e, 0, e.length, r);
        assertThat(r.error.kind()).isEqualTo(ErrorKind.SERVER_ERROR_EVENT);
        assertThat(r.error.message()).contains("audio too long");
    }
}
