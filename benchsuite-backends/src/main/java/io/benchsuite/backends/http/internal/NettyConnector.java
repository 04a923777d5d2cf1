package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.util.Durations;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.spi.HttpTransport;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;

/**
 * The Netty transport (the default): non-blocking HTTP/1.1 on a few event loops (one per CPU, native
 * epoll on Linux), one route, a pool of kept-alive connections capped at the run's concurrency.
 *
 * <p><b>Pool.</b> A request takes the most recently released live connection, or opens a new one
 * while fewer than {@code max-concurrency} are open, or waits (FIFO) for one to be released or to
 * close. A connection goes back to the pool only after a response read to its end whose server did
 * not say {@code Connection: close}; anything else closes it. The one re-send after a dead
 * kept-alive connection (see {@link Exchange}) opens a connection of its own, outside the cap, that
 * serves only that request. With {@code spare-connections} set, the pool keeps that many idle
 * connections open ahead of need, beside the {@code max-concurrency} it may have in use: whenever a
 * request takes or opens a connection, or one that carried a request closes, the shortfall is opened in
 * the background on an event loop and waits in the pool, so the next request's send pays for no connect
 * even when the server closes every connection after its answer. Opening a connection costs what the
 * kernel takes: the connect runs on an event loop and the request is written the moment the TCP (and,
 * for https, TLS) handshake is done; the time from connect to ready is the request's connect time.
 *
 * <p><b>TLS</b> is set up only for an https URL: certificates and host names are verified against
 * the JDK's trust store (the {@code javax.net.ssl.trustStore} properties apply) unless
 * {@code insecure=true}.
 *
 * <p><b>Close</b> closes every connection at once and stops the event loops without a quiet period;
 * no thread is left.
 */
final class NettyConnector implements Connector {
    private static final int MAX_PREFLIGHT_BODY = 16 << 20;

    private final EventLoopGroup group;
    /** Whether {@link #group} is this connector's to shut down (not another connector's, shared). */
    private final boolean ownsGroup;
    private final Bootstrap bootstrap;
    private final SslContext ssl;
    private final String host;
    private final int port;
    private final String hostHeader;
    private final int maxConnections;
    private final int spare;
    private final long readTimeoutNanos;
    private final Set<Channel> channels = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    // The pool; guarded by this.
    private final ArrayDeque<NettyConnection> idle = new ArrayDeque<>();
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private int open;
    /** Connections being opened ahead of need (pre-warm or spare), counted in {@code open} already. */
    private int opening;

    /** A request waiting for a connection. */
    private record Pending(WireRequest request, Receiver receiver) {}

    NettyConnector(HttpSettings settings, ThreadFactory threads) {
        this(settings, threads, null);
    }

