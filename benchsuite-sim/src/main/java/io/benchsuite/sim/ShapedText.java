package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.tools.ResponseFormat;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What the simulated model says to a request that offers tools or asks for a response format: the engine
 * decides how many tokens and when (as for any request), this decides what they say. One answer serves
 * both the in-process backend and {@code serve-sim}, so the same request gets the same call either way.
 * <ul>
 *   <li>With tools (and a tool choice other than {@code none}) the answer is one tool call. The function
 *       is the forced one ({@code function:NAME}), else the first offered whose name the last message
 *       mentions, else one drawn from the request's seed; the arguments are drawn valid against its
 *       parameter schema. Its text (the arguments) is cut into {@code maxTokens - 1} pieces: the first
 *       token carries the name, each later one a piece.</li>
 *   <li>With a {@code json_schema} response format (and no call) the text is a JSON value drawn valid
 *       against the schema, cut into {@code maxTokens} pieces; {@code json_object} gets an object.</li>
 * </ul>
 * A text shorter than its pieces is padded with trailing spaces (white space JSON allows), so every token
 * carries output. Pieces left when the engine ended early (the reasoning took tokens) are the
 * {@link #rest()}. One object per request; not thread-safe (a request's tokens come one at a time).
 */
public final class ShapedText {
    /**
     * One function offered.
     *
     * @param name the function's name
     * @param parameters its parameter schema as JSON text, or {@code null} for none
     */
    public record Tool(String name, String parameters) {
        /**
         * Checks the name is present.
         *
         * @param name the function's name
         * @param parameters its parameter schema as JSON text, or {@code null}
         */
        public Tool {
            notNull(name, "name");
        }
    }

    private final int toolsReceived;
    private final String toolChoice;
    private final boolean schema;
    private final String function;
    private final String callId;
    private final String text;
    private final int pieces;
    private int sent;

    private ShapedText(int toolsReceived, String toolChoice, boolean schema, String function, String callId, String text,
                       int pieces) {
        this.toolsReceived = toolsReceived;
        this.toolChoice = toolChoice;
        this.schema = schema;
        this.function = function;
        this.callId = callId;
        this.text = text;
        this.pieces = pieces;
    }

    /**
     * The answer of a request, or {@code null} when it offers no tools and asks for no format.
     *
     * @param tools the functions offered, possibly none
     * @param choice {@code auto}, {@code none}, {@code required} or {@code function:NAME}
     * @param formatType the response format's type ({@code json_schema}, {@code json_object}), or empty for none
     * @param formatSchema a {@code json_schema} format's schema as JSON text, or {@code null}
     * @param lastMessage the text of the request's last message
     * @param seed the request's seed (as sent to a server: {@code seed} of the body)
     * @param maxTokens the request's output length
     * @return the answer, or null
     */
    public static ShapedText of(List<Tool> tools, String choice, String formatType, String formatSchema, String lastMessage,
                                long seed, int maxTokens) {
        boolean hasTools = !tools.isEmpty();
        if (!hasTools && formatType.isEmpty()) return null;
        SplittableRandom random = new SplittableRandom(Seeds.mix(seed ^ 0x7001_5EEDL));
        boolean jsonSchema = formatType.equals("json_schema");
        if (hasTools && !choice.equals("none")) {
            Tool fn = pick(tools, choice, lastMessage, random);
            String args = SimJson.write(SchemaSample.value(schemaTree(fn.parameters()), random));
            String id = "chatcmpl-tool-" + Long.toHexString(random.nextLong() & Long.MAX_VALUE);
            return new ShapedText(tools.size(), choice, jsonSchema, fn.name(), id, args, Math.max(1, maxTokens - 1));
        }
        String content = jsonSchema ? SimJson.write(SchemaSample.value(schemaTree(formatSchema), random))
                : formatType.equals("json_object") ? "{\"answer\": \"" + lastMessage.length() + "\"}" : null;
        if (content == null) return new ShapedText(tools.size(), choice, false, null, null, null, 0);
        return new ShapedText(tools.size(), choice, jsonSchema, null, null, content, Math.max(1, maxTokens));
    }

    /**
     * The answer of an in-process request: its {@link ToolSpec} and {@link ResponseFormat} extras, its seed as an
     * HTTP backend sends it ({@code seed & 0x7FFFFFFF}), so that it equals what {@code serve-sim} answers the same
     * request; {@code null} when it carries neither.
     *
     * @param request the request
     * @return the answer, or null
     */
    public static ShapedText of(InferenceRequest request) {
        ToolSpec spec = request.extras().get(ToolSpec.class).orElse(null);
        ResponseFormat format = request.extras().get(ResponseFormat.class).orElse(null);
        if (spec == null && format == null) return null;
        List<Tool> tools = new ArrayList<>();
        if (spec != null) for (ToolDefinition t : spec.tools()) tools.add(new Tool(t.name(), t.parameters()));
        String last = request.messages().get(request.messages().size() - 1).content();
        return of(tools, spec == null ? "auto" : spec.choice(), format == null ? "" : "json_schema",
                format == null ? null : format.schema(), last, request.seed() & 0x7FFF_FFFFL, request.maxTokens());
    }

    private static Object schemaTree(String text) {
        if (text == null || text.isBlank()) return null;
        try {
            return SimJson.parse(text);
        } catch (IllegalArgumentException e) {
            return null; // a schema that is not JSON constrains nothing: words are drawn
        }
    }

    private static Tool pick(List<Tool> tools, String choice, String lastMessage, SplittableRandom random) {
        String lower = lastMessage.toLowerCase(Locale.ROOT);
        Tool mentioned = null;
        for (Tool t : tools) {
            if (choice.equals("function:" + t.name())) return t;
            if (mentioned == null && !t.name().isEmpty() && lower.contains(t.name().toLowerCase(Locale.ROOT))) mentioned = t;
        }
        return mentioned != null ? mentioned : tools.get(random.nextInt(tools.size()));
    }

    /**
     * Whether the answer's tokens are shaped (a call or a JSON text); false when the request is only logged
     * (tool choice {@code none} without a format).
     *
     * @return whether there is a text
     */
    public boolean shapes() {
        return text != null;
    }

    /**
     * The number of tools the request offered.
     *
     * @return the count
     */
    public int toolsReceived() {
        return toolsReceived;
    }

    /**
     * The request's tool choice.
     *
     * @return {@code auto}, {@code none}, {@code required} or {@code function:NAME}
     */
    public String toolChoice() {
        return toolChoice;
    }

    /**
     * Whether the request asked for a {@code json_schema} response format.
     *
     * @return whether it did
     */
    public boolean schema() {
        return schema;
    }

    /**
     * The function called, or {@code null} for a text answer.
     *
     * @return the name, or null
     */
    public String function() {
        return function;
    }

    /**
     * The call's id, or {@code null} for a text answer.
     *
     * @return the id, or null
     */
    public String callId() {
        return callId;
    }

    /**
     * The whole text: the call's arguments, or the JSON answer; {@code null} when nothing is shaped.
     *
     * @return the text, or null
     */
    public String text() {
        return text;
    }

    /**
     * Piece {@code k} (1-based) of the padded text, remembered as sent.
     *
     * @param k the piece's number, from 1
     * @return the piece, empty past the end
     */
    public String piece(int k) {
        String t = padded();
        int from = (int) ((long) (k - 1) * t.length() / pieces);
        int to = k >= pieces ? t.length() : (int) ((long) k * t.length() / pieces);
        if (from >= t.length()) return "";
        sent = Math.max(sent, to);
        return t.substring(from, to);
    }

    /**
     * What of the padded text was not sent yet, now marked sent; empty when all was.
     *
     * @return the rest
     */
    public String rest() {
        if (text == null) return "";
        String t = padded();
        String r = t.substring(Math.min(sent, t.length()));
        sent = t.length();
        return r;
    }

    /**
     * Whether part of the text is still to be sent.
     *
     * @return whether {@link #rest()} is not empty
     */
    public boolean unsent() {
        return text != null && sent < padded().length();
    }

    /**
     * The text with the padding the pieces add (what the tokens carry in all).
     *
     * @return the padded text
     */
    public String padded() {
        return text.length() >= pieces ? text : text + " ".repeat(pieces - text.length());
    }
}
