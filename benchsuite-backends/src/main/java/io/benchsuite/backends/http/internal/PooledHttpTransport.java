package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Secret;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.Transport;
import io.benchsuite.backends.http.spi.HttpTransport;
import io.benchsuite.backends.http.spi.ResponseDialect;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP plumbing every HTTP backend shares: a pooled client sized to the run's concurrency (Netty
 * by default, Apache HttpClient 5 with {@code transport=httpclient}, see {@link Transport}), the API
 * key and extra headers, request timeouts, and the bookkeeping that lets {@link #close()} end every
 * request and every thread.
 *
 * <p>HTTP/1.1 with keep-alive is used (also over TLS) so that one stream is one connection, as with
 * the Python benchmark clients; automatic retries, redirects, cookies and content compression are
 * off because each would distort what is measured (the one exception, a single re-send when a reused
 * connection died before any response byte, is described in {@link Exchange}).
 */
public final class PooledHttpTransport implements HttpTransport {
    private static final Logger LOG = LoggerFactory.getLogger(PooledHttpTransport.class);

    private final String backendName;
    private final HttpSettings settings;
    private final SecretMask secrets;
    private final Map<String, String> fixedHeaders;
    private final Connector connector;
    private final Set<Exchange> active = ConcurrentHashMap.newKeySet();
    private final Queue<Thread> threads = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Builds and starts the client.
     *
     * @throws BackendException when the API key variable is named but not set, or TLS cannot be set up
     */
    public PooledHttpTransport(String backendName, HttpSettings settings, EnvironmentVariables environment) {
        this(backendName, settings, environment, null);
    }

    /**
     * A transport to {@code settings}' server on the event loops of {@code beside} (when both carry requests
     * over Netty): the loopback warm-up's, so that it warms the threads the run's requests are written and
     * read on, not threads of its own that end with it.
     */
    static PooledHttpTransport beside(PooledHttpTransport beside, String backendName, HttpSettings settings,
                                      EnvironmentVariables environment) {
        return new PooledHttpTransport(backendName, settings, environment, beside);
    }

    private PooledHttpTransport(String backendName, HttpSettings settings, EnvironmentVariables environment,
                                PooledHttpTransport beside) {
        this.backendName = backendName;
        this.settings = settings;
        String apiKey = null;
        if (settings.apiKeyEnv().isPresent()) {
            String var = settings.apiKeyEnv().get();
            apiKey = environment.get(var).map(String::trim).filter(s -> !s.isEmpty()).orElseThrow(() -> new BackendException(
                    "environment variable '" + var + "' (named by config api-key-env) is not set or empty"));
        }
        SecretMask mask = settings.secrets();
        if (apiKey != null) mask = mask.and(SecretMask.of(List.of(apiKey, "Bearer " + apiKey)));
        Map<String, String> headers = new LinkedHashMap<>(settings.headers());
        // the one place a secret header's value is read: references resolve now, and join the mask
        List<String> resolved = new ArrayList<>();
        for (Map.Entry<String, Secret> e : settings.secretHeaders().entrySet()) {
            String value;
            try {
                value = e.getValue().resolve(name -> environment.get(name).orElse(null));
            } catch (IllegalStateException unavailable) {
                throw new BackendException("header " + e.getKey() + ": " + unavailable.getMessage());
            }
            headers.put(e.getKey(), value);
            resolved.add(value);
        }
        if (!resolved.isEmpty()) mask = mask.and(SecretMask.of(resolved));
        this.secrets = mask;
        if (apiKey != null) {
            headers.keySet().removeIf(k -> k.equalsIgnoreCase("Authorization"));
            headers.put("Authorization", "Bearer " + apiKey);
        }
        this.fixedHeaders = Map.copyOf(headers);
        if (settings.insecure()) {
            LOG.warn("{}: TLS certificate and host name verification are OFF (config insecure=true) for {}",
                    backendName, settings.displayUrl());
        }
        String id = Integer.toHexString(System.identityHashCode(this));
        this.connector = settings.transport() == Transport.HTTPCLIENT
                ? new HttpClientConnector(settings, name -> threadFactory("benchsuite-http-" + id + "-" + name))
                : new NettyConnector(settings, threadFactory("benchsuite-http-" + id + "-io"),
                        beside != null && beside.connector instanceof NettyConnector loops ? loops : null);
    }

    /** The settings in force. */
    @Override
    public HttpSettings settings() {
        return settings;
    }

    /** What carries the requests, e.g. {@code netty (epoll)} or {@code httpclient5}. */
    @Override
    public String describe() {
        return connector.describe();
    }

    /** Text with every secret value masked; use on anything that may reach a log or report. */
    @Override
    public String scrub(String text) {
        return text == null ? "" : secrets.mask(text);
    }

    /** How many requests are in flight. */
    @Override
    public int inFlight() {
        return active.size();
    }

    /**
     * Builds the JSON body (UTF-8) and posts it; a body that cannot be built fails the request (typed, with
     * secrets scrubbed from the message) instead of throwing.
     */
    @Override
    public RequestHandle postJson(String path, Supplier<byte[]> body,
                                  InferenceRequest request, ResponseDialect dialect,
                                  ResponseListener listener) {
        return postJsonParts(path, () -> List.of(body.get()), request, dialect, listener);
    }

    @Override
    public RequestHandle postJsonParts(String path, Supplier<List<byte[]>> parts, InferenceRequest request,
                                       ResponseDialect dialect, ResponseListener listener) {
        List<byte[]> body;
        try {
            body = List.copyOf(parts.get());
        } catch (RuntimeException e) {
            listener.onError(System.nanoTime(), BackendError.of(ErrorKind.BACKEND_EXCEPTION,
                    "cannot build the request body: " + scrub(String.valueOf(e.getMessage()))));
            return RequestHandle.NONE;
        }
        return send(path, body, request.headers(), request.stream(), dialect, listener);
    }

    /**
     * Posts a JSON body and streams the response into {@code dialect}. Returns at once; never throws
     * for network or server trouble (those reach {@code listener.onError}).
     */
    @Override
    public RequestHandle post(String path, byte[] jsonBody, Map<String, String> requestHeaders, boolean stream,
                              ResponseDialect dialect, ResponseListener listener) {
        return send(path, jsonBody == null ? null : List.of(jsonBody), requestHeaders, stream, dialect, listener);
    }

    private RequestHandle send(String path, List<byte[]> body, Map<String, String> requestHeaders, boolean stream,
                               ResponseDialect dialect, ResponseListener listener) {
        URI uri = settings.resolve(path);
        WireRequest wire = new WireRequest("POST", uri, headers(stream ? "text/event-stream" : "application/json",
                requestHeaders), body);
        Exchange[] self = new Exchange[1];
        Exchange exchange = new Exchange(listener, dialect, stream, settings, uri.toString(), secrets,
                () -> active.remove(self[0]), attempt -> connector.execute(wire, attempt));
        self[0] = exchange;
        if (closed.get()) {
            exchange.error(System.nanoTime(), BackendError.of(ErrorKind.REJECTED, backendName + " backend is closed"));
            return exchange;
        }
        active.add(exchange);
        try {
            ScheduledFuture<?> timeoutTask = connector.schedule(() -> exchange.requestTimedOut(settings.requestTimeout()),
                    settings.requestTimeout().toNanos());
            exchange.start(timeoutTask);
        } catch (RuntimeException e) {
            exchange.failedToStart(e);
        }
        return exchange;
    }

    /** The headers of a request: Accept, the configured ones, the API key, then per-request ones. */
    private Map<String, String> headers(String accept, Map<String, String> requestHeaders) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Accept", accept);
        h.putAll(fixedHeaders);
        requestHeaders.forEach((k, v) -> {
            // Per-request headers (traceparent) never replace the credentials.
            if (!k.equalsIgnoreCase("Authorization") || !fixedHeaders.containsKey("Authorization")) h.put(k, v);
        });
        return h;
    }

    /**
     * Opens the configured {@code prewarm-connections} into the pool (none by default), waiting at most the
     * pre-flight timeout: the run's first requests then find open connections instead of paying for a
     * connect inside their latency. Starts opening the {@code spare-connections} too (without waiting).
     *
     * @return how many pre-warmed connections opened
     */
    @Override
    public int prewarm() {
        if (settings.spareConnections() > 0 && settings.transport() != Transport.NETTY) {
            LOG.warn("{}: spare-connections={} is ignored: the {} transport opens connections only for requests", backendName,
                    settings.spareConnections(), settings.transport().label());
        }
        int wanted = Math.max(0, settings.prewarmConnections()); // not set: the run asks later (openAhead)
        if (wanted == 0) {
            if (settings.spareConnections() > 0) connector.prewarm(0, settings.preflightTimeout());
            return 0;
        }
        int opened = connector.prewarm(wanted, settings.preflightTimeout());
        if (opened < wanted) {
            LOG.warn("{}: opened {} of {} connections before the run ({}){}", backendName, opened, wanted,
                    settings.displayUrl(), settings.transport() == Transport.NETTY ? ""
                            : "; the " + settings.transport().label() + " transport opens connections only for requests");
        } else {
            LOG.info("{}: opened {} connections before the run", backendName, opened);
        }
        return opened;
    }

    /**
     * Opens up to {@code connections} connections into the pool just before the run's clock starts, as the
     * run asks ({@code Backend.openConnections}: a replayed trace's first-second arrivals), when the user
     * set no {@code prewarm-connections} (a number set there was opened in pre-flight and stands). Waits
     * at most the pre-flight timeout; never fails.
     *
     * @return how many connections opened
     */
    @Override
    public int openAhead(int connections) {
        if (settings.prewarmConnections() != HttpSettings.PREWARM_AUTO || connections <= 0) return 0;
        int wanted = Math.min(connections, settings.maxConcurrency());
        int opened = connector.prewarm(wanted, settings.preflightTimeout());
        if (opened > 0) {
            LOG.info("{}: opened {} connections before the clock for the {} request(s) due in the run's first second "
                    + "(--backend-option {}=0 to open none)", backendName, opened, connections, HttpSettings.PREWARM_CONNECTIONS);
        }
        return opened;
    }

    /**
     * A short GET for pre-flight checks (not a counted request).
     *
     * @throws TransportException when no HTTP response came back within {@code limit}
     */
    @Override
    public Reply get(String path, Duration limit) throws TransportException {
        WireRequest wire = new WireRequest("GET", settings.resolve(path), headers("application/json", Map.of()), null);
        try {
            return connector.get(wire, limit);
        } catch (TransportException e) {
            throw new TransportException(e.kind(), secrets.mask(e.getMessage()));
        }
    }

    /**
     * Ends every request still in flight (each gets {@code CANCELLED}), closes every connection at
     * once and stops the client; when this returns no thread of this transport is running.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        for (Exchange e : List.copyOf(active)) e.cancel();
        connector.close();
        try {
            // A thread reports itself finished a moment before it has returned: wait for them, so
            // that no thread of this backend outlives close().
            for (Thread t : threads) {
                if (t != Thread.currentThread()) t.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Daemon threads named {@code prefix-N}, remembered so that close() can wait for them. */
    private ThreadFactory threadFactory(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            // Netty's fast thread-locals (buffer caches) need its own thread class; it is a plain Thread otherwise.
            Thread t = new FastThreadLocalThread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            threads.add(t);
            return t;
        };
    }
}
