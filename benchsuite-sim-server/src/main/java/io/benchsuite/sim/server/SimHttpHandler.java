package io.benchsuite.sim.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.sim.AudioTokens;
import io.benchsuite.sim.ModelProfile;
import io.benchsuite.sim.Seeds;
import io.benchsuite.sim.SimBackend;
import io.benchsuite.sim.VisionTokens;
import io.benchsuite.sim.Vocabulary;
import io.benchsuite.sim.server.GenerationRequests.Api;
import io.benchsuite.sim.server.GenerationRequests.BadRequest;
import io.benchsuite.sim.server.GenerationRequests.Parsed;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Routes and serves every endpoint of {@link SimHttpServer}. */
final class SimHttpHandler implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(SimHttpHandler.class);
    /** Longest wait for the engine's next event; the engine always ends a request, this only guards against a bug. */
    private static final long EVENT_TIMEOUT_MILLIS = 600_000;
    private static final Set<String> POST_PATHS = Set.of("/v1/chat/completions", "/v1/completions", "/generate_stream");
    private static final Set<String> GET_PATHS = Set.of("/health", "/v1/models", "/metrics");


    private final SimBackend backend;
    private final Tokenizer tokenizer;
    private final String servedName;
    private final ModelProfile profile;
    private final FaultInjection faults;
    private final ServerMetrics metrics;
    private final GenerationRequests requests;
    private final RequestLog requestLog;
    private final ServedModels models;
    private final VisionTokens vision;
    private final AudioTokens audio;
    private final ObjectMapper json = new ObjectMapper();
    private final AtomicLong requestNumber = new AtomicLong();
    /**
     * Bounds how many received requests are parsed, tokenized and handed to the engine at once, to half
     * the CPUs (at least one). A burst of long prompts would otherwise put a tokenizing thread on every
     * CPU, and the requests arriving behind them (and a client sharing the machine) would wait for a CPU
     * before their arrival could even be stamped; a real server tokenizes on a few threads too.
     */
    private final Semaphore promptWork = new Semaphore(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    private final long startedEpochSeconds = System.currentTimeMillis() / 1000;
    private volatile boolean shuttingDown;

    SimHttpHandler(SimBackend backend, Tokenizer tokenizer, String servedName, ModelProfile profile, FaultInjection faults,
                   ServerMetrics metrics, int defaultMaxTokens, RequestLog requestLog, ServedModels models, VisionTokens vision,
                   AudioTokens audio) {
        this.audio = audio;
        this.requestLog = requestLog;
        this.models = models;
        this.vision = vision;
        this.backend = backend;
        this.tokenizer = tokenizer;
        this.servedName = servedName;
        this.profile = profile;
        this.faults = faults;
        this.metrics = metrics;
        this.requests = new GenerationRequests(servedName, defaultMaxTokens,
                m -> m.equals(servedName) || models.serves(m) || ModelProfile.find(m).map(profile::equals).orElse(false));
    }

    void shutDown() {
        shuttingDown = true;
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        boolean abort = false;
        try {
            route(ex);
        } catch (AbortConnection e) {
            // Thrown on purpose: the JDK server then closes the connection without ending the chunked
            // body, which closing the exchange here would do.
            abort = true;
            throw e;
        } catch (IOException e) {
            LOG.debug("client connection lost: {}", e.toString());
        } catch (RuntimeException e) {
            LOG.warn("simulated server failed on {} {}", ex.getRequestMethod(), ex.getRequestURI(), e);
            throw e;
        } finally {
            if (!abort) ex.close();
        }
    }

    private void route(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        String method = ex.getRequestMethod();
        if (path.length() > 1 && path.endsWith("/")) path = path.substring(0, path.length() - 1);
        if (GET_PATHS.contains(path)) {
            if (!method.equals("GET")) {
                sendError(ex, 405, "method " + method + " not allowed on " + path, "MethodNotAllowed");
                return;
            }
            switch (path) {
                case "/health" -> send(ex, 200, "text/plain; charset=utf-8", "");
                case "/v1/models" -> sendJson(ex, 200, models());
                default -> send(ex, 200, "text/plain; version=0.0.4; charset=utf-8", metrics.render(backend));
            }
            return;
        }
        if (POST_PATHS.contains(path)) {
            if (!method.equals("POST")) {
                sendError(ex, 405, "method " + method + " not allowed on " + path, "MethodNotAllowed");
                return;
            }
            Api api = switch (path) {
                case "/v1/chat/completions" -> Api.CHAT;
                case "/v1/completions" -> Api.COMPLETION;
                default -> Api.TGI;
            };
            generate(ex, api);
            return;
        }
        sendError(ex, 404, "no route for " + method + " " + path, "NotFoundError");
    }

    private ObjectNode models() {
        ObjectNode root = json.createObjectNode();
        root.put("object", "list");
        ObjectNode m = root.putArray("data").addObject();
        m.put("id", servedName);
        m.put("object", "model");
        m.put("created", startedEpochSeconds);
        m.put("owned_by", "benchsuite-sim");
        m.put("root", servedName);
        m.putNull("parent");
        m.put("max_model_len", profile.maxContext());
        return root;
    }

    // ---------------------------------------------------------------- generation

    /** Ends the exchange by dropping the connection. */
    static final class AbortConnection extends RuntimeException {
        AbortConnection(String why) {
            super(why, null, false, false);
        }
    }

    private void generate(HttpExchange ex, Api api) throws IOException {
        long arrival = ArrivalStamps.arrival();
        long created = System.currentTimeMillis() / 1000;
        if (shuttingDown) {
            sendError(ex, 503, "server is shutting down", "ServiceUnavailableError");
            return;
        }
        long number = requestNumber.getAndIncrement();
        byte[] body = ex.getRequestBody().readAllBytes();
        Admitted a;
        promptWork.acquireUninterruptibly();
        try {
            a = admit(ex, api, arrival, number, body);
        } finally {
            promptWork.release();
        }
        if (a != null) serve(ex, api, created, number, a);
    }

    /** A request the engine took: what serving its response needs. */
    private record Admitted(Parsed p, int promptTokens, StreamEvents events, StreamEvents.Event first, RequestHandle handle,
                            FaultPlan faultPlan) {}

    /**
     * Parses, counts and hands a received request to the engine, under {@link #promptWork}; returns
     * {@code null} when it was answered already (a bad request, an injected error, a rejection).
     */
    private Admitted admit(HttpExchange ex, Api api, long arrival, long number, byte[] body) throws IOException {
        Parsed p;
        try {
            p = requests.parse(body, api, number);
        } catch (BadRequest e) {
            badRequest(ex, api, e);
            return null;
        }
        FaultPlan faultPlan = FaultPlan.draw(faults, number, p.maxTokens(), p.stream() || api == Api.TGI);
        if (faultPlan.http500) {
            sendError(ex, 500, "injected server error", "InternalServerError");
            return null;
        }
        if (faultPlan.http429) {
            ex.getResponseHeaders().set("Retry-After", "1");
            sendError(ex, 429, "injected rate limit: too many requests", "RateLimitError");
            return null;
        }
        String prompt = ChatMessage.join(p.messages());
        int imageTokens = p.images().tokens(vision); // the vision encoder's output, prefilled with the text
        int audioTokens = p.audio().tokens(audio); // the audio encoder's, likewise
        int promptTokens = Math.max(1, tokenizer.countTokens(prompt)) + imageTokens + audioTokens;
        if (requestLog != null) {
            requestLog.received(number, arrival, api.name().toLowerCase(Locale.ROOT), promptTokens, p.maxTokens(),
                    p.images(), imageTokens, p.audio(), audioTokens);
        }
        models.admit(number, p.model(), ex.getRequestHeaders(), requestLog); // an adapter not loaded is loaded first
        if (requestLog != null && p.shaped() != null) requestLog.line(p.shaped().logLine(number));
        // the text joined once: counted above, cut into the prefix cache's blocks here
        InferenceRequest request = new InferenceRequest(number, servedName, p.messages(), promptTokens, p.maxTokens(),
                p.ignoreEos(), p.temperature(), p.seed(), p.stream(), Map.of(), backend.prepare(p.messages(), prompt));
        StreamEvents events = new StreamEvents(metrics, arrival, requestLog, number);
        RequestHandle handle = backend.send(request, events);
        // A request that can never run is rejected inside send(), before any byte of a 200 goes out.
        StreamEvents.Event first = events.poll();
        if (first instanceof StreamEvents.Failed f && f.error().kind() == ErrorKind.REJECTED) {
            badRequest(ex, api, new BadRequest(api == Api.TGI ? 422 : 400, f.error().message(), "messages"));
            return null;
        }
        return new Admitted(p, promptTokens, events, first, handle, faultPlan);
    }

    /** Streams (or sends whole) the response of an admitted request. */
    private void serve(HttpExchange ex, Api api, long created, long number, Admitted a) throws IOException {
        Parsed p = a.p();
        int promptTokens = a.promptTokens();
        StreamEvents events = a.events();
        StreamEvents.Event first = a.first();
        RequestHandle handle = a.handle();
        FaultPlan faultPlan = a.faultPlan();
        String id = (api == Api.CHAT ? "chatcmpl-" : "cmpl-") + Long.toHexString(Seeds.mix(number ^ startedEpochSeconds));
        try {
            if (api == Api.TGI) streamTgi(ex, p, promptTokens, events, first, handle, faultPlan);
            else if (p.stream()) streamOpenAi(ex, api, id, created, p, events, first, handle, faultPlan);
            else respondOpenAi(ex, api, id, created, events, first, handle, p.shaped());
        } catch (IOException e) {
            handle.cancel();
            if (!events.completed()) metrics.finished("abort"); // a completed one was counted by length
            throw e;
        }
    }

    // ---------------------------------------------------------------- responses

    /**
     * The next event of the request. Before waiting for one, what was written is flushed: an event
     * leaves as soon as no other is ready, and events that queued while this thread was behind leave
     * together (as from a real server whose writer fell behind), one write instead of one each.
     *
     * @param out the stream to flush before waiting, or {@code null} for a response sent whole
     */
    private StreamEvents.Event next(StreamEvents events, StreamEvents.Event[] pending, RequestHandle handle,
                                    OutputStream out) throws IOException {
        if (pending[0] != null) {
            StreamEvents.Event e = pending[0];
            pending[0] = null;
            return e;
        }
        StreamEvents.Event ready = events.poll();
        if (ready != null) return ready;
        if (out != null) {
            out.flush();
            events.flushed(System.nanoTime());
        }
        try {
            StreamEvents.Event e = events.take(EVENT_TIMEOUT_MILLIS);
            if (e == null) {
                handle.cancel();
                throw new AbortConnection("no event from the engine for " + EVENT_TIMEOUT_MILLIS + " ms");
            }
            return e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            handle.cancel();
            throw new AbortConnection("server shutting down");
        }
    }

    private void streamOpenAi(HttpExchange ex, Api api, String id, long created, Parsed p, StreamEvents events,
                              StreamEvents.Event first, RequestHandle handle, FaultPlan faultPlan) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        ex.sendResponseHeaders(200, 0);
        OutputStream out = ex.getResponseBody();
        StreamEvents.Event[] pending = {first};
        ChunkTemplate tokens = new ChunkTemplate(api == Api.CHAT, id, created, servedName);
        int n = 0, answers = 0;
        while (true) {
            StreamEvents.Event e = next(events, pending, handle, out);
            if (e instanceof StreamEvents.Token t) {
                n++;
                if (injectMidStream(out, faultPlan, n, handle, events, "data: ")) return;
                if (n == 1 && api == Api.CHAT) {
                    // vLLM sends the role-only delta together with the first output, not before prefill.
                    ObjectNode role = chunk(api, id, created);
                    ObjectNode delta = ((ObjectNode) role.withArray("choices").get(0)).putObject("delta");
                    delta.put("role", "assistant");
                    delta.put("content", "");
                    ((ObjectNode) role.withArray("choices").get(0)).putNull("finish_reason");
                    event(out, "data: ", role);
                }
                boolean shaped = p.shaped() != null && p.shaped().shapes() && !t.reasoning();
                out.write(shaped ? p.shaped().chunk(tokens, ++answers, n >= p.maxTokens()) : tokens.token(t.text(), n >= p.maxTokens(), t.reasoning()));
                events.wrote(t);
            } else if (e instanceof StreamEvents.Done d) {
                byte[] rest = p.shaped() == null || !p.shaped().shapes() ? null : p.shaped().remainder(tokens);
                if (rest != null) out.write(rest);
                if (p.includeUsage()) {
                    ObjectNode u = json.createObjectNode();
                    u.put("id", id);
                    u.put("object", api == Api.CHAT ? "chat.completion.chunk" : "text_completion");
                    u.put("created", created);
                    u.put("model", servedName);
                    u.putArray("choices");
                    usage(u, d.usage());
                    event(out, "data: ", u);
                }
                out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                events.flushed(System.nanoTime());
                events.logReasoning(d.usage());
                return;
            } else {
                metrics.finished("abort");
                throw new AbortConnection("engine ended the request: " + ((StreamEvents.Failed) e).error().message());
            }
        }
    }

    private void streamTgi(HttpExchange ex, Parsed p, int promptTokens, StreamEvents events, StreamEvents.Event first,
                           RequestHandle handle, FaultPlan faultPlan) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "text/event-stream");
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        ex.sendResponseHeaders(200, 0);
        OutputStream out = ex.getResponseBody();
        StreamEvents.Event[] pending = {first};
        StringBuilder text = new StringBuilder();
        int n = 0;
        StreamEvents.Token held = null; // TGI puts generated_text and details on the last token's event
        while (true) {
            StreamEvents.Event e = next(events, pending, handle, out);
            if (e instanceof StreamEvents.Token t) {
                if (held != null) event(out, "data:", tgiEvent(n, held, null, 0, p.seed(), promptTokens));
                n++;
                if (injectMidStream(out, faultPlan, n, handle, events, "data:")) return;
                text.append(t.text());
                held = t;
                events.wrote(t);
            } else if (e instanceof StreamEvents.Done d) {
                if (held != null) event(out, "data:", tgiEvent(n, held, text.toString(), d.usage().completionTokens(), p.seed(), promptTokens));
                out.flush();
                events.flushed(System.nanoTime());
                events.logReasoning(d.usage());
                return;
            } else {
                metrics.finished("abort");
                throw new AbortConnection("engine ended the request: " + ((StreamEvents.Failed) e).error().message());
            }
        }
    }

    private ObjectNode tgiEvent(int index, StreamEvents.Token t, String generatedText, int generatedTokens, long seed, int inputLength) {
        ObjectNode ev = json.createObjectNode();
        ev.put("index", index);
        ObjectNode token = ev.putObject("token");
        int tokenId = Vocabulary.id(t.text());
        token.put("id", tokenId);
        token.put("text", t.text());
        token.put("logprob", -0.05 - (tokenId % 10) * 0.1);
        token.put("special", false);
        if (generatedText == null) {
            ev.putNull("generated_text");
            ev.putNull("details");
        } else {
            ev.put("generated_text", generatedText);
            ObjectNode details = ev.putObject("details");
            details.put("finish_reason", "length");
            details.put("generated_tokens", generatedTokens);
            details.put("seed", seed);
            details.put("input_length", inputLength);
        }
        ev.putNull("top_tokens");
        return ev;
    }

    /**
     * Applies the faults planned before the {@code n}-th token; returns true when the stream ended
     * (error event). A reset throws {@link AbortConnection}.
     */
    private boolean injectMidStream(OutputStream out, FaultPlan plan, int n, RequestHandle handle, StreamEvents events,
                                    String prefix) throws IOException {
        if (plan.stallAt == n || plan.resetAt == n) out.flush(); // what came before the fault has left
        if (plan.stallAt == n) {
            try {
                Thread.sleep(faults.stall().toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                handle.cancel();
                throw new AbortConnection("interrupted during injected stall");
            }
        }
        if (plan.malformedAt == n) {
            out.write((prefix + "{not json\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        if (plan.errorEventAt == n) {
            handle.cancel();
            ObjectNode err = json.createObjectNode();
            ObjectNode body = err.putObject("error");
            body.put("code", 500);
            body.put("message", "injected error inside the stream");
            body.put("type", "server_error");
            event(out, prefix, err);
            out.flush();
            if (!events.completed()) metrics.finished("error"); // at the last token the engine may have ended it
            return true;
        }
        if (plan.resetAt == n) {
            handle.cancel();
            if (!events.completed()) metrics.finished("abort");
            throw new AbortConnection("injected mid-stream reset");
        }
        return false;
    }

    private void respondOpenAi(HttpExchange ex, Api api, String id, long created, StreamEvents events,
                               StreamEvents.Event first, RequestHandle handle, ShapedAnswer shaped) throws IOException {
        StreamEvents.Event[] pending = {first};
        StringBuilder text = new StringBuilder();
        StringBuilder reasoning = new StringBuilder();
        while (true) {
            StreamEvents.Event e = next(events, pending, handle, null);
            if (e instanceof StreamEvents.Token t) {
                (t.reasoning() && api == Api.CHAT ? reasoning : text).append(t.text());
                events.wrote(t);
            } else if (e instanceof StreamEvents.Done d) {
                ObjectNode r = json.createObjectNode();
                r.put("id", id);
                r.put("object", api == Api.CHAT ? "chat.completion" : "text_completion");
                r.put("created", created);
                r.put("model", servedName);
                ObjectNode choice = r.putArray("choices").addObject();
                choice.put("index", 0);
                if (api == Api.CHAT) {
                    ObjectNode message = choice.putObject("message");
                    message.put("role", "assistant");
                    if (reasoning.length() > 0) message.put("reasoning_content", reasoning.toString());
                    message.put("content", text.toString());
                } else {
                    choice.put("text", text.toString());
                }
                choice.putNull("logprobs");
                choice.put("finish_reason", "length");
                choice.putNull("stop_reason");
                if (shaped != null && shaped.shapes() && api == Api.CHAT) shaped.fill((ObjectNode) choice.get("message"), choice);
                usage(r, d.usage());
                sendJson(ex, 200, r);
                events.flushed(System.nanoTime());
                events.logReasoning(d.usage());
                return;
            } else {
                metrics.finished("abort");
                sendError(ex, 503, "request ended by the engine: " + ((StreamEvents.Failed) e).error().message(),
                        "ServiceUnavailableError");
                return;
            }
        }
    }

    private ObjectNode chunk(Api api, String id, long created) {
        ObjectNode c = json.createObjectNode();
        c.put("id", id);
        c.put("object", api == Api.CHAT ? "chat.completion.chunk" : "text_completion");
        c.put("created", created);
        c.put("model", servedName);
        ArrayNode choices = c.putArray("choices");
        choices.addObject().put("index", 0);
        return c;
    }

    private static void usage(ObjectNode target, Usage u) {
        ChunkTemplate.usage(target, u);
    }

    /** Writes one event; it leaves at the next flush (when no other event is ready, see {@link #next}). */
    private void event(OutputStream out, String prefix, ObjectNode payload) throws IOException {
        out.write((prefix + json.writeValueAsString(payload) + "\n\n").getBytes(StandardCharsets.UTF_8));
    }

    private void badRequest(HttpExchange ex, Api api, BadRequest e) throws IOException {
        if (api == Api.TGI) {
            ObjectNode r = json.createObjectNode();
            r.put("error", e.getMessage());
            r.put("error_type", "validation");
            sendJson(ex, e.status, r);
        } else {
            String type = e.status == 404 ? "NotFoundError" : "BadRequestError";
            sendError(ex, e.status, e.getMessage(), type, e.param);
        }
    }

    private void sendError(HttpExchange ex, int status, String message, String type) throws IOException {
        sendError(ex, status, message, type, null);
    }

    private void sendError(HttpExchange ex, int status, String message, String type, String param) throws IOException {
        ObjectNode r = json.createObjectNode();
        ObjectNode err = r.putObject("error");
        err.put("message", message);
        err.put("type", type);
        if (param == null) err.putNull("param");
        else err.put("param", param);
        err.put("code", status);
        sendJson(ex, status, r);
    }

    private void sendJson(HttpExchange ex, int status, ObjectNode body) throws IOException {
        try {
            send(ex, status, "application/json", json.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize a response", e);
        }
    }

    private static void send(HttpExchange ex, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", contentType);
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    /** The faults one request gets: HTTP-level, or the 1-based token position of each mid-stream fault (0 = none). */
    private record FaultPlan(boolean http500, boolean http429, int resetAt, int malformedAt, int stallAt, int errorEventAt) {
        private static final FaultPlan NONE = new FaultPlan(false, false, 0, 0, 0, 0);

        static FaultPlan draw(FaultInjection f, long requestNumber, int maxTokens, boolean streaming) {
            if (!f.any()) return NONE;
            SplittableRandom r = new SplittableRandom(Seeds.mix(f.seed() ^ Seeds.mix(requestNumber)));
            // Always draw every value, in a fixed order, so changing one rate does not reshuffle the others.
            boolean e500 = r.nextDouble() < f.errorRate();
            boolean e429 = r.nextDouble() < f.rateLimitRate();
            boolean reset = r.nextDouble() < f.resetRate();
            int resetAt = midStream(r, maxTokens);
            boolean malformed = r.nextDouble() < f.malformedRate();
            int malformedAt = 1 + r.nextInt(maxTokens);
            boolean stall = r.nextDouble() < f.stallRate();
            int stallAt = 1 + r.nextInt(maxTokens);
            boolean errorEvent = r.nextDouble() < f.errorEventRate();
            int errorAt = midStream(r, maxTokens);
            if (!streaming) return new FaultPlan(e500, e429 && !e500, 0, 0, 0, 0);
            return new FaultPlan(e500, e429 && !e500, reset ? resetAt : 0, malformed ? malformedAt : 0,
                    stall ? stallAt : 0, errorEvent ? errorAt : 0);
        }

        /** A position after at least one token when there are two or more. */
        private static int midStream(SplittableRandom r, int maxTokens) {
            return maxTokens < 2 ? 1 : 2 + r.nextInt(maxTokens - 1);
        }
    }
}
