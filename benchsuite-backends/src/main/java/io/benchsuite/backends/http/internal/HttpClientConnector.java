package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.util.Durations;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.spi.HttpTransport;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
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
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.nio.AsyncResponseConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.net.NamedEndpoint;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.reactor.ssl.TransportSecurityLayer;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * The Apache HttpClient 5 transport ({@code transport=httpclient}): one pooled async client sized to
 * the run's concurrency, a timer for whole-request timeouts, and a second, unpooled client for the
 * one re-send on a fresh connection (HttpClient's pool would hand out another dead kept-alive
 * connection). TLS is set up only when an https URL needs it.
 *
 * <p>{@link #close()} first drops every connection at once and only then shuts the reactors down:
 * HttpClient's graceful shutdown otherwise waits for the streams that are still receiving (5 s, then
 * a {@code ClosedSelectorException} from a reactor closed under its own thread).
 */
final class HttpClientConnector implements Connector {
    private final HttpSettings settings;
    private final Function<String, ThreadFactory> threads;
    private final TlsStrategy tls;
    private final Client client;
    private final Object retryLock = new Object();
    private Client retryClient; // guarded by retryLock
    private final ScheduledThreadPoolExecutor timer;

    /** A started client and its connection manager. */
    private record Client(CloseableHttpAsyncClient http, PoolingAsyncClientConnectionManager connections) {}

