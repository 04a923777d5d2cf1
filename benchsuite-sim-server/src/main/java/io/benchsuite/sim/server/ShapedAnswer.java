package io.benchsuite.sim.server;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.sim.Seeds;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The answer to a chat request that offers tools or asks for a response format: the engine decides how
 * many tokens and when (as for any request), this decides what they say.
 * <ul>
 *   <li>With tools (and {@code tool_choice} other than {@code none}) the answer is one tool call, in
 *       vLLM's streamed shape: the first token's chunk carries the call's {@code index}, {@code id},
 *       {@code type} and {@code function.name}, every later token's chunk one fragment of
 *       {@code function.arguments}; the last chunk has {@code finish_reason: "tool_calls"}. The function is
 *       the forced one, else the first offered whose name the last user message mentions, else one drawn
 *       from the request's seed; the arguments are drawn valid against its schema ({@link SchemaSample}).</li>
 *   <li>With a {@code json_schema} response format (and no call) the text is a JSON value drawn valid against
 *       the schema; {@code json_object} gets an object.</li>
 * </ul>
 * The text is cut into as many pieces as the request's {@code max_tokens}, padded with trailing spaces
 * (white space JSON allows) when shorter, so that every token carries output; pieces left when the engine
 * ended early (a reasoning phase took tokens) go out in one last chunk. A whole (non-streamed) response
 * holds the call in {@code message.tool_calls}, or the text in {@code message.content}.
 */
final class ShapedAnswer {
    private static final JsonStringEncoder ESCAPE = JsonStringEncoder.getInstance();

    private final int toolsReceived;
    private final String toolChoice;
    private final boolean schema;
    /** The function called, or null for a text answer. */
    private final String function;
    private final String callId;
    private final String text;
    private final int pieces;
    private int sent;

    private ShapedAnswer(int toolsReceived, String toolChoice, boolean schema, String function, String callId, String text, int pieces) {
        this.toolsReceived = toolsReceived;
        this.toolChoice = toolChoice;
        this.schema = schema;
        this.function = function;
        this.callId = callId;
        this.text = text;
        this.pieces = pieces;
    }

    /**
     * The shaped answer of a chat request, or {@code null} when it offers no tools and asks no format.
     *
     * @param root the request body
     * @param lastUser the last user message's text
     * @param seed the request's seed
     * @param maxTokens its {@code max_tokens}
     */
    static ShapedAnswer of(JsonNode root, String lastUser, long seed, int maxTokens) {
        JsonNode tools = root.get("tools");
        JsonNode format = root.get("response_format");
        boolean hasTools = tools != null && tools.isArray() && !tools.isEmpty();
        String formatType = format != null && format.isObject() ? format.path("type").asText("") : "";
        if (!hasTools && formatType.isEmpty()) return null;
        JsonNode choiceNode = root.get("tool_choice");
        String choice = choiceNode == null || choiceNode.isNull() ? "auto" : choiceNode.isTextual() ? choiceNode.asText()
                : "function:" + choiceNode.path("function").path("name").asText();
        SplittableRandom random = new SplittableRandom(Seeds.mix(seed ^ 0x7001_5EEDL));
        boolean jsonSchema = formatType.equals("json_schema");
        if (hasTools && !choice.equals("none")) {
            JsonNode fn = pick(tools, choice, lastUser, random);
            String name = fn.path("name").asText();
            String args = SchemaSample.value(fn.get("parameters"), random).toString();
            String id = "chatcmpl-tool-" + Long.toHexString(random.nextLong() & Long.MAX_VALUE);
            return new ShapedAnswer(tools.size(), choice, jsonSchema, name, id, args, Math.max(1, maxTokens - 1));
        }
        String content = jsonSchema ? SchemaSample.value(format.path("json_schema").get("schema"), random).toString()
                : formatType.equals("json_object") ? "{\"answer\": \"" + lastUser.length() + "\"}" : null;
        if (content == null) return new ShapedAnswer(hasTools ? tools.size() : 0, choice, false, null, null, null, 0);
        return new ShapedAnswer(hasTools ? tools.size() : 0, choice, jsonSchema, null, null, content, Math.max(1, maxTokens));
    }

