package io.benchsuite.backends.openai;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.http.spi.ResponseDialect;

/**
 * Reads one successful (2xx) response of an embeddings, rerank or score endpoint, in any of the shapes
 * {@link PoolingApi} sends to:
 * <ul>
 *   <li>OpenAI/vLLM embeddings: {@code {"data":[{"embedding":[...]}],"usage":{"prompt_tokens":n}}} (an
 *       {@code embedding} may be a base64 string, whose length is then not known);</li>
 *   <li>vLLM, Cohere and Jina rerank: {@code {"results":[{"index","relevance_score"}],"usage":{...}}};</li>
 *   <li>vLLM score: {@code {"data":[{"score"}],"usage":{"prompt_tokens":n}}};</li>
 *   <li>TEI: a bare array, of vectors ({@code /embed}) or of {@code {"index","score"}} ({@code /rerank}).</li>
 * </ul>
 *
 * <p>Success is judged by the shape: a response holding fewer items than the request had inputs (or than
 * its {@code top_n}) failed ({@code MALFORMED_RESPONSE}, naming both counts), as does a JSON error object
 * or a body of another shape. The listener gets a {@link BatchResult} either way, before the terminal
 * event. No token is reported: such a response has no first token and no inter-token gaps, and its
 * usage says 0 completion tokens with the server's prompt tokens ({@code prompt_tokens}, else
 * {@code total_tokens}) where it counted them.
 */
final class PoolingResponseReader implements ResponseDialect {
    private final PoolingApi api;
    private final BatchInputs batch;
    private final ResponseListener listener;

    /**
     * @param api the endpoint and shape
     * @param batch what the request sent
     * @param listener where the {@link BatchResult} goes (the exchange's listener)
     */
    PoolingResponseReader(PoolingApi api, BatchInputs batch, ResponseListener listener) {
        this.api = api;
        this.batch = batch;
        this.listener = listener;
    }

    @Override
    public void event(long nanoTime, String eventType, byte[] data, int offset, int length, Emitter out) {
        throw new MalformedResponseException("an " + api.endpoint().label() + " endpoint answered with an event stream; "
                + "expected one JSON body");
    }

    @Override
    public void end(long nanoTime, Emitter out) {
        if (!out.finished()) {
            out.error(nanoTime, BackendError.of(ErrorKind.MALFORMED_RESPONSE, "an " + api.endpoint().label()
                    + " endpoint answered with an event stream; expected one JSON body"));
        }
    }

    @Override
    public void body(long nanoTime, byte[] body, Emitter out) {
        JsonNode n = Json.parse(body);
        if (n.isObject() && (hasError(n))) {
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server returned an error: "
                    + Json.errorMessage(n.has("error") ? n.get("error") : n)));
            return;
        }
        JsonNode items = items(n);
        int dimensions = 0;
        if (api.endpoint() == Endpoint.EMBEDDINGS) {
            for (JsonNode item : items) {
                JsonNode v = item.isArray() ? item : item.get("embedding");
                if (v == null || !(v.isArray() || v.isTextual())) {
                    throw new MalformedResponseException("an embeddings item has no 'embedding' vector");
                }
                if (v.isArray()) dimensions = Math.max(dimensions, v.size());
            }
        }
        int expected = api.expectedItems(batch);
        BatchResult result = new BatchResult(batch.size(), batch.totalInputTokens(), items.size(), dimensions);
        listener.onExtra(result);
        if (items.size() < expected) {
            out.error(nanoTime, BackendError.of(ErrorKind.MALFORMED_RESPONSE, "the response holds " + items.size() + " "
                    + noun() + " for " + expected + " input(s)"));
            return;
        }
        out.complete(nanoTime, new Usage(n.isObject() ? promptTokens(n.get("usage")) : Usage.UNKNOWN, 0));
    }

    /** The array of vectors, ranks or scores; throws when the body has none where its shape puts them. */
    private JsonNode items(JsonNode n) {
        if (n.isArray()) return n; // TEI
        if (!n.isObject()) throw new MalformedResponseException("response is neither a JSON object nor an array");
        String member = api.endpoint() == Endpoint.RERANK ? "results" : "data";
        JsonNode items = n.get(member);
        if (items == null || !items.isArray()) {
            throw new MalformedResponseException("response has no '" + member + "' array (expected an " + api.endpoint().label()
                    + " response)");
        }
        return items;
    }

    private String noun() {
        return switch (api.endpoint()) {
            case EMBEDDINGS -> "vector(s)";
            case RERANK -> "ranked document(s)";
            default -> "score(s)";
        };
    }

    private static boolean hasError(JsonNode n) {
        JsonNode e = n.get("error");
        return (e != null && !e.isNull()) || "error".equals(Json.text(n, "object"));
    }

    /** {@code prompt_tokens}, else {@code total_tokens} (Jina and vLLM rerank), else unknown. */
    private static int promptTokens(JsonNode usage) {
        if (usage == null || !usage.isObject()) return Usage.UNKNOWN;
        int p = Json.count(usage.get("prompt_tokens"));
        return p != Usage.UNKNOWN ? p : Json.count(usage.get("total_tokens"));
    }
}