    HttpClientConnector(HttpSettings settings, Function<String, ThreadFactory> threads) {
        this.settings = settings;
        this.threads = threads;
        this.tls = new LazyTls(settings.insecure());
        this.client = newClient(settings.maxConcurrency(), 0, true, "io");
        this.timer = new ScheduledThreadPoolExecutor(1, threads.apply("timeouts"));
        timer.setRemoveOnCancelPolicy(true); // 10-minute timers of finished requests must not pile up
        timer.setKeepAliveTime(5, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
    }

    @Override
    public String describe() {
        return "httpclient5";
    }

    /**
     * A pooled async client. {@code reuse=false} makes every connection serve one request and close:
     * the client for connection retries, whose whole point is a connection nobody used before.
     */
    private Client newClient(int pool, int ioThreads, boolean reuse, String threadName) {
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
                .setTlsStrategy(tls)
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
                .setThreadFactory(threads.apply(threadName))
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
        return new Client(c, cm);
    }

    /** The client for connection retries, started on first use (most runs never need it). */
    private Client retryClient() {
        synchronized (retryLock) {
            if (retryClient == null) retryClient = newClient(settings.maxConcurrency(), 1, false, "retry");
            return retryClient;
        }
    }

    @Override
    public void execute(WireRequest request, Receiver receiver) {
        Attempt a = new Attempt(receiver);
        BasicHttpRequest message = new BasicHttpRequest(request.method(), request.uri());
        request.headers().forEach(message::setHeader);
        BodyProducer body = request.body() == null ? null : new BodyProducer(request.body(), request.bodyLength(), a::sent);
        Future<Void> f = (receiver.isRetry() ? retryClient() : client).http()
                .execute(new BasicRequestProducer(message, body), a, a.context, a);
        receiver.onAbort(() -> f.cancel(true));
    }

    @Override
    public HttpTransport.Reply get(WireRequest request, Duration limit) throws HttpTransport.TransportException {
        SimpleRequestBuilder b = SimpleRequestBuilder.get(request.uri());
        request.headers().forEach(b::setHeader);
        b.setRequestConfig(RequestConfig.custom()
                .setResponseTimeout(timeout(limit))
                .setConnectionRequestTimeout(timeout(limit))
                .build());
        SimpleHttpRequest r = b.build();
        Future<SimpleHttpResponse> f = client.http().execute(r, null);
        try {
            SimpleHttpResponse resp = f.get(limit.toNanos(), TimeUnit.NANOSECONDS);
            String body = resp.getBody() == null ? "" : new String(resp.getBody().getBodyBytes(), StandardCharsets.UTF_8);
            return new HttpTransport.Reply(resp.getCode(), body);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new HttpTransport.TransportException(ErrorKind.READ_TIMEOUT,
                    "no answer within " + Durations.format(limit) + " (config preflight-timeout)");
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new HttpTransport.TransportException(ErrorKind.CANCELLED, "interrupted");
        } catch (ExecutionException e) {
            Failures.Classified c = Failures.classify(e, false);
            throw new HttpTransport.TransportException(c.kind(), c.message());
        }
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable task, long nanos) {
        return timer.schedule(task, nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
        Client retries;
        synchronized (retryLock) {
            retries = retryClient;
        }
        shutDown(client);
        if (retries != null) shutDown(retries);
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void shutDown(Client c) {
        // Drop every connection, leased ones included, before asking the reactors to stop: a graceful
        // shutdown waits for streams that are still receiving.
        c.connections().close(CloseMode.IMMEDIATE);
        c.http().initiateShutdown();
        try {
            c.http().awaitShutdown(TimeValue.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        c.http().close(CloseMode.IMMEDIATE);
    }

    private static Timeout timeout(Duration d) {
        return Timeout.ofMilliseconds(Math.max(1, d.toMillis()));
    }

    /**
     * One execution by HttpClient: its response consumer and result callback, reporting to the
     * receiver. The connect time comes from {@link TimedConnections} through the execution's context.
     */
    private static final class Attempt implements AsyncResponseConsumer<Void>, FutureCallback<Void> {
        private final Receiver receiver;
        private final HttpClientContext context = HttpClientContext.create();
        private FutureCallback<Void> resultCallback;

        Attempt(Receiver receiver) {
            this.receiver = receiver;
        }

        void sent(long nanoTime) {
            receiver.connection(TimedConnections.connectNanos(context));
            receiver.sent(nanoTime);
        }

        @Override
        public void consumeResponse(HttpResponse response, EntityDetails entity, HttpContext ctx,
                                    FutureCallback<Void> callback) {
            long now = System.nanoTime();
            resultCallback = callback;
            receiver.response(now, response.getCode(), entity == null ? null : entity.getContentType(),
                    value(response.getFirstHeader("Retry-After")), value(response.getFirstHeader("Location")),
                    entity == null ? value(response.getFirstHeader("Content-Encoding")) : entity.getContentEncoding(), entity != null);
            completeIfDone();
        }

        private static String value(Header h) {
            return h == null ? null : h.getValue();
        }

        @Override
        public void informationResponse(HttpResponse response, HttpContext ctx) {
            // 1xx responses carry nothing to time.
        }

        @Override
        public void updateCapacity(CapacityChannel capacityChannel) throws IOException {
            // Every read is consumed at once, so never hold the server back.
            capacityChannel.update(Integer.MAX_VALUE);
        }

        @Override
        public void consume(ByteBuffer src) {
            // HttpClient calls this once per decoded chunk of a socket read: the time is that of the
            // read, give or take the microseconds spent decoding the chunks before it.
            receiver.content(System.nanoTime(), src);
        }

        @Override
        public void streamEnd(List<? extends Header> trailers) {
            receiver.end(System.nanoTime());
            completeIfDone();
        }

        private void completeIfDone() {
            FutureCallback<Void> cb = resultCallback;
            if (cb != null && receiver.completedCleanly()) {
                resultCallback = null;
                cb.completed(null);
            }
        }

        @Override
        public void failed(Exception cause) {
            receiver.connection(TimedConnections.connectNanos(context));
            receiver.failed(System.nanoTime(), cause);
        }

        @Override
        public void releaseResources() {
            // the receiver releases its buffers in done()
        }

        @Override
        public void completed(Void result) {
            receiver.done();
        }

        @Override
        public void cancelled() {
            receiver.failed(System.nanoTime(), new CancellationException("cancelled"));
            receiver.done();
        }
    }

    /**
     * Builds the TLS strategy on first use: an http URL never pays for setting up TLS (creating the
     * default SSL context takes a noticeable part of start-up).
     */
    private static final class LazyTls implements TlsStrategy {
        private final boolean insecure;
        private volatile TlsStrategy delegate;

        LazyTls(boolean insecure) {
            this.insecure = insecure;
        }

        private TlsStrategy delegate() {
            TlsStrategy d = delegate;
            if (d == null) {
                synchronized (this) {
                    if (delegate == null) delegate = build(insecure);
                    d = delegate;
                }
            }
            return d;
        }

        @Override
        @SuppressWarnings("deprecation")
        public boolean upgrade(TransportSecurityLayer sessionLayer, HttpHost host, SocketAddress localAddress,
                               SocketAddress remoteAddress, Object attachment, Timeout handshakeTimeout) {
            return delegate().upgrade(sessionLayer, host, localAddress, remoteAddress, attachment, handshakeTimeout);
        }

        @Override
        public void upgrade(TransportSecurityLayer sessionLayer, NamedEndpoint endpoint, Object attachment,
                            Timeout handshakeTimeout, FutureCallback<TransportSecurityLayer> callback) {
            delegate().upgrade(sessionLayer, endpoint, attachment, handshakeTimeout, callback);
        }

        private static TlsStrategy build(boolean insecure) {
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
    }

    /** Accepts any certificate; only used when the user asked for {@code insecure=true}. */
    static final class TrustEverything implements X509TrustManager {
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