    private static JsonNode pick(JsonNode tools, String choice, String lastUser, SplittableRandom random) {
        String lower = lastUser.toLowerCase(Locale.ROOT);
        JsonNode mentioned = null;
        for (JsonNode t : tools) {
            JsonNode fn = t.has("function") ? t.get("function") : t;
            String name = fn.path("name").asText();
            if (choice.equals("function:" + name)) return fn;
            if (mentioned == null && !name.isEmpty() && lower.contains(name.toLowerCase(Locale.ROOT))) mentioned = fn;
        }
        if (mentioned != null) return mentioned;
        JsonNode t = tools.get(random.nextInt(tools.size()));
        return t.has("function") ? t.get("function") : t;
    }

    /** Whether the answer's tokens are shaped (a call or a JSON text); false when only the request is logged. */
    boolean shapes() {
        return text != null;
    }

    /** What the request carried and what the server answered, for the request log. */
    String logLine(long number) {
        return "{\"n\":" + number + ",\"toolsReceived\":" + toolsReceived + ",\"toolChoice\":\"" + new String(ESCAPE.quoteAsString(toolChoice))
                + "\",\"responseSchema\":" + schema + (function == null ? "" : ",\"toolCalled\":\"" + new String(ESCAPE.quoteAsString(function))
                + "\",\"toolArguments\":\"" + new String(ESCAPE.quoteAsString(text)) + "\"") + "}\n";
    }

    /** The chunk of the {@code n}-th answer token (1-based). */
    byte[] chunk(ChunkTemplate template, int n, boolean last) {
        if (function == null) return template.token(piece(n), last, false);
        String delta = n == 1
                ? "{\"tool_calls\":[{\"index\":0,\"id\":\"" + callId + "\",\"type\":\"function\",\"function\":{\"name\":\""
                + new String(ESCAPE.quoteAsString(function)) + "\"" + (last ? ",\"arguments\":\"" + escaped(rest()) + "\"" : "") + "}}]}"
                : "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"" + escaped(piece(n - 1)) + "\"}}]}";
        return template.delta(delta, last ? "tool_calls" : null);
    }

    /** The rest of the text when the engine ended before every piece went out, else null. */
    byte[] remainder(ChunkTemplate template) {
        if (text == null || sent >= padded().length()) return null;
        String rest = rest();
        if (function == null) return template.token(rest, true, false);
        return template.delta("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"" + escaped(rest) + "\"}}]}", "tool_calls");
    }

    /** Fills a whole response's message (and the choice's finish reason). */
    void fill(ObjectNode message, ObjectNode choice) {
        if (function == null) {
            message.put("content", text);
            return;
        }
        message.putNull("content");
        ObjectNode call = message.putArray("tool_calls").addObject();
        call.put("id", callId);
        call.put("type", "function");
        call.putObject("function").put("name", function).put("arguments", text);
        choice.put("finish_reason", "tool_calls");
    }

    /** Piece {@code k} (1-based) of the padded text. */
    private String piece(int k) {
        String t = padded();
        int from = (int) ((long) (k - 1) * t.length() / pieces);
        int to = k >= pieces ? t.length() : (int) ((long) k * t.length() / pieces);
        if (from >= t.length()) return "";
        sent = Math.max(sent, to);
        return t.substring(from, to);
    }

    private String rest() {
        String t = padded();
        String r = t.substring(Math.min(sent, t.length()));
        sent = t.length();
        return r;
    }

    private String padded() {
        return text.length() >= pieces ? text : text + " ".repeat(pieces - text.length());
    }

    private static String escaped(String s) {
        return new String(ESCAPE.quoteAsString(s));
    }
}
