package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.sim.ModelProfile;
import io.benchsuite.sim.PooledBatch;
import io.benchsuite.sim.Seeds;
import io.benchsuite.sim.SimBackend;
import io.benchsuite.sim.SimEndpoint;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Serves the endpoints that read their inputs and generate nothing: embeddings ({@code /v1/embeddings},
 * TEI's {@code /embed}), rerank ({@code /v1/rerank}, {@code /v2/rerank}, {@code /rerank}: vLLM, Cohere and
 * Jina bodies, or TEI's {@code {"query","texts"}}) and score ({@code /v1/score}, {@code /score}).
 *
 * <p>Each input (each query-document pair for rerank and score) becomes one prefill-only request of the
 * simulated engine, as a pooling server runs each prompt of a batch as its own engine request: its cost is
 * the simulator's prefill model for its tokens, scheduled with everything else in flight. The response is
 * written when the last of them completes. The request log gets one line per HTTP request, written then:
 * {@code {"n":0,"receivedNanos":..,"completedNanos":..,"api":"embeddings","inputs":32,"promptTokens":4096}}.
 *
 * <p>Vectors are {@value #DIMENSIONS} values wide (a small sentence-embedding model's width), seeded by the
 * request number: the simulated model's hidden size would make every response megabytes of JSON.
 */
final class PoolingHandler extends PostHandler {
    /** The paths this handler serves. */
    static final Set<String> PATHS = Set.of("/v1/embeddings", "/embed", "/v1/rerank", "/v2/rerank", "/rerank", "/v1/score",
            "/score");
    /** Width of the vectors returned. */
    static final int DIMENSIONS = PooledBatch.DIMENSIONS;

    private enum Kind { EMBEDDINGS, RERANK, SCORE }

    private final SimBackend backend;
    private final Tokenizer tokenizer;
    private final String servedName;
    private final ModelProfile profile;
    private final ServerMetrics metrics;
    private final RequestLog requestLog;
    private final AtomicLong requestNumber = new AtomicLong();

    PoolingHandler(SimBackend backend, Tokenizer tokenizer, String servedName, ModelProfile profile, ServerMetrics metrics,
                   RequestLog requestLog) {
        this.metrics = metrics;
        this.backend = backend;
        this.tokenizer = tokenizer;
        this.servedName = servedName;
        this.profile = profile;
        this.requestLog = requestLog;
    }

    /** A request after validation: the texts, whether the body was TEI's, and the rerank {@code top_n}. */
    private record Parsed(Kind kind, boolean tei, String query, List<String> inputs, int topN) {}

    /** A client error, answered with its status. */
    private static final class BadRequest extends Exception {
        final int status;

        BadRequest(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    @Override
    boolean serves(String path) {
        return PATHS.contains(path);
    }

    @Override
    void error(HttpExchange ex, String path, int status, String message) throws IOException {
        error(ex, status, message, path.equals("/embed"));
    }

    @Override
    void serve(HttpExchange ex, String path, long arrival) throws IOException {
        boolean teiPath = path.equals("/embed");
        long number = requestNumber.getAndIncrement();
        Parsed p;
        try {
            p = parse(json.readTree(ex.getRequestBody().readAllBytes()), path);
        } catch (BadRequest e) {
            boolean tei = teiPath || path.equals("/rerank");
            // TEI answers a body it cannot use with 422 (validation), vLLM with 400
            error(ex, tei && e.status == 400 ? 422 : e.status, e.getMessage(), tei);
            return;
        } catch (IOException e) {
            error(ex, 400, "request body is not valid JSON", teiPath);
            return;
        }
        int queryTokens = p.query() == null ? 0 : tokenizer.countTokens(p.query());
        List<Integer> tokens = new ArrayList<>();
        long total = 0;
        for (String in : p.inputs()) {
            int t = Math.max(1, tokenizer.countTokens(in) + queryTokens);
            if (t > profile.maxContext()) {
                error(ex, p.tei() ? 413 : 400, "an input of " + t + " tokens is longer than the model's context ("
                        + profile.maxContext() + ")", p.tei());
                return;
            }
            tokens.add(t);
            total += t;
        }
        String failure = prefill(number, p, tokens);
        long completed = System.nanoTime();
        if (failure != null) {
            error(ex, 500, failure, p.tei());
            return;
        }
        if (requestLog != null) {
            requestLog.pooled(number, arrival, completed, p.kind().name().toLowerCase(Locale.ROOT), p.inputs().size(), total);
        }
        send(ex, 200, json.writeValueAsString(response(number, p, total)));
    }

    /** Runs each input as a prefill-only engine request and waits for all; the failure's message, or null. */
    private String prefill(long number, Parsed p, List<Integer> tokens) {
        List<StreamEvents> pending = new ArrayList<>(tokens.size());
        List<RequestHandle> handles = new ArrayList<>(tokens.size());
        for (int i = 0; i < tokens.size(); i++) {
            String text = p.query() == null ? p.inputs().get(i) : p.query() + "\n" + p.inputs().get(i);
            InferenceRequest r = new InferenceRequest(number * 100_000 + i, servedName, List.of(ChatMessage.user(text)),
                    tokens.get(i), 1, true, 0.0, number, false, Map.of(), null);
            StreamEvents events = new StreamEvents(metrics, System.nanoTime());
            pending.add(events);
            handles.add(backend.send(r, events));
        }
        try {
            for (StreamEvents events : pending) {
                while (true) {
                    StreamEvents.Event e = events.take(EVENT_TIMEOUT_MILLIS);
                    if (e == null) return "the engine did not complete an input in time";
                    if (e instanceof StreamEvents.Failed f) return f.error().message();
                    if (e instanceof StreamEvents.Done) break;
                }
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            handles.forEach(RequestHandle::cancel);
            return "interrupted";
        }
    }

    private Parsed parse(JsonNode root, String path) throws BadRequest {
        if (root == null || !root.isObject()) throw new BadRequest(400, "request body must be a JSON object");
        JsonNode model = root.get("model");
        if (model != null && !model.isNull() && !(model.asText().equals(servedName)
                || ModelProfile.find(model.asText()).map(profile::equals).orElse(false))) {
            throw new BadRequest(404, "The model `" + model.asText() + "` does not exist.");
        }
        if (path.endsWith("embeddings") || path.equals("/embed")) {
            boolean tei = path.equals("/embed");
            return new Parsed(Kind.EMBEDDINGS, tei, null, texts(root, tei ? "inputs" : "input"), 0);
        }
        if (path.endsWith("rerank")) {
            boolean tei = root.has("texts") && !root.has("documents");
            JsonNode q = root.get("query");
            if (q == null || !q.isTextual()) throw new BadRequest(tei ? 422 : 400, "'query' must be a string");
            JsonNode topN = root.get("top_n");
            return new Parsed(Kind.RERANK, tei, q.asText(), texts(root, tei ? "texts" : "documents"),
                    topN == null || topN.isNull() ? 0 : topN.asInt(0));
        }
        JsonNode t1 = root.get("text_1");
        if (t1 != null && t1.isArray() && t1.size() == 1) t1 = t1.get(0);
        if (t1 == null || !t1.isTextual()) throw new BadRequest(400, "'text_1' must be a string (or an array of one string)");
        return new Parsed(Kind.SCORE, false, t1.asText(), texts(root, "text_2"), 0);
    }

    /** A member holding a string or a non-empty array of strings (or of {"text": ...} documents). */
    private static List<String> texts(JsonNode root, String member) throws BadRequest {
        JsonNode n = root.get(member);
        List<String> out = new ArrayList<>();
        if (n != null && n.isTextual()) {
            out.add(n.asText());
        } else if (n != null && n.isArray()) {
            for (JsonNode t : n) {
                JsonNode text = t.isObject() ? t.get("text") : t;
                if (text == null || !text.isTextual()) throw new BadRequest(400, "'" + member + "' must hold strings");
                out.add(text.asText());
            }
        }
        if (out.isEmpty()) throw new BadRequest(400, "'" + member + "' must be a string or a non-empty array of strings");
        return out;
    }

    private JsonNode response(long number, Parsed p, long promptTokens) {
        SplittableRandom random = new SplittableRandom(Seeds.mix(number));
        int n = p.inputs().size();
        String id = Long.toHexString(Seeds.mix(number + 1));
        if (p.kind() == Kind.EMBEDDINGS) {
            ArrayNode vectors = json.createArrayNode();
            for (int i = 0; i < n; i++) {
                ArrayNode v = p.tei() ? vectors.addArray()
                        : vectors.addObject().put("index", i).put("object", "embedding").putArray("embedding");
                for (int d = 0; d < DIMENSIONS; d++) v.add(Math.round((random.nextDouble() * 2 - 1) * 1e4) / 1e4);
            }
            if (p.tei()) return vectors;
            ObjectNode r = json.createObjectNode().put("id", "embd-" + id).put("object", "list")
                    .put("created", System.currentTimeMillis() / 1000).put("model", servedName);
            r.set("data", vectors);
            usage(r, promptTokens);
            return r;
        }
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) scores[i] = Math.round(random.nextDouble() * 1e6) / 1e6;
        if (p.kind() == Kind.SCORE) {
            ObjectNode r = json.createObjectNode().put("id", "score-" + id).put("object", "list")
                    .put("created", System.currentTimeMillis() / 1000).put("model", servedName);
            ArrayNode data = r.putArray("data");
            for (int i = 0; i < n; i++) data.addObject().put("index", i).put("object", "score").put("score", scores[i]);
            usage(r, promptTokens);
            return r;
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) order.add(i);
        order.sort(Comparator.comparingDouble((Integer i) -> scores[i]).reversed());
        int keep = SimEndpoint.returned(n, true, p.topN());
        ArrayNode results = json.createArrayNode();
        for (int k = 0; k < keep; k++) {
            int i = order.get(k);
            if (p.tei()) {
                results.addObject().put("index", i).put("score", scores[i]);
            } else {
                ObjectNode o = results.addObject().put("index", i);
                o.putObject("document").put("text", p.inputs().get(i));
                o.put("relevance_score", scores[i]);
            }
        }
        if (p.tei()) return results;
        ObjectNode r = json.createObjectNode().put("id", "rerank-" + id).put("model", servedName);
        r.putObject("usage").put("prompt_tokens", promptTokens).put("total_tokens", promptTokens);
        r.set("results", results);
        return r;
    }

    private static void usage(ObjectNode r, long promptTokens) {
        r.putObject("usage").put("prompt_tokens", promptTokens).put("total_tokens", promptTokens).put("completion_tokens", 0);
    }

    /** An error in the body shape of the API asked: TEI's {@code {"error","error_type"}}, else OpenAI's. */
    private void error(HttpExchange ex, int status, String message, boolean tei) throws IOException {
        if (!tei) {
            super.error(ex, null, status, message);
            return;
        }
        ObjectNode r = json.createObjectNode();
        r.put("error", message).put("error_type", status == 413 || status == 422 ? "validation" : "backend");
        send(ex, status, json.writeValueAsString(r));
    }
}
