package io.benchsuite.backends.openai;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.http.spi.ResponseDialect;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a transcription endpoint's response in the shapes the servers send:
 * <ul>
 *   <li>vLLM streaming: {@code {"id":"trsc-..","object":"transcription.chunk","created":..,"model":..,
 *       "choices":[{"delta":{"content":" Hello"},"finish_reason":null}]}} events (its
 *       {@code TranscriptionStreamResponse}), a last one with {@code usage} when asked
 *       ({@code stream_include_usage}), then {@code data: [DONE]};</li>
 *   <li>OpenAI streaming: {@code {"type":"transcript.text.delta","delta":" Hello"}} events, ended by
 *       {@code {"type":"transcript.text.done","text":"..","usage":{"input_tokens":..,"output_tokens":..}}};</li>
 *   <li>not streamed (both): one JSON body {@code {"text":"..."}}, with {@code usage} when the server counts.</li>
 * </ul>
 * Each non-empty delta counts as one token at its arrival (TTFT is the first delta's, ITL the gaps
 * between them); the server's usage, when sent, replaces the count. A body or event of another shape is
 * a malformed response, never a success; a stream that ends before {@code [DONE]} or
 * {@code transcript.text.done} is truncated.
 */
final class TranscriptionDialect implements ResponseDialect {
    private int prompt = Usage.UNKNOWN;
    private int completion = Usage.UNKNOWN;
    private int events;
    private boolean text;

    @Override
    public void event(long nanoTime, String eventType, byte[] data, int offset, int length, Emitter out) {
        events++;
        String raw = new String(data, offset, length, StandardCharsets.UTF_8).strip();
        if (raw.equals("[DONE]")) {
            out.complete(nanoTime, new Usage(prompt, completion));
            return;
        }
        JsonNode n = Json.parse(Arrays.copyOfRange(data, offset, offset + length));
        if (!n.isObject()) throw new MalformedResponseException("a transcription event is not a JSON object");
        if (n.has("error")) {
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server error event in stream: "
                    + Json.errorMessage(n.get("error"))));
            return;
        }
        String type = Json.text(n, "type");
        if ("transcript.text.delta".equals(type)) {
            JsonNode delta = n.get("delta");
            if (delta == null || !delta.isTextual()) throw new MalformedResponseException("a transcript.text.delta event has no 'delta' text");
            piece(nanoTime, delta.asText(), out);
        } else if ("transcript.text.done".equals(type)) {
            readUsage(n.get("usage"));
            out.complete(nanoTime, new Usage(prompt, completion));
        } else if ("transcription.chunk".equals(Json.text(n, "object"))) {
            JsonNode choices = n.get("choices");
            if (choices == null || !choices.isArray()) throw new MalformedResponseException("a transcription.chunk has no 'choices' array");
            for (JsonNode c : choices) {
                JsonNode content = c.path("delta").get("content");
                if (content != null && content.isTextual()) piece(nanoTime, content.asText(), out);
            }
            readUsage(n.get("usage"));
        } else {
            throw new MalformedResponseException("expected a transcription event (vLLM's object 'transcription.chunk' or OpenAI's "
                    + "type 'transcript.text.delta'), got " + (type != null ? "type '" + type + "'" : "object '" + Json.text(n, "object") + "'"));
        }
    }

    @Override
    public void body(long nanoTime, byte[] body, Emitter out) {
        JsonNode n = Json.parse(body);
        if (!n.isObject()) throw new MalformedResponseException("a transcription response is not a JSON object");
        if (n.has("error")) {
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server returned an error: " + Json.errorMessage(n.get("error"))));
            return;
        }
        JsonNode t = n.get("text");
        if (t == null || !t.isTextual()) throw new MalformedResponseException("a transcription response has no 'text' string");
        readUsage(n.get("usage"));
        if (!t.asText().isEmpty()) text = true;
        out.tokens(nanoTime, 0, t.asText()); // no token's own time is known
        out.complete(nanoTime, new Usage(prompt, completion));
    }

    @Override
    public void end(long nanoTime, Emitter out) {
        if (out.finished()) return;
        out.error(nanoTime, BackendError.of(ErrorKind.STREAM_TRUNCATED,
                "transcription stream ended without [DONE] or transcript.text.done after " + events + " events"));
    }

    @Override
    public OutputKinds outputKinds() {
        return text ? OutputKinds.of(OutputKinds.Kind.CONTENT) : OutputKinds.none();
    }

    private void piece(long nanoTime, String s, Emitter out) {
        if (s.isEmpty()) return;
        text = true;
        out.tokens(nanoTime, 1, s);
    }

    /** vLLM's {@code prompt_tokens}/{@code completion_tokens} or OpenAI's {@code input_tokens}/{@code output_tokens}. */
    private void readUsage(JsonNode u) {
        if (u == null || !u.isObject()) return;
        Usage usage = Json.usage(u);
        int p = usage != null ? usage.promptTokens() : Json.count(u.get("input_tokens"));
        int c = usage != null ? usage.completionTokens() : Json.count(u.get("output_tokens"));
        if (p != Usage.UNKNOWN) prompt = p;
        if (c != Usage.UNKNOWN) completion = c;
    }
}
