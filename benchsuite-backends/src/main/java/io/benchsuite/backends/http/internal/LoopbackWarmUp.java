package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.spi.HttpTransport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warms the request path of a transport up before a run's clock starts: a few dozen streamed requests
 * through the very code a run's requests take (the backend's own send: its prompt prepared ahead, its body
 * sent as parts, the exchange, connection pool,
 * connect, HTTP encoder, socket write and read, SSE decoder, dialect), sent to a server inside this
 * process on loopback, so the first requests of a run are not sent by the interpreter (each of its first
 * ~200 sends otherwise costs up to a millisecond more). The server closes the connection after every
 * other answer, so opening a connection is warmed too: a run's first burst opens one per request, and
 * with that path cold a replayed trace's first bursts reached the server 10-75 ms late (a profile showed
 * the sending threads interpreting the connect path and queueing its methods for compilation). No byte
 * goes to the benchmarked server. Once per JVM, transport and API flavour. The backends stream 128 tokens per
 * answer (6,144 token events in all), so the token path is past the quick compiler before the clock: with 8 a
 * replayed trace's first burst still reached the wire 2.5-10 ms late, with 128 1.2-3.9 ms (docs/performance.md).
 */
public final class LoopbackWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(LoopbackWarmUp.class);
    private static final Set<String> WARMED = ConcurrentHashMap.newKeySet();
    /**
     * Requests sent: ten times the quick compiler's invocation thresholds for the per-request methods and more.
     * HotSpot raises thresholds while its compile queue is long (as it is during this warm-up) and drops a queued
     * method not called for 50 ms unless it was called ten times its threshold: with 48 the send path's body
     * serialisation and socket writes were still compiled inside a replay's second burst, 300 ms in (JFR).
     */
    public static final int REQUESTS = 128;
    /** The most the warm-up may take; a warm-up that cannot finish in time just ends. */
    private static final long LIMIT_MILLIS = 3_000;

    private LoopbackWarmUp() {}

    private static final String SHORT_PROMPT = "warm up ".repeat(512);
    private static final String LONG_PROMPT = "warm up ".repeat(16 * 1024);

    /**
     * The prompt of warm-up request {@code i}: 512 words, and every eighth 16K words (128 KB). A run's
     * long prompts take paths short ones do not (socket writes over several calls, the buffer
     * allocator's large chunks: a replay's first long prompts each waited milliseconds for a new chunk).
     *
     * @param i the request's number in the warm-up
     * @return its prompt
     */
    public static String prompt(int i) {
        return i % 8 == 7 ? LONG_PROMPT : SHORT_PROMPT;
    }

    /**
     * How a backend sends warm-up request {@code i}: through its own send path (the body as the run's requests
     * have it, prepared ahead and sent as parts, with the run's dialect), on the loopback transport given.
     */
    @FunctionalInterface
    public interface Sender {
        /**
         * Sends warm-up request {@code i}.
         *
         * @param transport the loopback transport to send it through
         * @param i the request's number in the warm-up (its prompt is {@link #prompt prompt(i)})
         * @param listener told of its end
         * @return its handle
         */
        RequestHandle send(HttpTransport transport, int i, ResponseListener listener);
    }

    /** What a warm-up did: the requests that completed and the connections the server accepted for them. */
    public record Result(int completed, int connections) {
        static final Result NONE = new Result(0, 0);
    }

    /**
     * Sends {@value #REQUESTS} requests like the run's through a transport like {@code settings}'s to a
     * loopback server answering {@code events}, which closes the connection after every other answer.
     * Failures are logged, never thrown.
     *
     * @param flavour the API flavour, e.g. {@code openai} (one warm-up per flavour and transport)
     * @param run the run's transport: the warm-up's requests go out on its event loops (over Netty), to the loopback
     *     server, never to its server
     * @param sender sends request {@code i} through the backend's own send path, as a run's requests go
     * @param events the response body the server streams back
     * @return what was done; nothing when this flavour and transport were warmed up before
     */
    public static Result run(String flavour, HttpTransport run, Sender sender, byte[] events) {
        return run(flavour, run, sender, events, LIMIT_MILLIS);
    }

    /**
     * As {@link #run(String, HttpTransport, Sender, byte[])}, within {@code limitMillis} instead of the run's 3 s
     * (a test on a loaded machine asks every request to complete, not a quick start).
     */
    static Result run(String flavour, HttpTransport run, Sender sender, byte[] events, long limitMillis) {
        HttpSettings settings = run.settings();
        if (!WARMED.add(flavour + "/" + settings.transport().label())) return Result.NONE;
        EventLoopGroup group = EventLoops.group(1, r -> {
            Thread t = new Thread(r, "benchsuite-warm-up-server");
            t.setDaemon(true);
            return t;
        });
        long started = System.nanoTime();
        long deadline = started + TimeUnit.MILLISECONDS.toNanos(limitMillis);
        int completed = 0;
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger accepted = new AtomicInteger();
        try {
            Channel server = new ServerBootstrap().group(group).channel(EventLoops.serverChannel())
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            accepted.incrementAndGet();
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(16 << 20), new StreamAnswerer(events, answered));
                        }
                    }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
            int port = ((InetSocketAddress) server.localAddress()).getPort();
            HttpSettings loopback = HttpSettings.from(BackendConfig.of(Map.of(BackendConfig.URL, "http://127.0.0.1:" + port,
                    HttpSettings.TRANSPORT, settings.transport().label())), "http://127.0.0.1:" + port);
            EnvironmentVariables none = EnvironmentVariables.of(Map.of());
            // on the run's own event loops: their threads' buffer caches and first writes are the ones to warm
            try (HttpTransport transport = run instanceof PooledHttpTransport pooled
                    ? PooledHttpTransport.beside(pooled, "warm-up", loopback, none) : HttpTransport.open("warm-up", loopback, none)) {
                for (int i = 0; i < REQUESTS && System.nanoTime() < deadline; i++) {
                    Done done = new Done();
                    sender.send(transport, i, done);
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
        LOG.debug("{} request path warmed up over {}: {} of {} requests, {} connections, {} ms", flavour,
                settings.transport().label(), completed, REQUESTS, accepted.get(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return new Result(completed, accepted.get());
    }

    /**
     * Answers every request with the same stream, as a streaming server does (chunked, one chunk and one
     * flush per event), and closes the connection after every other answer.
     */
    private static final class StreamAnswerer extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final byte[] events;
        private final AtomicInteger answered;

        StreamAnswerer(byte[] events, AtomicInteger answered) {
            this.events = events;
            this.answered = answered;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
            head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
            HttpUtil.setTransferEncodingChunked(head, true);
            boolean close = answered.incrementAndGet() % 2 == 0;
            if (close) head.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.write(head);
            int from = 0;
            for (int i = 0; i + 1 < events.length; i++) {
                if (events[i] == '\n' && events[i + 1] == '\n') {
                    ctx.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(events, from, i + 2 - from)));
                    from = i + 2;
                }
            }
            if (from < events.length) ctx.write(new DefaultHttpContent(Unpooled.wrappedBuffer(events, from, events.length - from)));
            ChannelFuture written = ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            if (close) written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Waits for one request's end. */
    private static final class Done extends ResponseListener.Ignoring {
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
