package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.backends.http.Environment;
import io.benchsuite.backends.http.HttpSettings;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.http.Method;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP plumbing every HTTP backend shares: one pooled HttpClient 5 async client sized to the
 * run's concurrency, a timer for whole-request timeouts, the API key and extra headers, and the
 * bookkeeping that lets {@link #close()} end every request and every thread.
 *
 * <p>HTTP/1.1 with keep-alive is forced (also over TLS) so that one stream is one connection, as
 * with the Python benchmark clients; automatic retries, redirects, cookies and content compression
 * are off because each would distort what is measured.
 */
public final class HttpTransport implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpTransport.class);

    private final String backendName;
    private final HttpSettings settings;
    private final SecretMask secrets;
    private final Map<String, String> fixedHeaders;
    private final String id;
    private final CloseableHttpAsyncClient client;
    private final Object retryClientLock = new Object();
    private CloseableHttpAsyncClient retryClient; // guarded by retryClientLock
    private final ScheduledThreadPoolExecutor timer;
    private final Set<Exchange> active = ConcurrentHashMap.newKeySet();
    private final java.util.Queue<Thread> threads = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    /** A preflight response. */
    public record Reply(int status, String body) {}

    /** A preflight request that got no HTTP response. */
    public static final class TransportException extends Exception {
        private static final long serialVersionUID = 1L;
        private final ErrorKind kind;

        TransportException(ErrorKind kind, String message) {
            super(message);
            this.kind = kind;
        }

        /** The failure's category. */
        public ErrorKind kind() {
            return kind;
        }
    }

    /**
     * Builds and starts the client.
     *
     * @throws BackendException when the API key variable is named but not set, or TLS cannot be set up
     */
    public HttpTransport(String backendName, HttpSettings settings, Environment environment) {
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
        this.secrets = mask;
        Map<String, String> headers = new LinkedHashMap<>(settings.headers());
        if (apiKey != null) {
            headers.keySet().removeIf(k -> k.equalsIgnoreCase("Authorization"));
            headers.put("Authorization", "Bearer " + apiKey);
        }
        this.fixedHeaders = Map.copyOf(headers);

        if (settings.insecure()) {
            LOG.warn("{}: TLS certificate and host name verification are OFF (config insecure=true) for {}",
                    backendName, settings.displayUrl());
        }
        this.id = Integer.toHexString(System.identityHashCode(this));
        this.client = newClient(settings.maxConcurrency(), 0, true, "io");
        this.timer = new ScheduledThreadPoolExecutor(1, daemonFactory("benchsuite-http-" + id + "-timeouts"));
        timer.setRemoveOnCancelPolicy(true); // 10-minute timers of finished requests must not pile up
        timer.setKeepAliveTime(5, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
    }

    /**
     * A pooled async client. {@code reuse=false} makes every connection serve one request and close:
     * the client for connection retries, whose whole point is a connection nobody used before.
     */
    private CloseableHttpAsyncClient newClient(int pool, int ioThreads, boolean reuse, String threadName) {
        PoolingAsyncClientConnectionManager cm = TimedConnections.builder()
                .setMaxConnTotal(pool)
                .setMaxConnPerRoute(pool)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(timeout(settings.connectTimeout()))
                        .setSocketTimeout(timeout(settings.readTimeout()))
                        .build())
                .setDefaultTlsConfig(TlsConfig.custom()
                        .setVersionPolicy(HttpVersionPolicy.FORCE_HTTP_1)
                        .setHandshakeTimeout(timeout(settings.connectTimeout()))
                        .build())
                .setTlsStrategy(tlsStrategy(settings.insecure()))
                .build();
        IOReactorConfig.Builder reactor = IOReactorConfig.custom()
                .setSoTimeout(timeout(settings.readTimeout()))
                .setTcpNoDelay(true)
                // Timeouts are checked once per select interval (default 1 s); 100 ms keeps
                // read timeouts close to what was configured at negligible cost.
                .setSelectInterval(TimeValue.ofMilliseconds(100));
        if (ioThreads > 0) reactor.setIoThreadCount(ioThreads);
        var builder = HttpAsyncClients.custom()
                .setConnectionManager(cm)
                .setIOReactorConfig(reactor.build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(timeout(settings.requestTimeout()))
                        .setResponseTimeout(timeout(settings.readTimeout()))
                        .build())
                .setThreadFactory(daemonFactory("benchsuite-http-" + id + "-" + threadName))
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .disableAuthCaching()
                .disableConnectionState()
                .setUserAgent("benchsuite");
        if (!reuse) builder.setConnectionReuseStrategy((request, response, context) -> false);
        CloseableHttpAsyncClient c = builder.build();
        c.start();
        return c;
    }

    /** The client for connection retries, started on first use (most runs never need it). */
    private CloseableHttpAsyncClient retryClient() {
        synchronized (retryClientLock) {
            if (retryClient == null) retryClient = newClient(settings.maxConcurrency(), 1, false, "retry");
            return retryClient;
        }
    }

    /** The settings in force. */
    public HttpSettings settings() {
        return settings;
    }

    /** Text with every secret value masked; use on anything that may reach a log or report. */
    public String scrub(String text) {
        return text == null ? "" : secrets.mask(text);
    }

    /** How many requests are in flight. */
    public int inFlight() {
        return active.size();
    }

    /**
     * Posts a JSON body and streams the response into {@code dialect}. Returns at once; never throws
     * for network or server trouble (those reach {@code listener.onError}).
     */
    /**
     * Builds the JSON body and posts it; a body that cannot be built fails the request (typed, with
     * secrets scrubbed from the message) instead of throwing.
     */
    public RequestHandle postJson(String path, java.util.function.Supplier<com.fasterxml.jackson.databind.JsonNode> body,
                                  io.benchsuite.api.backend.InferenceRequest request, ResponseDialect dialect,
                                  ResponseListener listener) {
        byte[] bytes;
        try {
            bytes = Json.bytes(body.get());
        } catch (RuntimeException e) {
            listener.onError(System.nanoTime(), io.benchsuite.api.backend.BackendError.of(
                    io.benchsuite.api.backend.ErrorKind.BACKEND_EXCEPTION,
                    "cannot build the request body: " + scrub(String.valueOf(e.getMessage()))));
            return io.benchsuite.api.backend.RequestHandle.NONE;
        }
        return post(path, bytes, request.headers(), request.stream(), dialect, listener);
    }

    public RequestHandle post(String path, byte[] jsonBody, Map<String, String> requestHeaders, boolean stream,
                              ResponseDialect dialect, ResponseListener listener) {
        URI uri = settings.resolve(path);
        String target = uri.toString();
        Exchange[] self = new Exchange[1];
        Exchange exchange = new Exchange(listener, dialect, stream, settings, target, secrets,
                () -> active.remove(self[0]),
                attempt -> (attempt.isRetry() ? retryClient() : client).execute(
                        new BasicRequestProducer(request(uri, stream, requestHeaders),
                                new BodyProducer(jsonBody, attempt::sent)),
                        attempt, attempt.context(), attempt));
        self[0] = exchange;
        if (closed.get()) {
            exchange.error(System.nanoTime(), BackendError.of(ErrorKind.REJECTED, backendName + " backend is closed"));
            return exchange;
        }
        active.add(exchange);
        try {
            ScheduledFuture<?> timeoutTask = timer.schedule(() -> exchange.requestTimedOut(settings.requestTimeout()),
                    settings.requestTimeout().toNanos(), TimeUnit.NANOSECONDS);
            exchange.start(timeoutTask);
        } catch (RuntimeException e) {
            exchange.failedToStart(e);
        }
        return exchange;
    }

    /** A new request message (HttpClient adds headers to it, so each execution needs its own). */
    private BasicHttpRequest request(URI uri, boolean stream, Map<String, String> requestHeaders) {
        BasicHttpRequest request = new BasicHttpRequest(Method.POST, uri);
        request.setHeader("Accept", stream ? "text/event-stream" : "application/json");
        fixedHeaders.forEach(request::setHeader);
        requestHeaders.forEach((k, v) -> {
            // Per-request headers (traceparent) never replace the credentials.
            if (!k.equalsIgnoreCase("Authorization") || !fixedHeaders.containsKey("Authorization")) {
                request.setHeader(k, v);
            }
        });
        return request;
    }

    /**
     * A short GET for pre-flight checks (not a counted request).
     *
     * @throws TransportException when no HTTP response came back within {@code limit}
     */
    public Reply get(String path, Duration limit) throws TransportException {
        URI uri = settings.resolve(path);
        SimpleRequestBuilder b = SimpleRequestBuilder.get(uri);
        fixedHeaders.forEach(b::setHeader);
        b.setHeader("Accept", "application/json");
        b.setRequestConfig(RequestConfig.custom()
                .setResponseTimeout(timeout(limit))
                .setConnectionRequestTimeout(timeout(limit))
                .build());
        SimpleHttpRequest request = b.build();
        Future<SimpleHttpResponse> f = client.execute(request, null);
        try {
            SimpleHttpResponse r = f.get(limit.toNanos(), TimeUnit.NANOSECONDS);
            String body = r.getBody() == null ? "" : new String(r.getBody().getBodyBytes(), StandardCharsets.UTF_8);
            return new Reply(r.getCode(), body);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new TransportException(ErrorKind.READ_TIMEOUT,
                    "no answer within " + io.benchsuite.api.util.Durations.format(limit) + " (config preflight-timeout)");
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new TransportException(ErrorKind.CANCELLED, "interrupted");
        } catch (ExecutionException e) {
            Failures.Classified c = Failures.classify(e, false);
            throw new TransportException(c.kind(), secrets.mask(c.message()));
        }
    }

    /**
     * Ends every request still in flight (each gets {@code CANCELLED}) and stops the client and the
     * timer; when this returns no thread of this transport is running.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        for (Exchange e : List.copyOf(active)) e.cancel();
        // Shut the reactor down and wait for its threads before closing: closing first makes the
        // reactor threads trip over their own closed selector and log a spurious error.
        CloseableHttpAsyncClient retries;
        synchronized (retryClientLock) {
            retries = retryClient;
        }
        shutDown(client);
        if (retries != null) shutDown(retries);
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
            // "shut down" is reported a moment before the reactor's threads have returned: wait for them,
            // so that no thread of this backend outlives close().
            for (Thread t : threads) {
                if (t != Thread.currentThread()) t.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void shutDown(CloseableHttpAsyncClient c) {
        c.initiateShutdown();
        try {
            c.awaitShutdown(TimeValue.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        c.close(CloseMode.IMMEDIATE);
    }

    private static Timeout timeout(Duration d) {
        return Timeout.ofMilliseconds(Math.max(1, d.toMillis()));
    }

    private java.util.concurrent.ThreadFactory daemonFactory(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            threads.add(t);
            return t;
        };
    }

    private static TlsStrategy tlsStrategy(boolean insecure) {
        if (!insecure) return ClientTlsStrategyBuilder.create().useSystemProperties().buildAsync();
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[] {new TrustEverything()}, null);
            return ClientTlsStrategyBuilder.create()
                    .setSslContext(ctx)
                    .setHostVerificationPolicy(HostnameVerificationPolicy.CLIENT)
                    .setHostnameVerifier(NoopHostnameVerifier.INSTANCE)
                    .buildAsync();
        } catch (NoSuchAlgorithmException | KeyManagementException e) {
            throw new BackendException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    /** Accepts any certificate; only used when the user asked for {@code insecure=true}. */
    private static final class TrustEverything implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            // insecure=true: verification deliberately skipped
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // insecure=true: verification deliberately skipped
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
