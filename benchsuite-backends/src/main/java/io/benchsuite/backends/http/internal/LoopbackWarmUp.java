package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.http.HttpSettings;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warms the request path of a transport up before a run's clock starts: a few dozen streamed requests
 * through the very code a run's requests take (body, exchange, connection pool, connect, HTTP encoder,
 * socket write and read, SSE decoder, dialect), sent to a server inside this process on loopback, so
 * the first requests of a run are not sent by the interpreter (each of its first ~200 sends otherwise
 * costs up to a millisecond more). No byte goes to the benchmarked server. Once per JVM, transport and
 * API flavour; takes a few tens of milliseconds.
 */
public final class LoopbackWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(LoopbackWarmUp.class);
    private static final Set<String> WARMED = ConcurrentHashMap.newKeySet();
    /** Requests sent: past the quick compiler's invocation thresholds for the per-request methods. */
    public static final int REQUESTS = 48;
    /** The most the warm-up may take; a warm-up that cannot finish in time just ends. */
    private static final long LIMIT_MILLIS = 3_000;

    private LoopbackWarmUp() {}

    /**
     * Sends {@value #REQUESTS} requests like the run's through a transport like {@code settings}'s to a
     * loopback server answering {@code events}; returns how many completed. Failures are logged, never thrown.
     *
     * @param flavour the API flavour, e.g. {@code openai} (one warm-up per flavour and transport)
     * @param settings the run's settings (only their transport is used)
     * @param path the request path
     * @param body a request body like the run's
     * @param dialect makes a fresh dialect per request
     * @param events the response body the server streams back
     */
    public static int run(String flavour, HttpSettings settings, String path, byte[] body,
                          Supplier<ResponseDialect> dialect, byte[] events) {
        if (!WARMED.add(flavour + "/" + settings.transport().label())) return 0;
        EventLoopGroup group = EventLoops.group(1, r -> {
            Thread t = new Thread(r, "benchsuite-warm-up-server");
            t.setDaemon(true);
            return t;
        });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LIMIT_MILLIS);
        int completed = 0;
        try {
            Channel server = new ServerBootstrap().group(group).channel(EventLoops.serverChannel())
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(16 << 20), new Answer(events));
                        }
                    }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
            int port = ((InetSocketAddress) server.localAddress()).getPort();
            HttpSettings loopback = HttpSettings.from(BackendConfig.of(Map.of(BackendConfig.URL, "http://127.0.0.1:" + port,
                    HttpSettings.TRANSPORT, settings.transport().label())), "http://127.0.0.1:" + port);
            try (HttpTransport transport = new HttpTransport("warm-up", loopback, EnvironmentVariables.of(Map.of()))) {
                for (int i = 0; i < REQUESTS && System.nanoTime() < deadline; i++) {
                    Done done = new Done();
                    transport.post(path, body, Map.of(), true, dialect.get(), done);
                    if (!done.latch.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) break;
                    if (done.error != null) {
                        LOG.debug("warm-up request {} failed: {}", i, done.error);
                        break;
                    }
                    completed++;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.debug("warming the request path up failed; the first requests run colder: {}", e.toString());
        } finally {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly(LIMIT_MILLIS);
        }
        return completed;
    }

    /** Answers every request with the same stream. */
    private static final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final byte[] events;

        Answer(byte[] events) {
            this.events = events;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.wrappedBuffer(events));
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
            r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, events.length);
            ctx.writeAndFlush(r);
        }
    }

    /** Waits for one request's end. */
    private static final class Done extends IgnoringListener {
        final CountDownLatch latch = new CountDownLatch(1);
        volatile String error;

        @Override
        public void onComplete(long nanoTime, Usage usage) {
            latch.countDown();
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            this.error = error.kind() + ": " + error.message();
            latch.countDown();
        }
    }
}
