package io.benchsuite.backends.tgi;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.internal.LoopbackWarmUp;
import io.benchsuite.backends.http.internal.PreparedJson;
import io.benchsuite.backends.http.internal.StreamReplay;
import io.benchsuite.backends.http.spi.HttpTransport;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A backend for Hugging Face TGI's native API: {@code POST /generate_stream} (streaming) or
 * {@code POST /generate}, with {@code inputs} = the request's messages joined by newlines (no chat
 * template is applied; use the {@code tgi} provider for the Messages API) and
 * {@code parameters{max_new_tokens, details:true, decoder_input_details:false, seed, temperature}}.
 * TGI rejects a temperature of 0, so greedy requests send {@code do_sample:false} and no temperature.
 *
 * <p>Config keys: those of {@link HttpSettings} (default URL {@code http://localhost:8080}) and
 * {@code model} (for the report only; TGI serves one model). Pre-flight reads {@code GET /info}
 * (falling back to {@code GET /health}). Thread-safe.
 */
public final class TgiNativeBackend implements Backend {
    /** The provider name. */
    public static final String NAME = "tgi-native";
    /** The body member that carries the prompt. */
    private static final String INPUTS = "inputs";
    /** The URL used when the config has none. */
    public static final String DEFAULT_URL = "http://localhost:8080";

    private final HttpSettings http;
    private final String model;
    private final HttpTransport transport;
    private volatile Map<String, String> serverInfo = Map.of();

    private TgiNativeBackend(HttpSettings http, String model, HttpTransport transport) {
        this.http = http;
        this.model = model;
        this.transport = transport;
    }

    /**
     * Creates a backend from a config and starts its HTTP client.
     *
     * @throws IllegalArgumentException naming a bad config key
     * @throws BackendException when the named API key variable is not set
     */
    public static TgiNativeBackend create(BackendConfig config, EnvironmentVariables environment) {
        notNull(config, "config");
        notNull(environment, "environment");
        HttpSettings http = HttpSettings.from(config, DEFAULT_URL);
        TgiNativeBackend backend = new TgiNativeBackend(http, config.string(BackendConfig.MODEL, "").trim(),
                HttpTransport.open(NAME, http, environment));
        // Before any clock starts: the first streamed tokens must not be parsed by the interpreter.
        StreamReplay.warmUp("tgi", TgiStreamDialect::new, StreamReplay.syntheticTgiEvents(64));
        return backend;
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        notNull(request, "request");
        notNull(listener, "listener");
        return post(transport, request, listener);
    }

    /** A request through {@code through}: the run's transport, or the warm-up's loopback one. */
    private static RequestHandle post(HttpTransport through, InferenceRequest request, ResponseListener listener) {
        return through.postJsonParts(request.stream() ? "/generate_stream" : "/generate",
                () -> PreparedJson.forRequest(request, INPUTS, TgiNativeBackend::inputs).parts(parameters(request)), request,
                new TgiStreamDialect(), listener);
    }

    /** The {@code inputs} member (the joined prompt), serialised ahead of time. */
    @Override
    public PreparedPrompt prepare(List<ChatMessage> messages) {
        notNull(messages, "messages");
        return PreparedJson.of(messages, INPUTS, inputs(messages));
    }

    /** The JSON body for {@code request} as sent: {@code inputs} (prepared ahead when it was), then {@code parameters}. */
    byte[] bodyBytes(InferenceRequest request) {
        return PreparedJson.forRequest(request, INPUTS, TgiNativeBackend::inputs).into(parameters(request));
    }

    /** Every member but the prompt's: {@code parameters}. */
    private static ObjectNode parameters(InferenceRequest request) {
        ObjectNode b = Json.object();
        ObjectNode p = b.putObject("parameters");
        p.put("max_new_tokens", request.maxTokens());
        p.put("details", true);
        p.put("decoder_input_details", false);
        p.put("seed", request.seed() & 0x7FFF_FFFFL);
        if (request.temperature() > 0) {
            p.put("temperature", request.temperature());
            p.put("do_sample", true);
        } else {
            p.put("do_sample", false);
        }
        return b;
    }

    /** The JSON body for {@code request}; package-private for tests. */
    ObjectNode body(InferenceRequest request) {
        return (ObjectNode) Json.parse(bodyBytes(request));
    }

    private static JsonNode inputs(List<ChatMessage> messages) {
        return TextNode.valueOf(ChatMessage.join(messages));
    }

    @Override
    public void preflight() {
        check();
        transport.prewarm();
    }

    /** Opens up to {@code connections} connections before the clock, unless {@code prewarm-connections} is set. */
    @Override
    public int openConnections(int connections) {
        return transport.openAhead(connections);
    }

    /** The request path, against a loopback server of this process (nothing reaches the server). */
    @Override
    public void warmUp() {
        LoopbackWarmUp.run("tgi", transport, (loopback, i, done) -> {
            InferenceRequest sample = new InferenceRequest(i, model.isEmpty() ? "tgi" : model,
                    List.of(ChatMessage.user(LoopbackWarmUp.prompt(i))), 1024, 8, true, 0.0, 1, true, Map.of());
            return post(loopback, sample.withPrepared(prepare(sample.messages())), done);
        }, StreamReplay.syntheticTgiEvents(128));
    }

    /** The pre-flight check itself: the server answers, and (for OpenAI's API) knows the model. */
    private void check() {
        String where = http.displayUrl();
        HttpTransport.Reply reply;
        try {
            reply = transport.get("/info", http.preflightTimeout());
            if (reply.status() == 404) reply = transport.get("/health", http.preflightTimeout());
        } catch (HttpTransport.TransportException e) {
            String reason = e.kind() == ErrorKind.CONNECTION_REFUSED && e.getMessage().startsWith("connection refused")
                    ? "connection refused" : e.getMessage();
            throw new BackendException("cannot reach " + NAME + " at " + where + ": " + reason
                    + " — is the server running? (--skip-preflight to skip this check)");
        }
        if (reply.status() >= 400) {
            throw new BackendException(NAME + " at " + where + " is not ready: HTTP " + reply.status()
                    + " (--skip-preflight to skip this check)");
        }
        try {
            JsonNode info = Json.parse(reply.body());
            Map<String, String> d = new LinkedHashMap<>();
            for (String f : new String[] {"model_id", "version", "max_input_tokens", "max_total_tokens", "max_concurrent_requests"}) {
                JsonNode v = info.get(f);
                if (v != null && !v.isNull() && v.isValueNode()) d.put("server_" + f, transport.scrub(v.asText()));
            }
            serverInfo = Map.copyOf(d);
        } catch (MalformedResponseException notJson) {
            // /health answers no body; the server is up, which is all pre-flight needs.
        }
    }

    @Override
    public BackendInfo info() {
        Map<String, String> d = new LinkedHashMap<>(serverInfo);
        d.put("endpoint_kind", "generate_stream");
        d.put("max_concurrency", Integer.toString(http.maxConcurrency()));
        d.put("tls_verify", Boolean.toString(!http.insecure()));
        d.put("transport", transport.describe());
        String m = model.isEmpty() ? serverInfo.getOrDefault("server_model_id", "") : model;
        return new BackendInfo(NAME, m, http.resolve("/generate_stream").toString(), d);
    }

    @Override
    public void close() {
        transport.close();
    }

    @Override
    public String toString() {
        return "TgiNativeBackend[" + http.displayUrl() + "]";
    }
}
