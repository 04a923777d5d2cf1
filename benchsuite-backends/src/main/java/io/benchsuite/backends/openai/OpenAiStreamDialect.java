package io.benchsuite.backends.openai;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.Emitter;
import io.benchsuite.backends.http.internal.EventJson;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.internal.MalformedResponseException;
import io.benchsuite.backends.http.internal.ResponseDialect;
import java.nio.charset.StandardCharsets;

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
 * <p><b>Cost.</b> Each event is read with Jackson's streaming parser straight from its bytes, one
 * parser per stream; only the fields above are looked at and the rest skipped token by token. The
 * token text is the only object made per event (the listener needs it), and not even a copy when
 * the chunk has one text field. An error event is parsed a second time, as a tree, for its message.
 *
 * <p>Non-streaming responses produce one {@code onTokens} with the whole text and a count of 0: the
 * tokens' individual times are unknown, so none is claimed; the usage (or the tokenizer) gives the
 * count.
 */
public final class OpenAiStreamDialect implements ResponseDialect {
    private final Endpoint endpoint;
    private final boolean requireDone;
    private final EventJson json = new EventJson();

    private int promptTokens = Usage.UNKNOWN;
    private int completionTokens = Usage.UNKNOWN;
    private boolean finishSeen;
    private int contentChunks;
    private boolean continuousUsage;
    private int lastCompletionTokens;
    private int events;

    // What the event being read holds; reset per event (fields, not objects: nothing is allocated).
    private boolean errorMember;
    private boolean hasChoices;
    private boolean chunkHasUsage;
    private int chunkPrompt;
    private int chunkCompletion;
    private String text;
    private StringBuilder joined;

    /**
     * A reader for one response.
     *
     * @param endpoint which API answered (chat or completions)
     * @param requireDone whether a stream must end with {@code [DONE]} to count as complete
     */
    public OpenAiStreamDialect(Endpoint endpoint, boolean requireDone) {
        this.endpoint = endpoint;
        this.requireDone = requireDone;
    }

    @Override
    public void event(long nanoTime, String eventType, byte[] data, int offset, int length, Emitter out) {
        int s = offset;
        int e = offset + length;
        while (s < e && isSpace(data[s])) s++;
        while (e > s && isSpace(data[e - 1])) e--;
        if (s == e) return;
        events++;
        if (isDone(data, s, e)) {
            out.complete(nanoTime, usage());
            return;
        }
        readChunk(data, s, e - s);
        if (errorMember || "error".equals(eventType)) {
            json.abandon();
            JsonNode n = Json.parse(new String(data, s, e - s, StandardCharsets.UTF_8));
            if (!n.isObject()) throw new MalformedResponseException("event is not a JSON object: " + abbreviate(n.toString()));
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server error event in stream: " + errorText(n)));
            return;
        }
        String t = joined != null ? joined.toString() : text;
        int count = 0;
        if (t != null && !t.isEmpty()) {
            count = 1;
            if (chunkHasUsage && chunkCompletion != Usage.UNKNOWN && (contentChunks == 0 || continuousUsage)) {
                continuousUsage = true;
                count = Math.max(1, chunkCompletion - lastCompletionTokens);
                lastCompletionTokens = chunkCompletion;
            }
            contentChunks++;
        }
        if (chunkHasUsage) {
            if (chunkPrompt != Usage.UNKNOWN) promptTokens = chunkPrompt;
            if (chunkCompletion != Usage.UNKNOWN) completionTokens = chunkCompletion;
        }
        if (hasChoices) out.tokens(nanoTime, count, t == null ? "" : t);
    }

