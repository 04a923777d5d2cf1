package io.benchsuite.backends.openai;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.backends.http.internal.EventJson;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.http.spi.ResponseDialect;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads OpenAI-style chat or text completion responses, streamed or whole.
 *
 * <p><b>Token counting.</b> A chunk whose choices carry generated output counts as one token, vLLM,
 * SGLang and llama.cpp sending one token per event. Generated output is visible text
 * ({@code delta.content}, or {@code text} of a completion), reasoning
 * ({@code delta.reasoning_content}/{@code reasoning}) and tool calls: a delta's {@code tool_calls}
 * ({@code [{index, id, type, function: {name, arguments}}]}) pass on each call's name (when present)
 * and then its arguments fragment, so a chunk made only of a tool-call fragment is a token like any
 * other and the first one is the first token (TTFT); a chunk holding text and a tool call counts
 * once. When the server says otherwise, its word wins: if the first content chunk already carries a
 * {@code usage} with {@code completion_tokens} (continuous usage statistics), every chunk counts the
 * growth of that number. A chunk without output (role-only delta, {@code "content": null}, a final
 * chunk holding only {@code finish_reason}) counts zero. The final {@code usage} (a last chunk with
 * empty {@code choices}, or usage inside the chunk with the {@code finish_reason}) is passed to
 * {@code onComplete}; without one the usage stays unknown and the engine counts the text with its
 * tokenizer. A whole (non-streamed) body passes on {@code message.content}, reasoning and
 * {@code message.tool_calls} the same way. {@link #outputKinds()} says which of the three kinds
 * arrived (non-empty pieces only).
 *
 * <p><b>Reasoning.</b> Reasoning deltas are passed on as reasoning tokens
 * ({@link Emitter#reasoningTokens}), visible text and tool calls as answer tokens; TTFT is the first
 * of either, the first answer token the first of the latter. A chunk holding both (the one that
 * crosses the end of the thinking, as vLLM's DeepSeek parser may send) counts one reasoning token and
 * the rest (at least one) as answer. The usage's {@code completion_tokens_details.reasoning_tokens},
 * when the server sends it, is passed on in the {@link Usage}; the engine prefers it to the count of
 * reasoning deltas.
 *
 * <p><b>ITL.</b> Every chunk carries the arrival time of the read that completed it. When one read
 * completes several chunks they share that time, and the engine spreads the gap since the previous
 * token evenly over the tokens that arrived together.
 *
 * <p><b>Errors.</b> A stream fails, whatever tokens it delivered before (they stay counted), when:
 * <ul>
 *   <li>an event of type {@code error} arrives: an {@code event: error} line, or llama.cpp's
 *       {@code error: {json}} line (2025 builds, followed by {@code data: [DONE]}), which the
 *       {@link io.benchsuite.backends.http.internal.SseDecoder} turns into such an event:
 *       {@code SERVER_ERROR_EVENT} with the server's message;</li>
 *   <li>an event has an {@code error} member (llama.cpp since PR 16109, SGLang, TGI, vLLM's newer
 *       framing) or {@code "object": "error"} (vLLM): {@code SERVER_ERROR_EVENT};</li>
 *   <li>an event is not one JSON object, or its {@code choices} is not an array of objects:
 *       {@code MALFORMED_RESPONSE} with an excerpt;</li>
 *   <li>the stream reaches {@code [DONE]} or its end without one event of a chunk's shape (a
 *       {@code choices} array, which may be empty as in vLLM's final usage chunk, a {@code usage}
 *       object, or an error): {@code MALFORMED_RESPONSE} saying what was expected and quoting the
 *       first event, never a success with 0 tokens;</li>
 *   <li>it ends without {@code [DONE]}: {@code STREAM_TRUNCATED} (unless {@code require-done=false}
 *       and a {@code finish_reason} arrived).</li>
 * </ul>
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
    /** Whether the request offered tools: its calls (or their absence) are then reported. */
    private final boolean toolsOffered;
    private final ToolCallAssembler toolCalls = new ToolCallAssembler();

    private int promptTokens = Usage.UNKNOWN;
    private int completionTokens = Usage.UNKNOWN;
    private int reasoningTokens = Usage.UNKNOWN;
    private boolean finishSeen;
    private int contentChunks;
    private boolean continuousUsage;
    private int lastCompletionTokens;
    private int events;
    /** Events whose shape is an OpenAI chunk's: a {@code choices} array, a {@code usage} object or an error. */
    private int chunkEvents;
    /** The start of the first event of another shape, for the message when no chunk ever arrives. */
    private String firstOtherEvent;
    private OutputKinds kinds = OutputKinds.none();

    // What the event being read holds; reset per event (fields, not objects: nothing is allocated).
    private boolean errorMember;
    private boolean choicesArray;
    private boolean hasChoices;
    private boolean chunkHasUsage;
    private int chunkPrompt;
    private int chunkCompletion;
    private int chunkReasoning;
    private String text;
    private StringBuilder joined;
    private String reasoningText;
    private StringBuilder reasoningJoined;

    /**
     * A reader for one response.
     *
     * @param endpoint which API answered (chat or completions)
     * @param requireDone whether a stream must end with {@code [DONE]} to count as complete
     */
    public OpenAiStreamDialect(Endpoint endpoint, boolean requireDone) {
        this(endpoint, requireDone, false);
    }

    /**
     * A reader for one response to a request that may have offered tools.
     *
     * @param endpoint which API answered (chat or completions)
     * @param requireDone whether a stream must end with {@code [DONE]} to count as complete
     * @param toolsOffered whether the request offered tools: its {@link ToolCalls} are then reported even when
     *     empty (an answer in text)
     */
    public OpenAiStreamDialect(Endpoint endpoint, boolean requireDone, boolean toolsOffered) {
        this.endpoint = endpoint;
        this.requireDone = requireDone;
        this.toolsOffered = toolsOffered;
    }

    /** The tool calls assembled so far, when the request offered tools or the response made calls. */
    @Override
    public List<Object> extras() {
        return toolsOffered || toolCalls.any() ? List.of(toolCalls.result()) : List.of();
    }

    @Override
    public void event(long nanoTime, String eventType, byte[] data, int offset, int length, Emitter out) {
        int s = offset;
        int e = offset + length;
        while (s < e && isSpace(data[s])) s++;
        while (e > s && isSpace(data[e - 1])) e--;
        if (s == e) return;
        events++;
        if ("error".equals(eventType)) {
            // llama.cpp (2025 builds) writes a failure as its own SSE field, "error: {json}", then [DONE]
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT,
                    "server error event in stream: " + errorEventText(new String(data, s, e - s, StandardCharsets.UTF_8))));
            return;
        }
        if (isDone(data, s, e)) {
            if (chunkEvents == 0) throw new MalformedResponseException(noChunkMessage("[DONE]"));
            out.complete(nanoTime, usage());
            return;
        }
        readChunk(data, s, e - s);
        if (errorMember) {
            json.abandon();
            JsonNode n = Json.parse(new String(data, s, e - s, StandardCharsets.UTF_8));
            if (!n.isObject()) throw new MalformedResponseException("event is not a JSON object: " + abbreviate(n.toString()));
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server error event in stream: " + errorText(n)));
            return;
        }
        if (choicesArray || chunkHasUsage) {
            chunkEvents++;
        } else if (firstOtherEvent == null) {
            firstOtherEvent = excerpt(new String(data, s, e - s, StandardCharsets.UTF_8));
        }
        String t = joined != null ? joined.toString() : text;
        String r = reasoningJoined != null ? reasoningJoined.toString() : reasoningText;
        boolean answer = t != null && !t.isEmpty();
        boolean reasoning = r != null && !r.isEmpty();
        int count = 0;
        if (answer || reasoning) {
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
            if (chunkReasoning != Usage.UNKNOWN) reasoningTokens = chunkReasoning;
        }
        if (!hasChoices) return;
        if (reasoning) {
            // A chunk holding both kinds crossed the end of the thinking: at least one token of each.
            int reasoningCount = answer ? 1 : count;
            out.reasoningTokens(nanoTime, reasoningCount, r);
            if (answer) out.tokens(nanoTime, Math.max(1, count - 1), t);
            return;
        }
        out.tokens(nanoTime, count, t == null ? "" : t);
    }

    /** What to say when a stream held no event of a chunk's shape before {@code what}. */
    private String noChunkMessage(String what) {
        String expected = "expected OpenAI " + (endpoint == Endpoint.CHAT ? "chat.completion.chunk" : "text_completion")
                + " events, each with a 'choices' array (or a 'usage' or 'error' object)";
        if (firstOtherEvent == null) return "stream reached " + what + " without any event: " + expected;
        return "stream reached " + what + " after " + (events - (what.equals("[DONE]") ? 1 : 0))
                + " events of which none had a 'choices' array, 'usage' or 'error': " + expected + "; first event: " + firstOtherEvent;
    }

    @Override
    public OutputKinds outputKinds() {
        return kinds;
    }

    /** Reads the fields of one chunk that matter, skipping everything else. */
    private void readChunk(byte[] data, int offset, int length) {
        errorMember = false;
        choicesArray = false;
        hasChoices = false;
        chunkHasUsage = false;
        chunkPrompt = Usage.UNKNOWN;
        chunkCompletion = Usage.UNKNOWN;
        chunkReasoning = Usage.UNKNOWN;
        text = null;
        joined = null;
        reasoningText = null;
        reasoningJoined = null;
        JsonParser p = json.open(data, offset, length);
        while (json.next() == JsonToken.FIELD_NAME) {
            String name = json.name();
            JsonToken t = json.next();
            switch (name) {
                case "choices" -> {
                    if (t == JsonToken.START_ARRAY) {
                        choicesArray = true;
                        readChoices(p);
                    } else if (t != JsonToken.VALUE_NULL) {
                        json.abandon();
                        throw new MalformedResponseException("'choices' is " + describe(t) + " where an array was expected: "
                                + json.excerpt());
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
            if (t != JsonToken.START_OBJECT) {
                json.abandon();
                throw new MalformedResponseException("an element of 'choices' is " + describe(t) + " where an object was expected: "
                        + json.excerpt());
            }
            readChoice(p);
        }
    }

    private void readChoice(JsonParser p) {
        String choiceText = null;
        String reasoningContent = null;
        String reasoning = null;
        String content = null;
        StringBuilder tools = null;
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
                            case "tool_calls" -> tools = readToolCalls(p, tools);
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
            add(choiceText, OutputKinds.Kind.CONTENT);
            return;
        }
        // Reasoning models stream their thinking in a separate field; it is generated output too,
        // and so are tool calls (their names and argument fragments).
        addReasoning(reasoningContent);
        addReasoning(reasoning);
        add(content, OutputKinds.Kind.CONTENT);
        if (tools != null) add(tools.toString(), OutputKinds.Kind.TOOL_CALLS);
    }

    /**
     * Reads a delta's {@code tool_calls} array ({@code [{index, id, type, function: {name, arguments}}]}),
     * appending each call's name (when present) and then its arguments fragment to {@code into},
     * whatever order the server wrote them in.
     */
    private StringBuilder readToolCalls(JsonParser p, StringBuilder into) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            json.skip();
            return into;
        }
        StringBuilder b = into == null ? new StringBuilder(32) : into;
        JsonToken t;
        int position = 0;
        while ((t = json.next()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                json.skip();
                continue;
            }
            int index = position++; // a server that sends no index lists one piece per call
            String id = null;
            String name = null;
            String arguments = null;
            while (json.next() == JsonToken.FIELD_NAME) {
                String field = json.name();
                JsonToken v = json.next();
                if (field.equals("index")) {
                    int i = EventJson.count(p);
                    if (i >= 0) index = i;
                    continue;
                }
                if (field.equals("id")) {
                    id = EventJson.string(p);
                    continue;
                }
                if (!field.equals("function") || v != JsonToken.START_OBJECT) {
                    json.skip();
                    continue;
                }
                while (json.next() == JsonToken.FIELD_NAME) {
                    String f = json.name();
                    json.next();
                    switch (f) {
                        case "name" -> name = EventJson.string(p);
                        case "arguments" -> arguments = EventJson.string(p);
                        default -> json.skip();
                    }
                }
            }
            if (name != null) b.append(name);
            if (arguments != null) b.append(arguments);
            toolCalls.piece(index, id, name, arguments);
        }
        return b;
    }

    private void readUsage(JsonParser p) {
        int prompt = Usage.UNKNOWN;
        int completion = Usage.UNKNOWN;
        int reasoning = Usage.UNKNOWN;
        while (json.next() == JsonToken.FIELD_NAME) {
            String name = json.name();
            JsonToken t = json.next();
            switch (name) {
                case "prompt_tokens" -> prompt = EventJson.count(p);
                case "completion_tokens" -> completion = EventJson.count(p);
                case "completion_tokens_details" -> {
                    if (t == JsonToken.START_OBJECT) {
                        reasoning = readReasoningTokens(p);
                    } else {
                        json.skip();
                    }
                }
                default -> json.skip();
            }
        }
        if (prompt == Usage.UNKNOWN && completion == Usage.UNKNOWN) return;
        chunkHasUsage = true;
        chunkPrompt = prompt;
        chunkCompletion = completion;
        chunkReasoning = reasoning;
    }

    /** {@code completion_tokens_details.reasoning_tokens} (OpenAI, DeepSeek, and servers that copy them), or unknown. */
    private int readReasoningTokens(JsonParser p) {
        int reasoning = Usage.UNKNOWN;
        while (json.next() == JsonToken.FIELD_NAME) {
            String name = json.name();
            json.next();
            if (name.equals("reasoning_tokens")) {
                reasoning = EventJson.count(p);
            } else {
                json.skip();
            }
        }
        return reasoning;
    }

    /** Appends a piece of reasoning text; kept apart from the answer's text. */
    private void addReasoning(String piece) {
        if (piece == null) return;
        if (!piece.isEmpty()) kinds = kinds.with(OutputKinds.Kind.REASONING);
        if (reasoningText == null) {
            reasoningText = piece;
            return;
        }
        if (reasoningJoined == null) reasoningJoined = new StringBuilder(reasoningText);
        reasoningJoined.append(piece);
    }

    /** Appends a piece of text; one piece (the usual case) is kept as it is, without copying. */
    private void add(String piece, OutputKinds.Kind kind) {
        if (piece == null) return;
        if (!piece.isEmpty()) kinds = kinds.with(kind);
        if (text == null) {
            text = piece;
            return;
        }
        if (joined == null) joined = new StringBuilder(text);
        joined.append(piece);
    }

    private Usage usage() {
        return new Usage(promptTokens, completionTokens, reasoningTokens);
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
        StringBuilder reasoning = new StringBuilder();
        for (JsonNode c : choices) appendText(c, text, reasoning);
        Usage u = Json.usage(n.get("usage"));
        // no token's own time is known: both parts pass with a count of 0, the reasoning first
        if (reasoning.length() > 0) out.reasoningTokens(nanoTime, 0, reasoning.toString());
        out.tokens(nanoTime, 0, text.toString());
        out.complete(nanoTime, u == null ? Usage.unknown() : u);
    }

    @Override
    public void end(long nanoTime, Emitter out) {
        if (out.finished()) return;
        if (chunkEvents == 0 && events > 0) throw new MalformedResponseException(noChunkMessage("its end"));
        if (!requireDone && finishSeen) {
            out.complete(nanoTime, usage());
            return;
        }
        out.error(nanoTime, BackendError.of(ErrorKind.STREAM_TRUNCATED,
                "stream ended without [DONE] after " + events + " events"
                        + (finishSeen ? " (a finish_reason had arrived; config require-done=false accepts that)" : "")));
    }

    private void appendText(JsonNode choice, StringBuilder out, StringBuilder reasoningOut) {
        if (endpoint == Endpoint.COMPLETIONS) {
            String t = Json.text(choice, "text");
            appendPiece(out, t, OutputKinds.Kind.CONTENT);
            // Some servers answer /v1/completions in chat shape; accept it rather than lose tokens.
            if (t != null) return;
        }
        JsonNode m = choice.get("message");
        if (m == null || !m.isObject()) {
            appendPiece(out, Json.text(choice, "text"), OutputKinds.Kind.CONTENT);
            return;
        }
        // Reasoning models put their thinking in a separate field; it is generated output too.
        appendPiece(reasoningOut, Json.text(m, "reasoning_content"), OutputKinds.Kind.REASONING);
        appendPiece(reasoningOut, Json.text(m, "reasoning"), OutputKinds.Kind.REASONING);
        appendPiece(out, Json.text(m, "content"), OutputKinds.Kind.CONTENT);
        JsonNode calls = m.get("tool_calls");
        if (calls != null && calls.isArray()) {
            int position = 0;
            for (JsonNode call : calls) {
                JsonNode f = call.get("function");
                int index = call.path("index").canConvertToInt() && call.path("index").asInt() >= 0 ? call.get("index").asInt() : position;
                position++;
                if (f == null || !f.isObject()) continue;
                appendPiece(out, Json.text(f, "name"), OutputKinds.Kind.TOOL_CALLS);
                appendPiece(out, Json.text(f, "arguments"), OutputKinds.Kind.TOOL_CALLS);
                toolCalls.piece(index, Json.text(call, "id"), Json.text(f, "name"), Json.text(f, "arguments"));
            }
        }
    }

    private void appendPiece(StringBuilder out, String piece, OutputKinds.Kind kind) {
        if (piece == null) return;
        out.append(piece);
        if (!piece.isEmpty()) kinds = kinds.with(kind);
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

    /** The text of an {@code error:} field: the message of its JSON when it is JSON, else the text itself. */
    private static String errorEventText(String value) {
        if (value.startsWith("{")) {
            try {
                JsonNode n = Json.MAPPER.readTree(value);
                if (n != null && n.isObject()) return errorText(n);
            } catch (IOException | RuntimeException notJson) {
                // fall through to the raw text
            }
        }
        return excerpt(value);
    }

    private static String describe(JsonToken t) {
        return switch (t) {
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            default -> "null";
        };
    }

    private static String excerpt(String s) {
        String t = s.strip().replaceAll("\\s+", " ");
        return "'" + (t.length() > 120 ? t.substring(0, 120) + "…" : t) + "'";
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
