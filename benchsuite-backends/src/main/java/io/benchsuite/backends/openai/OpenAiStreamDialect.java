package io.benchsuite.backends.openai;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.Emitter;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.internal.MalformedResponseException;
import io.benchsuite.backends.http.internal.ResponseDialect;

/**
 * Reads OpenAI-style chat or text completion responses, streamed or whole.
 *
 * <p><b>Token counting.</b> A chunk whose choices carry text ({@code delta.content},
 * {@code delta.reasoning_content}/{@code reasoning}, or {@code text}) counts as one token — vLLM,
 * SGLang and llama.cpp send one token per event. When the server says otherwise, its word wins:
 * if the first content chunk already carries a {@code usage} with {@code completion_tokens}
 * (continuous usage statistics), every chunk counts the growth of that number. A chunk without text
 * (role-only delta, {@code "content": null}, a final chunk holding only {@code finish_reason})
 * counts zero. The final {@code usage} (a last chunk with empty {@code choices}, or usage inside
 * the chunk with the {@code finish_reason}) is passed to {@code onComplete}; without one the usage
 * stays unknown and the engine counts the text with its tokenizer.
 *
 * <p><b>ITL.</b> Every chunk carries the arrival time of the read that completed it. When one read
 * completes several chunks they share that time, and the engine spreads the gap since the previous
 * token evenly over the tokens that arrived together.
 *
 * <p><b>Errors.</b> An {@code error} member (llama.cpp) or {@code "object": "error"} (vLLM) inside
 * a 200 stream is {@code SERVER_ERROR_EVENT}; unparsable JSON is {@code MALFORMED_RESPONSE}; a stream
 * that ends without {@code [DONE]} is {@code STREAM_TRUNCATED} (unless {@code require-done=false}
 * and a {@code finish_reason} arrived).
 *
 * <p>Non-streaming responses produce one {@code onTokens} with the whole text and a count of 0: the
 * tokens' individual times are unknown, so none is claimed; the usage (or the tokenizer) gives the
 * count.
 */
final class OpenAiStreamDialect implements ResponseDialect {
    private final Endpoint endpoint;
    private final boolean requireDone;

    private Usage usage = Usage.unknown();
    private boolean finishSeen;
    private int contentChunks;
    private boolean continuousUsage;
    private int lastCompletionTokens;
    private int events;

    OpenAiStreamDialect(Endpoint endpoint, boolean requireDone) {
        this.endpoint = endpoint;
        this.requireDone = requireDone;
    }

    @Override
    public void event(long nanoTime, String eventType, String data, Emitter out) {
        String d = data.strip();
        if (d.isEmpty()) return;
        events++;
        if (d.equals("[DONE]")) {
            out.complete(nanoTime, usage);
            return;
        }
        JsonNode n = Json.parse(d);
        if (!n.isObject()) throw new MalformedResponseException("event is not a JSON object: " + abbreviate(d));
        if (isError(n) || "error".equals(eventType)) {
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server error event in stream: " + errorText(n)));
            return;
        }
        Usage chunkUsage = Json.usage(n.get("usage"));
        JsonNode choices = n.get("choices");
        StringBuilder text = new StringBuilder();
        boolean hasChoices = choices != null && choices.isArray() && !choices.isEmpty();
        if (hasChoices) {
            for (JsonNode c : choices) {
                appendText(c, text, true);
                JsonNode fr = c.get("finish_reason");
                if (fr != null && !fr.isNull()) finishSeen = true;
            }
        }
        int count = 0;
        if (text.length() > 0) {
            count = 1;
            if (chunkUsage != null && chunkUsage.hasCompletionTokens() && (contentChunks == 0 || continuousUsage)) {
                continuousUsage = true;
                count = Math.max(1, chunkUsage.completionTokens() - lastCompletionTokens);
                lastCompletionTokens = chunkUsage.completionTokens();
            }
            contentChunks++;
        }
        if (chunkUsage != null) usage = merge(usage, chunkUsage);
        if (hasChoices) out.tokens(nanoTime, count, text.toString());
    }

    @Override
    public void body(long nanoTime, byte[] body, Emitter out) {
        JsonNode n = Json.parse(body);
        if (!n.isObject()) throw new MalformedResponseException("response is not a JSON object");
        if (isError(n)) {
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server returned an error: " + errorText(n)));
            return;
        }
        JsonNode choices = n.get("choices");
        if (choices == null || !choices.isArray()) throw new MalformedResponseException("response has no 'choices' array");
        StringBuilder text = new StringBuilder();
        for (JsonNode c : choices) appendText(c, text, false);
        Usage u = Json.usage(n.get("usage"));
        out.tokens(nanoTime, 0, text.toString());
        out.complete(nanoTime, u == null ? Usage.unknown() : u);
    }

    @Override
    public void end(long nanoTime, Emitter out) {
        if (out.finished()) return;
        if (!requireDone && finishSeen) {
            out.complete(nanoTime, usage);
            return;
        }
        out.error(nanoTime, BackendError.of(ErrorKind.STREAM_TRUNCATED,
                "stream ended without [DONE] after " + events + " events"
                        + (finishSeen ? " (a finish_reason had arrived; config require-done=false accepts that)" : "")));
    }

    private void appendText(JsonNode choice, StringBuilder out, boolean streaming) {
        if (endpoint == Endpoint.COMPLETIONS) {
            String t = Json.text(choice, "text");
            if (t != null) out.append(t);
            // Some servers answer /v1/completions in chat shape; accept it rather than lose tokens.
            if (t != null) return;
        }
        JsonNode m = choice.get(streaming ? "delta" : "message");
        if (m == null || !m.isObject()) {
            String t = Json.text(choice, "text");
            if (t != null) out.append(t);
            return;
        }
        // Reasoning models stream their thinking in a separate field; it is generated output too.
        for (String field : new String[] {"reasoning_content", "reasoning", "content"}) {
            String t = Json.text(m, field);
            if (t != null) out.append(t);
        }
    }

    private static boolean isError(JsonNode n) {
        JsonNode e = n.get("error");
        if (e != null && !e.isNull()) return true;
        return "error".equals(Json.text(n, "object"));
    }

    private static String errorText(JsonNode n) {
        JsonNode e = n.get("error");
        if (e != null && !e.isNull()) return Json.errorMessage(e);
        return Json.errorMessage(n);
    }

    private static Usage merge(Usage old, Usage now) {
        return new Usage(now.hasPromptTokens() ? now.promptTokens() : old.promptTokens(),
                now.hasCompletionTokens() ? now.completionTokens() : old.completionTokens());
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