    /**
     * A connector on {@code shared}'s event loops when given (the loopback warm-up's, so that it warms the very
     * threads a run's requests are written and read on), else on loops of its own.
     */
    NettyConnector(HttpSettings settings, ThreadFactory threads, NettyConnector shared) {
        URI base = settings.baseUri();
        boolean https = "https".equals(base.getScheme());
        String h = base.getHost();
        this.host = h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
        int defaultPort = https ? 443 : 80;
        this.port = base.getPort() > 0 ? base.getPort() : defaultPort;
        this.hostHeader = port == defaultPort ? h : h + ":" + port;
        this.spare = settings.spareConnections();
        // spares wait idle beside the connections in use: the engine never has more than max-concurrency
        // requests in flight, so the cap on connections is that plus the spares
        this.maxConnections = settings.maxConcurrency() + spare;
        this.readTimeoutNanos = settings.readTimeout().toNanos();
        this.ssl = https ? sslContext(settings.insecure()) : null;
        // One event loop per two CPUs: a streamed token is one wake-up of its loop, and fewer loops
        // share the wake-ups (a sparse stream costs less CPU per token on one loop than on two);
        // the other CPUs are left to the engine, the JIT, the GC and, on loopback, the server.
        int loops = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors() / 2, settings.maxConcurrency()));
        this.ownsGroup = shared == null;
        this.group = shared == null ? EventLoops.group(loops, threads) : shared.group;
        int connectMillis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, settings.connectTimeout().toMillis()));
        this.bootstrap = new Bootstrap()
                .group(group)
                .channel(EventLoops.socketChannel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectMillis)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        NettyConnection c = new NettyConnection(NettyConnector.this, readTimeoutNanos);
                        // The stamp comes first: a read is timed before TLS or HTTP touch its bytes.
                        ch.pipeline().addLast("stamp", c.stamp());
                        if (ssl != null) {
                            SslHandler tls = ssl.newHandler(ch.alloc(), host, port);
                            tls.setHandshakeTimeoutMillis(connectMillis);
                            ch.pipeline().addLast("tls", tls);
                        }
                        ch.pipeline().addLast("http", new HttpClientCodec(new HttpDecoderConfig()
                                .setMaxInitialLineLength(16 << 10)
                                .setMaxHeaderSize(256 << 10)
                                .setMaxChunkSize(1 << 20), false, false));
                        ch.pipeline().addLast("exchange", c);
                    }
                });
    }

    @Override
    public String describe() {
        return "netty (" + EventLoops.name() + ")";
    }

    /** The value of the Host header. */
    String hostHeader() {
        return hostHeader;
    }

    @Override
    public void execute(WireRequest request, Receiver receiver) {
        if (closed) {
            receiver.failed(System.nanoTime(), new CancellationException("the transport is closed"));
            return;
        }
        if (receiver.isRetry()) {
            connect(request, receiver, false);
            return;
        }
        NettyConnection c;
        synchronized (this) {
            while ((c = idle.pollFirst()) != null) {
                c.inIdle = false;
                if (c.usable()) break;
            }
            if (c == null) {
                if (open >= maxConnections) {
                    Pending p = new Pending(request, receiver);
                    waiting.addLast(p);
                    receiver.onAbort(() -> {
                        synchronized (this) {
                            waiting.remove(p);
                        }
                    });
                    return;
                }
                open++;
            }
        }
        if (c != null) {
            receiver.connection(-1);
            c.send(request, receiver);
        } else {
            connect(request, receiver, true);
        }
        topUp();
    }

    /**
     * Opens connections ahead of need, in the background on an event loop, until {@code spare-connections}
     * wait idle (or are being opened), within the pool's cap. Called when a request takes a connection or
     * opens one: one more request, one more spare opened, so a server that closes every connection costs
     * the next request no connect of its own.
     */
    private void topUp() {
        if (spare == 0) return;
        int n;
        synchronized (this) {
            if (closed) return;
            n = Math.min(spare - idle.size() - opening, maxConnections - open);
            if (n <= 0) return;
            open += n;
            opening += n;
        }
        group.next().execute(() -> {
            for (int i = 0; i < n; i++) openAhead(opened -> {});
        });
    }

    @Override
    public int prewarm(int connections, Duration limit) {
        AtomicInteger opened = new AtomicInteger();
        CountDownLatch settled = new CountDownLatch(Math.max(0, connections));
        for (int i = 0; i < connections; i++) {
            synchronized (this) {
                if (closed || open >= maxConnections) {
                    settled.countDown();
                    continue;
                }
                open++;
                opening++;
            }
            openAhead(ok -> {
                if (ok) opened.incrementAndGet();
                settled.countDown();
            });
        }
        try {
            settled.await(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        topUp();
        return opened.get();
    }

    /**
     * Opens one pooled connection that no request waits for (counted in {@code open} and {@code opening}
     * already) and puts it in the pool, or hands it to a request waiting for one; tells {@code settled}
     * whether it opened. A connection that fails to open gives its place in the pool back.
     */
    private void openAhead(Consumer<Boolean> settled) {
        ChannelFuture f;
        try {
            f = bootstrap.connect(InetSocketAddress.createUnresolved(host, port));
        } catch (RuntimeException e) {
            synchronized (this) {
                opening--;
            }
            connectionClosed();
            settled.accept(false);
            return;
        }
        Channel ch = f.channel();
        channels.add(ch);
        ch.closeFuture().addListener(done -> {
            channels.remove(ch);
            connectionClosed();
        });
        f.addListener((ChannelFutureListener) cf -> {
            if (!cf.isSuccess()) {
                openedAhead(null, settled);
                return;
            }
            NettyConnection c = ch.pipeline().get(NettyConnection.class);
            c.pooled = true;
            if (ssl == null) {
                openedAhead(c, settled);
                return;
            }
            ch.pipeline().get(SslHandler.class).handshakeFuture().addListener(hs -> {
                if (hs.isSuccess()) {
                    openedAhead(c, settled);
                } else {
                    ch.close();
                    openedAhead(null, settled);
                }
            });
        });
    }

    /** A connection opened ahead is ready ({@code c}), or failed to open ({@code null}). */
    private void openedAhead(NettyConnection c, Consumer<Boolean> settled) {
        synchronized (this) {
            opening--;
        }
        if (c != null) release(c);
        settled.accept(c != null);
    }

    /** Opens a connection for {@code receiver}'s request; a pooled one was counted in {@code open} already. */
    private void connect(WireRequest request, Receiver receiver, boolean pooled) {
        long start = System.nanoTime();
        ChannelFuture f;
        try {
            f = bootstrap.connect(InetSocketAddress.createUnresolved(host, port));
        } catch (RuntimeException e) {
            if (pooled) connectionClosed();
            receiver.failed(System.nanoTime(), e);
            return;
        }
        Channel ch = f.channel();
        channels.add(ch);
        ch.closeFuture().addListener(done -> {
            channels.remove(ch);
            if (pooled) connectionClosed();
        });
        receiver.onAbort(ch::close);
        f.addListener((ChannelFutureListener) cf -> {
            if (!cf.isSuccess()) {
                receiver.failed(System.nanoTime(), cf.cause());
                receiver.done();
                return;
            }
            NettyConnection c = ch.pipeline().get(NettyConnection.class);
            c.pooled = pooled;
            if (ssl == null) {
                ready(c, start, request, receiver);
                return;
            }
            ch.pipeline().get(SslHandler.class).handshakeFuture().addListener(hs -> {
                if (hs.isSuccess()) {
                    ready(c, start, request, receiver);
                } else {
                    ch.close();
                    receiver.failed(System.nanoTime(), hs.cause());
                    receiver.done();
                }
            });
        });
    }

    private static void ready(NettyConnection c, long start, WireRequest request, Receiver receiver) {
        receiver.connection(System.nanoTime() - start);
        c.begin(request, receiver);
    }

    /** A pooled connection finished a response cleanly: the next waiting request gets it, or the pool. */
    void release(NettyConnection c) {
        Pending p;
        synchronized (this) {
            p = waiting.pollFirst();
            if (p == null) {
                if (closed) {
                    c.close();
                    return;
                }
                c.inIdle = true;
                idle.addFirst(c);
                return;
            }
        }
        p.receiver().connection(-1);
        c.send(p.request(), p.receiver());
    }

    /** A connection in the pool was closed (by the server, or after trouble). */
    void idleClosed(NettyConnection c) {
        synchronized (this) {
            if (c.inIdle) {
                c.inIdle = false;
                idle.removeFirstOccurrence(c);
            }
        }
    }

    /**
     * A connection that carried a request closed (after its answer, by a server that closes every
     * connection): its place is free, so top the spares up again. One that closes unused (a spare the
     * server dropped) does not, so a server that drops idle connections at once cannot make the pool churn.
     */
    void servedConnectionClosed() {
        topUp();
    }

    /** A pooled connection closed (or failed to open): make room, and open one for a waiting request. */
    private void connectionClosed() {
        Pending p;
        synchronized (this) {
            open--;
            if (closed || waiting.isEmpty()) return;
            p = waiting.pollFirst();
            open++;
        }
        connect(p.request(), p.receiver(), true);
    }

    @Override
    public HttpTransport.Reply get(WireRequest request, Duration limit) throws HttpTransport.TransportException {
        Preflight p = new Preflight();
        execute(request, p);
        try {
            return p.result.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            p.abort();
            throw new HttpTransport.TransportException(ErrorKind.READ_TIMEOUT,
                    "no answer within " + Durations.format(limit) + " (config preflight-timeout)");
        } catch (InterruptedException e) {
            p.abort();
            Thread.currentThread().interrupt();
            throw new HttpTransport.TransportException(ErrorKind.CANCELLED, "interrupted");
        } catch (ExecutionException e) {
            Failures.Classified c = Failures.classify(e.getCause(), false);
            throw new HttpTransport.TransportException(c.kind(), c.message());
        }
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable task, long nanos) {
        return group.next().schedule(task, nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
        List<Pending> stranded;
        synchronized (this) {
            closed = true;
            stranded = new ArrayList<>(waiting);
            waiting.clear();
            idle.clear();
        }
        for (Pending p : stranded) p.receiver().failed(System.nanoTime(), new CancellationException("the transport is closed"));
        for (Channel c : List.copyOf(channels)) c.close();
        if (ownsGroup) group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
    }

    private static SslContext sslContext(boolean insecure) {
        try {
            SslContextBuilder b = SslContextBuilder.forClient().sslProvider(SslProvider.JDK);
            if (insecure) {
                b.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
            } else {
                b.endpointIdentificationAlgorithm("HTTPS");
            }
            return b.build();
        } catch (SSLException e) {
            throw new BackendException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    /** Collects a whole pre-flight response. */
    private static final class Preflight implements Receiver {
        final CompletableFuture<HttpTransport.Reply> result = new CompletableFuture<>();
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private volatile Runnable abort;
        private volatile boolean aborted;
        private int status;

        void abort() {
            aborted = true;
            Runnable r = abort;
            if (r != null) r.run();
        }

        @Override
        public boolean isRetry() {
            return false;
        }

        @Override
        public void connection(long connectNanos) {
            // not a measured request
        }

        @Override
        public void onAbort(Runnable r) {
            abort = r;
            if (aborted) r.run();
        }

        @Override
        public void sent(long nanoTime) {
            // not a measured request
        }

        @Override
        public void response(long nanoTime, int code, String contentType, String retryAfter, String location,
                             String contentEncoding, boolean hasBody) {
            status = code;
        }

        @Override
        public void content(long nanoTime, ByteBuffer bytes) {
            int n = Math.min(bytes.remaining(), MAX_PREFLIGHT_BODY - body.size());
            byte[] b = new byte[n];
            bytes.get(b);
            body.write(b, 0, n);
            bytes.position(bytes.limit());
        }

        @Override
        public void end(long nanoTime) {
            result.complete(new HttpTransport.Reply(status, body.toString(StandardCharsets.UTF_8)));
        }

        @Override
        public void failed(long nanoTime, Throwable cause) {
            result.completeExceptionally(cause);
        }

        @Override
        public boolean completedCleanly() {
            return result.isDone() && !result.isCompletedExceptionally() && !aborted;
        }

        @Override
        public void done() {
            // nothing to release
        }
    }
}
