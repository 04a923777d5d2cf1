package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.ChatMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads and validates a generation request's body as the server it imitates would (OpenAI chat and
 * completions, TGI's generate): the messages or prompt, lengths, sampling fields, the model asked for, and
 * what shapes the answer (tools, a response format) or adds to the prompt (images, audio). A body a real server
 * refuses is refused here with its status and message ({@link BadRequest}).
 */
final class GenerationRequests {

    /** The three request formats served. */
    enum Api { CHAT, COMPLETION, TGI }

    private final ObjectMapper json = new ObjectMapper();
    private final String servedName;
    private final int defaultMaxTokens;
    private final Predicate<String> servesModel;

    /**
     * @param servedName the model name answered when a request names none
     * @param defaultMaxTokens the output length of a request that gives none
     * @param servesModel whether a model name a request asks for is served (else 404)
     */
    GenerationRequests(String servedName, int defaultMaxTokens, Predicate<String> servesModel) {
        this.servedName = servedName;
        this.defaultMaxTokens = defaultMaxTokens;
        this.servesModel = servesModel;
    }

    /** A generation request after validation. */
    record Parsed(String model, List<ChatMessage> messages, int maxTokens, boolean stream, boolean includeUsage,
                          boolean ignoreEos, double temperature, long seed, ShapedAnswer shaped, ImageParts images, AudioParts audio) {
    }

    /** A client error, answered with 400 (OpenAI) or 422 (TGI); 404 for an unknown model. */
    static final class BadRequest extends Exception {
        final int status;
        final String param;

        BadRequest(int status, String message, String param) {
            super(message, null, false, false);
            this.status = status;
            this.param = param;
        }
    }

    Parsed parse(byte[] body, Api api, long number) throws BadRequest {
        JsonNode root;
        try {
            root = json.readTree(body);
        } catch (IOException e) {
            throw new BadRequest(api == Api.TGI ? 422 : 400, "request body is not valid JSON: " + firstLine(e.getMessage()), null);
        }
        if (root == null || !root.isObject()) throw new BadRequest(api == Api.TGI ? 422 : 400, "request body must be a JSON object", null);
        if (api == Api.TGI) return parseTgi(root, number);
        JsonNode model = root.get("model");
        if (model != null && !model.isNull()) {
            if (!model.isTextual()) throw new BadRequest(400, "'model' must be a string", "model");
            if (!servesModel.test(model.asText())) {
                throw new BadRequest(404, "The model `" + model.asText() + "` does not exist.", "model");
            }
        }
        List<ChatMessage> messages = new ArrayList<>();
        if (api == Api.CHAT) {
            JsonNode ms = root.get("messages");
            if (ms == null || !ms.isArray() || ms.isEmpty()) throw new BadRequest(400, "'messages' must be a non-empty array", "messages");
            for (JsonNode m : ms) {
                JsonNode role = m.get("role");
                if (role == null || !role.isTextual()) throw new BadRequest(400, "each message needs a string 'role'", "messages");
                messages.add(new ChatMessage(role.asText(), content(m.get("content"))));
            }
        } else {
            JsonNode prompt = root.get("prompt");
            if (prompt != null && prompt.isArray() && prompt.size() == 1) prompt = prompt.get(0);
            if (prompt == null || !prompt.isTextual()) {
                throw new BadRequest(400, "'prompt' must be a string (or an array of one string)", "prompt");
            }
            messages.add(ChatMessage.user(prompt.asText()));
        }
        JsonNode n = root.get("n");
        if (n != null && !n.isNull() && n.asInt(1) != 1) throw new BadRequest(400, "the simulator supports only n = 1", "n");
        int maxTokens = optionalInt(root, "max_completion_tokens", optionalInt(root, "max_tokens", defaultMaxTokens));
        if (maxTokens < 1) throw new BadRequest(400, "max_tokens must be at least 1, got " + maxTokens, "max_tokens");
        int minTokens = optionalInt(root, "min_tokens", 0);
        if (minTokens < 0 || minTokens > maxTokens) {
            throw new BadRequest(400, "min_tokens must be in 0..max_tokens (" + maxTokens + "), got " + minTokens, "min_tokens");
        }
        boolean stream = optionalBool(root, "stream", false);
        JsonNode options = root.get("stream_options");
        boolean includeUsage = options != null && options.isObject() && optionalBool(options, "include_usage", false);
        long seed = optionalLong(root, "seed", number); // tools and response formats shape the answer's text
        return new Parsed(model == null || model.isNull() ? servedName : model.asText(), messages, maxTokens, stream, includeUsage,
                optionalBool(root, "ignore_eos", false), optionalDouble(root, "temperature", 1.0), seed,
                api == Api.CHAT ? ShapedAnswer.of(root, messages.get(messages.size() - 1).content(), seed, maxTokens) : null,
                api == Api.CHAT ? ImageParts.read(root.get("messages")) : ImageParts.NONE,
                api == Api.CHAT ? AudioParts.read(root.get("messages")) : AudioParts.NONE);
    }

    private Parsed parseTgi(JsonNode root, long number) throws BadRequest {
        JsonNode inputs = root.get("inputs");
        if (inputs == null || !inputs.isTextual()) throw new BadRequest(422, "'inputs' must be a string", "inputs");
        JsonNode params = root.get("parameters");
        if (params != null && !params.isNull() && !params.isObject()) throw new BadRequest(422, "'parameters' must be an object", "parameters");
        JsonNode ps = params == null || params.isNull() ? json.createObjectNode() : params;
        int maxNew = optionalInt(ps, "max_new_tokens", defaultMaxTokens);
        if (maxNew < 1) throw new BadRequest(422, "`max_new_tokens` must be strictly positive", "max_new_tokens");
        return new Parsed(servedName, List.of(ChatMessage.user(inputs.asText())), maxNew, true, false, false,
                optionalDouble(ps, "temperature", 1.0), optionalLong(ps, "seed", number), null, ImageParts.NONE,
                AudioParts.NONE);
    }


    private static String content(JsonNode c) throws BadRequest {
        if (c == null || c.isNull()) return "";
        if (c.isTextual()) return c.asText();
        if (c.isArray()) {
            StringBuilder b = new StringBuilder();
            for (JsonNode part : c) {
                JsonNode text = part.get("text");
                if (text != null && text.isTextual()) {
                    if (b.length() > 0) b.append('\n');
                    b.append(text.asText());
                }
            }
            return b.toString();
        }
        throw new BadRequest(400, "message 'content' must be a string or an array of parts", "messages");
    }

    private static int optionalInt(JsonNode node, String field, int defaultValue) throws BadRequest {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) return defaultValue;
        if (!v.isIntegralNumber() || !v.canConvertToInt()) throw new BadRequest(400, "'" + field + "' must be an integer", field);
        return v.intValue();
    }

    private static long optionalLong(JsonNode node, String field, long defaultValue) throws BadRequest {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) return defaultValue;
        if (!v.isIntegralNumber() || !v.canConvertToLong()) throw new BadRequest(400, "'" + field + "' must be an integer", field);
        return v.longValue();
    }

    private static double optionalDouble(JsonNode node, String field, double defaultValue) throws BadRequest {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) return defaultValue;
        if (!v.isNumber()) throw new BadRequest(400, "'" + field + "' must be a number", field);
        return v.doubleValue();
    }

    private static boolean optionalBool(JsonNode node, String field, boolean defaultValue) throws BadRequest {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) return defaultValue;
        if (!v.isBoolean()) throw new BadRequest(400, "'" + field + "' must be true or false", field);
        return v.booleanValue();
    }

    static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
