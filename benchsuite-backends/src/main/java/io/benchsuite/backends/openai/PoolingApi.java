package io.benchsuite.backends.openai;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.backends.http.internal.Json;
import java.util.List;
import java.util.Locale;

/**
 * The request side of an embeddings, rerank or score endpoint: which path, and the JSON body that carries a
 * request's batch ({@link BatchInputs}; without one, the request's prompt is a batch of one, compared with
 * itself for rerank and score). Two request shapes (config key {@value #SHAPE}):
 * <ul>
 *   <li>{@code openai} (default): OpenAI and vLLM {@code /v1/embeddings} {@code {"model","input":[...]}};
 *       vLLM, Cohere and Jina rerank {@code {"model","query","documents":[...]}} (plus {@code top_n} when
 *       {@value #TOP_N} is set); vLLM score {@code {"model","text_1":query,"text_2":[...]}};</li>
 *   <li>{@code tei}: Hugging Face Text Embeddings Inference, {@code /embed} {@code {"inputs":[...]}} and
 *       {@code /rerank} {@code {"query","texts":[...]}} (TEI has no score endpoint).</li>
 * </ul>
 * The path is the endpoint's, unless {@value #PATH} names another (vLLM also serves {@code /rerank},
 * {@code /v2/rerank} and {@code /score}; a Cohere-style gateway may use {@code /v2/rerank}).
 *
 * @param endpoint embeddings, rerank or score
 * @param shape the request shape
 * @param path the request path under the base URL
 * @param topN the {@code top_n} sent with a rerank request, or 0 to send none (every document ranked)
 */
public record PoolingApi(Endpoint endpoint, Shape shape, String path, int topN) {
    /** Config key of the request shape ({@code openai} or {@code tei}). */
    public static final String SHAPE = "api-shape";
    /** Config key overriding the request path. */
    public static final String PATH = "path";
    /** Config key of the rerank {@code top_n}. */
    public static final String TOP_N = "top-n";

    /** The body shapes of the servers that serve these endpoints. */
    public enum Shape {
        /** OpenAI, vLLM, SGLang, Cohere and Jina (rerank). */
        OPENAI,
        /** Hugging Face Text Embeddings Inference. */
        TEI
    }

    /**
     * Checks the combination is one a server serves.
     *
     * @param endpoint embeddings, rerank or score
     * @param shape the request shape
     * @param path the request path, starting with {@code /}
     * @param topN the rerank {@code top_n}, or 0 for none
     */
    public PoolingApi {
        notNull(endpoint, "endpoint");
        notNull(shape, "shape");
        notNull(path, "path");
        if (!endpoint.pooling()) throw new IllegalArgumentException("not an embeddings, rerank or score endpoint: " + endpoint.label());
        if (shape == Shape.TEI && endpoint == Endpoint.SCORE) {
            throw new IllegalArgumentException("backend config key '" + SHAPE + "': tei serves embeddings (/embed) and rerank "
                    + "(/rerank), not score");
        }
        if (!path.startsWith("/")) throw new IllegalArgumentException("backend config key '" + PATH + "': must start with /, got '" + path + "'");
        if (topN < 0) throw new IllegalArgumentException("backend config key '" + TOP_N + "': must be >= 0, got " + topN);
    }

    /**
     * The settings of {@code endpoint} from {@code config}, or {@code null} for a generating endpoint.
     *
     * @param endpoint the configured endpoint
     * @param config the backend's configuration
     * @return the settings, or null
     * @throws IllegalArgumentException naming the key whose value is wrong
     */
    public static PoolingApi from(Endpoint endpoint, BackendConfig config) {
        if (!endpoint.pooling()) return null;
        String s = config.string(SHAPE, "openai").trim().toLowerCase(Locale.ROOT);
        Shape shape = switch (s) {
            case "openai", "vllm", "cohere", "jina" -> Shape.OPENAI;
            case "tei" -> Shape.TEI;
            default -> throw new IllegalArgumentException("backend config key '" + SHAPE + "': expected openai or tei, got '" + s + "'");
        };
        String defaultPath = shape == Shape.TEI ? (endpoint == Endpoint.EMBEDDINGS ? "/embed" : "/rerank") : endpoint.path();
        String path = config.string(PATH, defaultPath).trim();
        int topN;
        try {
            topN = Integer.parseInt(config.string(TOP_N, "0").trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("backend config key '" + TOP_N + "': not a whole number: '" + config.string(TOP_N, "") + "'");
        }
        return new PoolingApi(endpoint, shape, path, topN);
    }

    /**
     * The batch {@code request} carries: its {@link BatchInputs}, or its prompt as a batch of one (compared
     * with itself for rerank and score).
     *
     * @param request the request
     * @return the batch
     */
    public BatchInputs batch(InferenceRequest request) {
        BatchInputs b = request.extras().get(BatchInputs.class).orElse(null);
        if (b != null) return b;
        String prompt = ChatMessage.join(request.messages());
        return endpoint == Endpoint.EMBEDDINGS ? BatchInputs.of(List.of(prompt), List.of(request.inputTokens()))
                : new BatchInputs(List.of(prompt), List.of(request.inputTokens()), prompt, request.inputTokens());
    }

    /**
     * How many items a successful response to {@code batch} holds: one per input, or {@code top_n} of them.
     *
     * @param batch the batch sent
     * @return the items expected
     */
    public int expectedItems(BatchInputs batch) {
        return endpoint == Endpoint.RERANK && topN > 0 ? Math.min(topN, batch.size()) : batch.size();
    }

    /**
     * The body of a request for {@code batch}: the shape's members, then the configured extra parameters.
     *
     * @param model the model to name ({@code ""}: none; TEI bodies name none)
     * @param batch the texts
     * @param extraParams members added as they are ({@code encoding_format}, {@code truncate}, ...)
     * @return the body
     */
    public ObjectNode body(String model, BatchInputs batch, ObjectNode extraParams) {
        ObjectNode b = Json.object();
        if (shape == Shape.OPENAI && !model.isEmpty()) b.put("model", model);
        String query = batch.query() != null ? batch.query() : batch.inputs().get(0);
        switch (endpoint) {
            case EMBEDDINGS -> texts(b.putArray(shape == Shape.TEI ? "inputs" : "input"), batch);
            case RERANK -> {
                b.put("query", query);
                texts(b.putArray(shape == Shape.TEI ? "texts" : "documents"), batch);
                if (topN > 0 && shape == Shape.OPENAI) b.put("top_n", topN);
            }
            default -> {
                b.put("text_1", query);
                texts(b.putArray("text_2"), batch);
            }
        }
        b.setAll(extraParams);
        return b;
    }

    private static void texts(ArrayNode into, BatchInputs batch) {
        for (String t : batch.inputs()) into.add(t);
    }
}
