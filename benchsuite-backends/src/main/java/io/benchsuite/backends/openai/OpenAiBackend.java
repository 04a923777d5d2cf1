package io.benchsuite.backends.openai;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.AudioSent;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.ImagesSent;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.http.internal.BodyParts;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.internal.LoopbackWarmUp;
import io.benchsuite.backends.http.internal.PreparedJson;
import io.benchsuite.backends.http.internal.StreamReplay;
import io.benchsuite.backends.http.spi.HttpTransport;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.media.AudioClips;
import io.benchsuite.backends.media.ImageUrls;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A backend for OpenAI-compatible servers ({@code /v1/chat/completions}, {@code /v1/completions}),
 * streaming over SSE or not, with the defaults of one {@link Preset}.
 *
 * <p>Each request sends {@code model}, the messages (or their joined text as {@code prompt}),
 * {@code max_tokens}, {@code temperature}, {@code seed}, {@code stream} and, when streaming,
 * {@code stream_options.include_usage}; the request's tools and response format when it carries them
 * ({@code tools}, {@code tool_choice}, {@code response_format}); plus the preset's length parameters when the request asks
 * for an exact length, the configured {@code param.*} members, the request's own headers (such as
 * {@code traceparent}), the configured {@code header.*} headers and the API key as a bearer token.
 * See {@link OpenAiStreamDialect} for how tokens are counted and timed. A request carrying
 * {@link ImageInputs} sends them as content parts of its last user message ({@link ImageChatBody}) and
 * reports {@link ImagesSent}; one carrying {@link AudioInputs} sends them as {@code input_audio} parts and reports
 * {@link AudioSent}. The transcriptions endpoint posts a request's first clip as a form ({@link TranscriptionRequests}).
 *
 * <p>Create one with a provider ({@code BackendRegistry.load().create("vllm", config)}) or directly
 * with {@link #create(OpenAiSettings, EnvironmentVariables)}. Thread-safe.
 */
public final class OpenAiBackend implements Backend {
    private static final Logger LOG = LoggerFactory.getLogger(OpenAiBackend.class);
    private static final int MAX_LISTED_MODELS = 20;

    private final OpenAiSettings settings;
    private final HttpTransport transport;
    private final AtomicLong streamed = new AtomicLong();
    private final AtomicLong whole = new AtomicLong();
    private volatile List<String> serverModels;
    private final ImageUrls imageUrls = new ImageUrls(ImageUrls.DEFAULT_BUDGET);
    private final AudioClips audioClips = new AudioClips(AudioClips.DEFAULT_BUDGET);

    private OpenAiBackend(OpenAiSettings settings, HttpTransport transport) {
        this.settings = settings;
        this.transport = transport;
    }

    /**
     * Creates a backend and starts its HTTP client.
     *
     * @param environment where the API key variable ({@code api-key-env}) is looked up
     * @throws BackendException when the named API key variable is not set
     */
    public static OpenAiBackend create(OpenAiSettings settings, EnvironmentVariables environment) {
        notNull(settings, "settings");
        notNull(environment, "environment");
        OpenAiBackend backend = new OpenAiBackend(settings, HttpTransport.open(settings.preset().providerName(), settings.http(),
                environment));
        // Before any clock starts: the first streamed tokens must not be parsed by the interpreter.
        StreamReplay.warmUp("openai", () -> new OpenAiStreamDialect(Endpoint.CHAT, true), StreamReplay.syntheticOpenAiEvents(64));
        return backend;
    }

    /** The settings in force. */
    public OpenAiSettings settings() {
        return settings;
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        notNull(request, "request");
        notNull(listener, "listener");
        if (settings.pooling() != null) return PoolingRequests.send(settings, transport, request, listener);
        if (settings.endpoint() == Endpoint.TRANSCRIPTIONS) {
            (request.stream() ? streamed : whole).incrementAndGet();
            return TranscriptionRequests.send(settings, transport, audioClips, request, listener);
        }
        (request.stream() ? streamed : whole).incrementAndGet();
        return post(transport, request, listener);
    }

    /** A chat or completion request through {@code through}: the run's transport, or the warm-up's loopback one. */
    private RequestHandle post(HttpTransport through, InferenceRequest request, ResponseListener listener) {
        return through.postJsonParts(settings.endpoint().path(), () -> body(request, listener), request,
                new OpenAiStreamDialect(settings.endpoint(), settings.requireDone(), ToolRequestMembers.offersTools(request.extras())),
                listener);
    }

    /** The prompt member ({@code messages} or {@code prompt}), serialised ahead of time. */
    @Override
    public PreparedPrompt prepare(List<ChatMessage> messages) {
        notNull(messages, "messages");
        return PreparedJson.of(messages, promptMember(), promptValue(messages));
    }

    /**
     * The prompt member ahead, and the request's images encoded ahead into this backend's cache of data URLs: an
     * image's encoding (about 100 ms for a 512x512 JPEG) then falls on the planning thread, not inside its request's
     * send. An image the cache no longer holds when the request is sent is encoded then.
     */
    @Override
    public PreparedPrompt prepare(List<ChatMessage> messages, RequestExtras extras) {
        notNull(extras, "extras");
        if (settings.endpoint() == Endpoint.CHAT && settings.pooling() == null) {
            extras.get(ImageInputs.class).ifPresent(images -> images.images().forEach(imageUrls::url));
        }
        if (settings.endpoint() == Endpoint.CHAT || settings.endpoint() == Endpoint.TRANSCRIPTIONS) {
            extras.get(AudioInputs.class).ifPresent(audio -> audio.clips().forEach(audioClips::clip));
        }
        return prepare(messages);
    }

    /** The JSON body for {@code request} as sent: the prompt member (prepared ahead when it was), then the rest. */
    byte[] bodyBytes(InferenceRequest request) {
        return BodyParts.join(body(request, null));
    }

    /**
     * The body; a request carrying images gets them as content parts of its last user message, and tells
     * {@code listener} (when given) what they weighed.
     */
    private List<byte[]> body(InferenceRequest request, ResponseListener listener) {
        ImageInputs images = request.extras().get(ImageInputs.class).orElse(null);
        AudioInputs audio = request.extras().get(AudioInputs.class).orElse(null);
        if (images == null && audio == null) return PreparedJson.forRequest(request, promptMember(), this::promptValue).parts(rest(request));
        if (settings.endpoint() != Endpoint.CHAT) {
            throw new IllegalArgumentException((images != null ? "images" : "audio") + " need the chat endpoint, not "
                    + settings.endpoint().label());
        }
        ImageChatBody.Composed c = ImageChatBody.compose(request.messages(), images, imageUrls, audio, audioClips, rest(request));
        if (listener != null && images != null) listener.onExtra(new ImagesSent(c.images(), c.imageBytes(), c.bytes().length));
        if (listener != null && audio != null) listener.onExtra(new AudioSent(c.clips(), c.audioSeconds(), c.audioBytes(), c.bytes().length));
        return List.of(c.bytes());
    }

    /** The data URLs of the images this backend sent, each distinct one encoded once; package-private for tests. */
    ImageUrls imageUrls() {
        return imageUrls;
    }

    /** The clips this backend sent, each distinct one made once; package-private for tests. */
    AudioClips audioClips() {
        return audioClips;
    }

    /** The JSON body for {@code request}; package-private for tests. */
    ObjectNode body(InferenceRequest request) {
        return (ObjectNode) Json.parse(bodyBytes(request));
    }

    private String promptMember() {
        return settings.endpoint() == Endpoint.CHAT ? "messages" : "prompt";
    }

    /** The chat messages, or for the completions API the prompt as one text. */
    private JsonNode promptValue(List<ChatMessage> messages) {
        if (settings.endpoint() != Endpoint.CHAT) return TextNode.valueOf(ChatMessage.join(messages));
        ArrayNode array = Json.MAPPER.createArrayNode();
        for (ChatMessage m : messages) {
            array.addObject().put("role", m.role()).put("content", m.content());
        }
        return array;
    }

    /** Every member of the body but the prompt. */
    private ObjectNode rest(InferenceRequest request) {
        ObjectNode b = Json.object();
        b.put("model", request.model().isBlank() ? settings.model() : request.model());
        b.put("max_tokens", request.maxTokens());
        b.put("temperature", request.temperature());
        // Servers read the seed as a (u)int32 or u64, and llama.cpp treats 0xFFFFFFFF as "random";
        // 31 bits keep every server deterministic.
        b.put("seed", request.seed() & 0x7FFF_FFFFL);
        b.put("stream", request.stream());
        if (request.stream() && settings.includeUsage()) {
            b.putObject("stream_options").put("include_usage", true);
        }
        settings.preset().addParameters(b, request, settings.exactLength());
        ToolRequestMembers.write(b, request.extras(), settings.endpoint() == Endpoint.CHAT);
        settings.extraParams().forEach((k, v) -> b.set(k, parseParam(v)));
        return b;
    }

    /**
     * {@code GET /v1/models}: fails when the server cannot be reached or refuses the credentials;
     * warns when the configured model is not listed. Not a counted request.
     */
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

    /**
     * The request path, against a loopback server of this process (nothing reaches the server): the first
     * requests of the run are then not sent by the interpreter.
     */
    @Override
    public void warmUp() {
        // the loopback replays chat and completion streams only
        if (settings.pooling() != null || settings.endpoint() == Endpoint.TRANSCRIPTIONS) return;
        LoopbackWarmUp.run("openai", transport, (loopback, i, done) -> {
            InferenceRequest sample = new InferenceRequest(i, settings.model(), List.of(ChatMessage.user(LoopbackWarmUp.prompt(i))),
                    1024, 8, true, 0.0, 1, true, Map.of());
            // prepared ahead and sent as parts, as a run's requests are: that path is the one to warm
            return post(loopback, sample.withPrepared(prepare(sample.messages())), done);
        }, StreamReplay.syntheticOpenAiEvents(128));
    }

    /** The pre-flight check itself: the server answers, and (for OpenAI's API) knows the model. */
    private void check() {
        String name = settings.preset().providerName();
        String where = settings.http().displayUrl();
        HttpTransport.Reply reply;
        try {
            reply = transport.get("/v1/models", settings.http().preflightTimeout());
        } catch (HttpTransport.TransportException e) {
            throw new BackendException("cannot reach " + name + " at " + where + ": " + reason(e)
                    + " — is the server running? (--skip-preflight to skip this check)");
        }
        int status = reply.status();
        if (status == 401 || status == 403) {
            throw new BackendException(name + " at " + where + " refused the credentials (HTTP " + status
                    + ") — set the API key with config api-key-env=<VARIABLE> (--skip-preflight to skip this check)");
        }
        if (status == 404) {
            LOG.warn("{} at {} has no /v1/models (HTTP 404); the model name cannot be checked", name, where);
            return;
        }
        if (status >= 400) {
            throw new BackendException(name + " at " + where + " is not ready: GET /v1/models answered HTTP " + status
                    + snippet(reply.body()) + " (--skip-preflight to skip this check)");
        }
        List<String> ids = new ArrayList<>();
        try {
            JsonNode data = Json.parse(reply.body()).get("data");
            if (data != null && data.isArray()) {
                for (JsonNode m : data) {
                    String id = Json.text(m, "id");
                    if (id != null) ids.add(id);
                }
            }
        } catch (MalformedResponseException e) {
            LOG.warn("{} at {}: /v1/models did not answer JSON; the model name cannot be checked", name, where);
            return;
        }
        serverModels = List.copyOf(ids);
        String model = settings.model();
        if (!model.isEmpty() && !ids.contains(model)) {
            LOG.warn("{} at {} does not list model '{}' (it lists {}); requests may fail", name, where, model,
                    transport.scrub(ids.size() > MAX_LISTED_MODELS ? ids.subList(0, MAX_LISTED_MODELS) + "…" : ids.toString()));
        }
    }

    @Override
    public BackendInfo info() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("preset", settings.preset().providerName());
        d.put("endpoint_kind", settings.endpoint().label());
        long s = streamed.get();
        long w = whole.get();
        d.put("stream", s > 0 && w > 0 ? "mixed" : s > 0 ? "true" : w > 0 ? "false" : "per request");
        d.put("exact_length_params", Boolean.toString(settings.exactLength() && settings.preset().exactLength()));
        d.put("include_usage", Boolean.toString(settings.includeUsage()));
        d.put("max_concurrency", Integer.toString(settings.http().maxConcurrency()));
        d.put("tls_verify", Boolean.toString(!settings.http().insecure()));
        d.put("transport", transport.describe());
        List<String> models = serverModels;
        if (models != null) d.put("server_models", transport.scrub(String.join(",", models)));
        String model = settings.model();
        if (model.isEmpty() && models != null && models.size() == 1) model = models.get(0);
        String path = settings.pooling() != null ? settings.pooling().path() : settings.endpoint().path();
        return new BackendInfo(settings.preset().providerName(), model, settings.http().resolve(path).toString(), d);
    }

    @Override
    public void close() {
        transport.close();
    }

    @Override
    public String toString() {
        return "OpenAiBackend[" + settings.preset().providerName() + " " + settings.http().displayUrl() + "]";
    }

    /** A {@code param.*} value: its JSON when it is valid JSON, else the string it is. */
    static JsonNode parseParam(String v) {
        try {
            JsonNode n = Json.MAPPER.readTree(v);
            if (n != null && !n.isMissingNode()) return n;
        } catch (IOException | RuntimeException notJson) {
            // Not JSON: sent as the string it is.
        }
        return Json.MAPPER.getNodeFactory().textNode(v);
    }

    private String snippet(String body) {
        String t = transport.scrub(body == null ? "" : body).replaceAll("\\s+", " ").strip();
        if (t.isEmpty()) return "";
        return ": " + (t.length() > 200 ? t.substring(0, 200) + "…" : t);
    }

    static String reason(HttpTransport.TransportException e) {
        return switch (e.kind()) {
            case CONNECTION_REFUSED -> e.getMessage().startsWith("connection refused") ? "connection refused" : e.getMessage();
            case CONNECT_TIMEOUT -> "connect timeout";
            default -> e.getMessage();
        };
    }
}