    /** Reads the fields of one chunk that matter, skipping everything else. */
    private void readChunk(byte[] data, int offset, int length) {
        errorMember = false;
        hasChoices = false;
        chunkHasUsage = false;
        chunkPrompt = Usage.UNKNOWN;
        chunkCompletion = Usage.UNKNOWN;
        text = null;
        joined = null;
        JsonParser p = json.open(data, offset, length);
        while (json.next() == JsonToken.FIELD_NAME) {
            String name = json.name();
            JsonToken t = json.next();
            switch (name) {
                case "choices" -> {
                    if (t == JsonToken.START_ARRAY) {
                        readChoices(p);
                    } else {
                        json.skip();
                    }
                }
                case "usage" -> {
                    if (t == JsonToken.START_OBJECT) {
                        readUsage(p);
                    } else {
                        json.skip();
                    }
                }
                case "error" -> {
                    if (t != JsonToken.VALUE_NULL) errorMember = true;
                    json.skip();
                }
                case "object" -> {
                    if (EventJson.textIs(p, "error")) errorMember = true;
                }
                default -> json.skip();
            }
        }
        json.close();
    }

    private void readChoices(JsonParser p) {
        JsonToken t;
        while ((t = json.next()) != JsonToken.END_ARRAY) {
            hasChoices = true;
            if (t == JsonToken.START_OBJECT) {
                readChoice(p);
            } else {
                json.skip();
            }
        }
    }

    private void readChoice(JsonParser p) {
        String choiceText = null;
        String reasoningContent = null;
        String reasoning = null;
        String content = null;
        boolean delta = false;
        while (json.next() == JsonToken.FIELD_NAME) {
            String name = json.name();
            JsonToken t = json.next();
            switch (name) {
                case "text" -> choiceText = EventJson.string(p);
                case "delta" -> {
                    if (t != JsonToken.START_OBJECT) {
                        json.skip();
                        break;
                    }
                    delta = true;
                    while (json.next() == JsonToken.FIELD_NAME) {
                        String field = json.name();
                        json.next();
                        switch (field) {
                            case "reasoning_content" -> reasoningContent = EventJson.string(p);
                            case "reasoning" -> reasoning = EventJson.string(p);
                            case "content" -> content = EventJson.string(p);
                            default -> json.skip();
                        }
                    }
                }
                case "finish_reason" -> {
                    if (t != JsonToken.VALUE_NULL) finishSeen = true;
                    json.skip();
                }
                default -> json.skip();
            }
        }
        // Some servers answer /v1/completions in chat shape; accept it rather than lose tokens.
        if (endpoint == Endpoint.COMPLETIONS && choiceText != null || !delta) {
            add(choiceText);
            return;
        }
        // Reasoning models stream their thinking in a separate field; it is generated output too.
        add(reasoningContent);
        add(reasoning);
        add(content);
    }

    private void readUsage(JsonParser p) {
        int prompt = Usage.UNKNOWN;
        int completion = Usage.UNKNOWN;
        while (json.next() == JsonToken.FIELD_NAME) {
            String name = json.name();
            json.next();
            switch (name) {
                case "prompt_tokens" -> prompt = EventJson.count(p);
                case "completion_tokens" -> completion = EventJson.count(p);
                default -> json.skip();
            }
        }
        if (prompt == Usage.UNKNOWN && completion == Usage.UNKNOWN) return;
        chunkHasUsage = true;
        chunkPrompt = prompt;
        chunkCompletion = completion;
    }

    /** Appends a piece of text; one piece (the usual case) is kept as it is, without copying. */
    private void add(String piece) {
        if (piece == null) return;
        if (text == null) {
            text = piece;
            return;
        }
        if (joined == null) joined = new StringBuilder(text);
        joined.append(piece);
    }

    private Usage usage() {
        return new Usage(promptTokens, completionTokens);
    }

    private static boolean isDone(byte[] b, int s, int e) {
        return e - s == 6 && b[s] == '[' && b[s + 1] == 'D' && b[s + 2] == 'O' && b[s + 3] == 'N' && b[s + 4] == 'E'
                && b[s + 5] == ']';
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == 0x0B || b == 0x0C;
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
            out.complete(nanoTime, usage());
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

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
