package io.benchsuite.sim.server;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.sim.ShapedText;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer to a chat request that offers tools or asks for a response format: the engine decides how
 * many tokens and when (as for any request), this decides what they say.
 * <ul>
 *   <li>With tools (and {@code tool_choice} other than {@code none}) the answer is one tool call, in
 *       vLLM's streamed shape: the first token's chunk carries the call's {@code index}, {@code id},
 *       {@code type} and {@code function.name}, every later token's chunk one fragment of
 *       {@code function.arguments}; the last chunk has {@code finish_reason: "tool_calls"}. The function is
 *       the forced one, else the first offered whose name the last user message mentions, else one drawn
 *       from the request's seed; the arguments are drawn valid against its schema (see {@link ShapedText}).</li>
 *   <li>With a {@code json_schema} response format (and no call) the text is a JSON value drawn valid against
 *       the schema; {@code json_object} gets an object.</li>
 * </ul>
 * The text is cut into as many pieces as the request's {@code max_tokens}, padded with trailing spaces
 * (white space JSON allows) when shorter, so that every token carries output; pieces left when the engine
 * ended early (the reasoning took tokens) go out in one last chunk. A whole (non-streamed) response
 * holds the call in {@code message.tool_calls}, or the text in {@code message.content}. What the answer says
 * is {@link ShapedText}'s, the in-process simulator's too; this class writes it in the wire's shape.
 */
final class ShapedAnswer {
    private static final JsonStringEncoder ESCAPE = JsonStringEncoder.getInstance();

    private final ShapedText shaped;

    private ShapedAnswer(ShapedText shaped) {
        this.shaped = shaped;
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
        List<ShapedText.Tool> offered = new ArrayList<>();
        if (tools != null && tools.isArray()) {
            for (JsonNode t : tools) {
                JsonNode fn = t.has("function") ? t.get("function") : t;
                JsonNode parameters = fn.get("parameters");
                offered.add(new ShapedText.Tool(fn.path("name").asText(), parameters == null ? null : parameters.toString()));
            }
        }
        String formatType = format != null && format.isObject() ? format.path("type").asText("") : "";
        JsonNode choiceNode = root.get("tool_choice");
        String choice = choiceNode == null || choiceNode.isNull() ? "auto" : choiceNode.isTextual() ? choiceNode.asText()
                : "function:" + choiceNode.path("function").path("name").asText();
        JsonNode schema = formatType.equals("json_schema") ? format.path("json_schema").get("schema") : null;
        ShapedText text = ShapedText.of(offered, choice, formatType, schema == null ? null : schema.toString(), lastUser, seed,
                maxTokens);
        return text == null ? null : new ShapedAnswer(text);
    }

    /** Whether the answer's tokens are shaped (a call or a JSON text); false when only the request is logged. */
    boolean shapes() {
        return shaped.shapes();
    }

    /** What the request carried and what the server answered, for the request log. */
    String logLine(long number) {
        String function = shaped.function();
        return "{\"n\":" + number + ",\"toolsReceived\":" + shaped.toolsReceived() + ",\"toolChoice\":\""
                + escaped(shaped.toolChoice()) + "\",\"responseSchema\":" + shaped.schema() + (function == null ? ""
                : ",\"toolCalled\":\"" + escaped(function) + "\",\"toolArguments\":\"" + escaped(shaped.text()) + "\"") + "}\n";
    }

    /** The chunk of the {@code n}-th answer token (1-based). */
    byte[] chunk(ChunkTemplate template, int n, boolean last) {
        String function = shaped.function();
        if (function == null) return template.token(shaped.piece(n), last, false);
        String delta = n == 1
                ? "{\"tool_calls\":[{\"index\":0,\"id\":\"" + shaped.callId() + "\",\"type\":\"function\",\"function\":{\"name\":\""
                + escaped(function) + "\"" + (last ? ",\"arguments\":\"" + escaped(shaped.rest()) + "\"" : "") + "}}]}"
                : "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"" + escaped(shaped.piece(n - 1)) + "\"}}]}";
        return template.delta(delta, last ? "tool_calls" : null);
    }

    /** The rest of the text when the engine ended before every piece went out, else null. */
    byte[] remainder(ChunkTemplate template) {
        if (!shaped.unsent()) return null;
        String rest = shaped.rest();
        if (shaped.function() == null) return template.token(rest, true, false);
        return template.delta("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"" + escaped(rest) + "\"}}]}", "tool_calls");
    }

    /** Fills a whole response's message (and the choice's finish reason). */
    void fill(ObjectNode message, ObjectNode choice) {
        if (shaped.function() == null) {
            message.put("content", shaped.text());
            return;
        }
        message.putNull("content");
        ObjectNode call = message.putArray("tool_calls").addObject();
        call.put("id", shaped.callId());
        call.put("type", "function");
        call.putObject("function").put("name", shaped.function()).put("arguments", shaped.text());
        choice.put("finish_reason", "tool_calls");
    }

    private static String escaped(String s) {
        return new String(ESCAPE.quoteAsString(s));
    }
}
