package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request handed to a backend.
 *
 * @param index position in the run's schedule (0-based)
 * @param model model name to ask for
 * @param messages chat messages; completion-style backends send their concatenated contents as the prompt
 * @param inputTokens prompt length in tokens under the run's tokenizer
 * @param maxTokens output tokens to generate
 * @param ignoreEos ask the server to generate exactly {@code maxTokens} (ignore end-of-sequence)
 * @param temperature sampling temperature
 * @param seed per-request seed from the seed chain, for servers that accept one
 * @param stream whether to stream
 * @param headers extra per-request headers (e.g. W3C {@code traceparent}); never secrets
 * @param prepared the backend's rendering of {@code messages} made ahead of time ({@link Backend#prepare}), or
 *     {@code null}; a backend uses it only when it {@link PreparedPrompt#renders renders} these messages
 * @param extras what the request carries beyond its messages (tools, images, an endpoint's input, ...);
 *     a backend ignores the kinds it does not know
 */
public record InferenceRequest(long index, String model, List<ChatMessage> messages, int inputTokens, int maxTokens,
                               boolean ignoreEos, double temperature, long seed, boolean stream,
                               Map<String, String> headers, PreparedPrompt prepared, RequestExtras extras) {
    /**
     * Checks the components: model and at least one message present, {@code maxTokens} positive; copies the collections.
     *
     * @param index position in the run's schedule (0-based)
     * @param model model name to ask for
     * @param messages chat messages; completion-style backends send their concatenated contents as the prompt
     * @param inputTokens prompt length in tokens under the run's tokenizer
     * @param maxTokens output tokens to generate
     * @param ignoreEos ask the server to generate exactly {@code maxTokens} (ignore end-of-sequence)
     * @param temperature sampling temperature
     * @param seed per-request seed from the seed chain, for servers that accept one
     * @param stream whether to stream
     * @param headers extra per-request headers (e.g. W3C {@code traceparent}); never secrets
     * @param prepared the backend's rendering of {@code messages} made ahead of time, or {@code null}
     * @param extras what the request carries beyond its messages
     */
    public InferenceRequest {
        notNull(model, "model");
        notNull(messages, "messages");
        if (messages.isEmpty()) throw new IllegalArgumentException("messages must not be empty");
        messages = List.copyOf(messages);
        positive(maxTokens, "maxTokens");
        headers = Map.copyOf(notNull(headers, "headers"));
        notNull(extras, "extras");
    }

    /**
     * A request without extras.
     *
     * @param index position in the run's schedule (0-based)
     * @param model model name to ask for
     * @param messages chat messages; completion-style backends send their concatenated contents as the prompt
     * @param inputTokens prompt length in tokens under the run's tokenizer
     * @param maxTokens output tokens to generate
     * @param ignoreEos ask the server to generate exactly {@code maxTokens} (ignore end-of-sequence)
     * @param temperature sampling temperature
     * @param seed per-request seed from the seed chain, for servers that accept one
     * @param stream whether to stream
     * @param headers extra per-request headers (e.g. W3C {@code traceparent}); never secrets
     * @param prepared the backend's rendering of {@code messages} made ahead of time, or {@code null}
     */
    public InferenceRequest(long index, String model, List<ChatMessage> messages, int inputTokens, int maxTokens,
                            boolean ignoreEos, double temperature, long seed, boolean stream, Map<String, String> headers,
                            PreparedPrompt prepared) {
        this(index, model, messages, inputTokens, maxTokens, ignoreEos, temperature, seed, stream, headers, prepared,
                RequestExtras.none());
    }

    /**
     * A request with nothing prepared ahead: the backend renders it when it is sent.
     *
     * @param index position in the run's schedule (0-based)
     * @param model model name to ask for
     * @param messages chat messages; completion-style backends send their concatenated contents as the prompt
     * @param inputTokens prompt length in tokens under the run's tokenizer
     * @param maxTokens output tokens to generate
     * @param ignoreEos ask the server to generate exactly {@code maxTokens} (ignore end-of-sequence)
     * @param temperature sampling temperature
     * @param seed per-request seed from the seed chain, for servers that accept one
     * @param stream whether to stream
     * @param headers extra per-request headers (e.g. W3C {@code traceparent}); never secrets
     */
    public InferenceRequest(long index, String model, List<ChatMessage> messages, int inputTokens, int maxTokens,
                            boolean ignoreEos, double temperature, long seed, boolean stream, Map<String, String> headers) {
        this(index, model, messages, inputTokens, maxTokens, ignoreEos, temperature, seed, stream, headers, null);
    }

    /**
     * A copy carrying {@code rendering} as its prepared prompt.
     *
     * @param rendering the backend's rendering of this request's messages, or {@code null}
     * @return a copy carrying {@code rendering} as its prepared prompt
     */
    public InferenceRequest withPrepared(PreparedPrompt rendering) {
        return new InferenceRequest(index, model, messages, inputTokens, maxTokens, ignoreEos, temperature, seed, stream, headers,
                rendering, extras);
    }

    /**
     * The prepared rendering when it was made from this request's messages, else {@code null}.
     *
     * @param type the class of rendering the caller makes
     * @param <P> the class of rendering the caller makes
     * @return {@link #prepared()} when it is a {@code type} and renders {@link #messages()}, else {@code null}
     */
    public <P extends PreparedPrompt> P preparedAs(Class<P> type) {
        return type.isInstance(prepared) && prepared.renders(messages) ? type.cast(prepared) : null;
    }

    /**
     * The prompt as one text: the contents of all messages joined by newlines.
     *
     * @return the prompt as one text: the contents of all messages joined by newlines
     */
    public String prompt() {
        return ChatMessage.join(messages);
    }

    /**
     * A copy with extra headers added (existing names replaced).
     *
     * @param extra headers to add
     * @return a copy with extra headers added (existing names replaced)
     */
    public InferenceRequest withHeaders(Map<String, String> extra) {
        Map<String, String> merged = new LinkedHashMap<>(headers);
        merged.putAll(extra);
        return new InferenceRequest(index, model, messages, inputTokens, maxTokens, ignoreEos, temperature, seed, stream, merged,
                prepared, extras);
    }

    /**
     * A copy carrying {@code extra} besides its other extras (replacing one of the same type).
     *
     * @param extra the value to carry
     * @return the copy
     */
    public InferenceRequest withExtra(Object extra) {
        return new InferenceRequest(index, model, messages, inputTokens, maxTokens, ignoreEos, temperature, seed, stream, headers,
                prepared, extras.with(extra));
    }

    /**
     * A copy carrying {@code more} besides its own extras.
     *
     * @param more the values to add
     * @return the copy
     */
    public InferenceRequest withExtras(RequestExtras more) {
        return new InferenceRequest(index, model, messages, inputTokens, maxTokens, ignoreEos, temperature, seed, stream, headers,
                prepared, extras.withAll(more));
    }
}
