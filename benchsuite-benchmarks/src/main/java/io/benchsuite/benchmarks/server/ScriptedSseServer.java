package io.benchsuite.benchmarks.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.backends.http.internal.EventLoops;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback OpenAI-compatible server with scripted timing that logs its own clock: the reference a
 * client's measurements are compared with.
 *
 * <p>Every streamed completion answers with its first token {@code ttft} after the request was read
 * and then one token every {@code itl}, each token one server-sent event in its own HTTP chunk, then
 * a finish chunk, a usage chunk (when asked for) and {@code [DONE]}. Token times are anchored to the
 * request's arrival ({@code arrival + ttft + i * itl}), so a late timer never shifts later tokens.
 * Just before writing each token the server reads {@link System#nanoTime()}; no byte of that token
 * can reach a client earlier. On Linux, {@code System.nanoTime()} is {@code CLOCK_MONOTONIC}, the
 * clock Python's {@code time.perf_counter()} reads too, so the log compares directly with any
 * client's arrival times on the same machine.
 *
 * <p>With {@code itl = 0} and {@code ttft = 0} the server is a firehose: it writes every token as
 * fast as the connection takes them (flushing in batches while the socket is writable), to measure
 * what a client can consume. Non-blocking (Netty), so thousands of streams cost no threads.
 *
 * <p>{@code closing} makes the server close every connection after its response, either saying so
 * ({@code Connection: close}, as many proxies do) or silently (as llama.cpp's server does).
 */
public final class ScriptedSseServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] TOKEN_TEXT = " tok".getBytes(StandardCharsets.UTF_8);
    private static final int FIREHOSE_BATCH = 64;

    /** How the server treats a connection after a response. */
    public enum Closing {
        /** Keep it open for the next request (HTTP/1.1 default). */
        KEEP_ALIVE,
        /** Send {@code Connection: close} and close after the response. */
        ANNOUNCED,
        /** Close after the response without announcing it. */
        SILENT;

        static Closing parse(String s) {
            return switch (s.trim().toLowerCase(Locale.ROOT)) {
                case "keep-alive", "keepalive", "none" -> KEEP_ALIVE;
                case "announced", "close" -> ANNOUNCED;
                case "silent" -> SILENT;
                default -> throw new IllegalArgumentException("--closing: expected keep-alive, announced or silent, got '" + s + "'");
            };
        }
    }

    /**
     * What each completion does.
     *
     * @param ttft delay from the request's arrival to the first token
     * @param itl delay between tokens (zero with a zero ttft: firehose)
     * @param tokens tokens per answer; 0 takes the request's {@code max_tokens}
     * @param closing what happens to the connection after a response
     * @param logWrites whether to keep every token's write time (off for firehose runs)
     */
    public record Script(Duration ttft, Duration itl, int tokens, Closing closing, boolean logWrites) {
        public Script {
            if (ttft.isNegative() || itl.isNegative()) throw new IllegalArgumentException("ttft and itl must be >= 0");
            if (tokens < 0) throw new IllegalArgumentException("tokens must be >= 0");
        }

        /** Whether tokens are written as fast as the client reads them. */
        public boolean firehose() {
            return ttft.isZero() && itl.isZero();
        }
    }

    /**
     * One answered request as the server saw it.
     *
     * @param requestId the {@code X-Request-Id} header, or empty
     * @param promptHash first 16 hex digits of SHA-256 of the prompt text (benchsuite's {@code promptHash})
     * @param receivedNanos when the whole request had been read
     * @param writeNanos per token, the time just before it was written (empty when not logged)
     * @param tokens tokens written
     */
    public record Served(String requestId, String promptHash, long receivedNanos, long[] writeNanos, int tokens) {}

    private final Script script;
    private final EventLoopGroup group;
    private final Channel listener;
    private final Queue<Served> served = new ConcurrentLinkedQueue<>();
    private final AtomicLong tokensWritten = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicInteger openStreams = new AtomicInteger();
    private final AtomicInteger maxOpenStreams = new AtomicInteger();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicLong firstRequest = new AtomicLong(-1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private final List<Stream> heldFirehoses = new ArrayList<>();
    private volatile int firehoseGate;
    private boolean firehoseGateOpen;

    /**
     * Starts a server on 127.0.0.1.
     *
     * @param port the port, 0 for any free one
     * @param threads event loop threads
     */
    public ScriptedSseServer(Script script, int port, int threads) throws InterruptedException {
        this.script = script;
        AtomicInteger n = new AtomicInteger();
        ThreadFactory tf = r -> {
            Thread t = new Thread(r, "scripted-sse-server-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.group = EventLoops.group(threads, tf);
        ServerBootstrap b = new ServerBootstrap()
                .group(group)
                .channel(EventLoops.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 8192)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.incrementAndGet();
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(16 << 20), new Handler());
                    }
                });
        this.listener = b.bind(new InetSocketAddress("127.0.0.1", port)).sync().channel();
    }

    /** The port it listens on. */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String url() {
        return "http://127.0.0.1:" + port();
    }

    /** Requests answered (completed) so far, in order of completion. */
    public List<Served> served() {
        return new ArrayList<>(served);
    }

    /** Token events written so far. */
    public long tokensWritten() {
        return tokensWritten.get();
    }

    /** Completion requests received so far. */
    public long requests() {
        return requests.get();
    }

    /**
     * Makes firehose streams hold their first token until this many streams are open at once, then
     * start together. Without it the first streams can finish before the last ones open (a loaded
     * machine opens connections slowly while the first streams take the CPU), and a window meant to
     * measure that many streams measures fewer.
     *
     * @param streams streams to wait for (0: start each stream at once)
     */
    public void holdFirehoseUntilOpen(int streams) {
        if (streams < 0) throw new IllegalArgumentException("streams must be >= 0, got " + streams);
        this.firehoseGate = streams;
    }

    /** Streams being written right now. */
    public int openStreams() {
        return openStreams.get();
    }

    /** The most streams open at once. */
    public int maxOpenStreams() {
        return maxOpenStreams.get();
    }

    /** {@code System.nanoTime()} when the first request of any kind was read, or -1. */
    public long firstRequestNanos() {
        return firstRequest.get();
    }

    /** Connections accepted so far. */
    public int connections() {
        return connections.get();
    }

    /** Stops listening and closes every connection; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        listener.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** First 16 hex digits of SHA-256 of the UTF-8 text, as benchsuite's request log writes it. */
    public static String hash(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) throws Exception {
            long received = System.nanoTime();
            firstRequest.compareAndSet(-1, received);
            String path = req.uri();
            boolean keepAlive = HttpUtil.isKeepAlive(req) && script.closing() == Closing.KEEP_ALIVE;
            if (req.method() == HttpMethod.GET && path.startsWith("/v1/models")) {
                respond(ctx, HttpResponseStatus.OK, "{\"object\":\"list\",\"data\":[{\"id\":\"scripted\",\"object\":\"model\"}]}", keepAlive);
                return;
            }
            boolean chat = path.startsWith("/v1/chat/completions");
            if (req.method() != HttpMethod.POST || !(chat || path.startsWith("/v1/completions"))) {
                respond(ctx, HttpResponseStatus.NOT_FOUND, "{\"error\":\"not found\"}", keepAlive);
                return;
            }
            JsonNode body = JSON.readTree(req.content().toString(StandardCharsets.UTF_8));
            String prompt = chat ? lastMessage(body) : body.path("prompt").asText("");
            int tokens = script.tokens() > 0 ? script.tokens() : Math.max(1, body.path("max_tokens").asInt(16));
            boolean usage = body.path("stream_options").path("include_usage").asBoolean(false);
            String id = req.headers().get("X-Request-Id", "");
            requests.incrementAndGet();
            Stream s = new Stream(ctx, chat, id, hash(prompt), received, tokens, usage, keepAlive,
                    prompt.length() / 4);
            if (!body.path("stream").asBoolean(false)) {
                ctx.executor().schedule(s::whole, script.ttft().toNanos() + script.itl().toNanos() * (tokens - 1),
                        TimeUnit.NANOSECONDS);
                return;
            }
            s.begin();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // the client went away
        }
    }

    private void respond(ChannelHandlerContext ctx, HttpResponseStatus status, String text, boolean keepAlive) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        DefaultFullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        if (!keepAlive) r.headers().set(HttpHeaderNames.CONNECTION, script.closing() == Closing.SILENT ? "keep-alive" : "close");
        var f = ctx.writeAndFlush(r);
        if (!keepAlive) f.addListener(ChannelFutureListener.CLOSE);
    }

    private static String lastMessage(JsonNode body) {
        JsonNode messages = body.path("messages");
        if (!messages.isArray() || messages.isEmpty()) return "";
        JsonNode content = messages.get(messages.size() - 1).path("content");
        if (!content.isArray()) return content.asText("");
        StringBuilder text = new StringBuilder(); // content parts: [{"type":"text","text":"..."}]
        for (JsonNode part : content) text.append(part.path("text").asText(""));
        return text.toString();
    }

    /** One streamed answer in progress, driven by timers on its connection's event loop. */
    private final class Stream {
        private final ChannelHandlerContext ctx;
        private final String requestId;
        private final String promptHash;
        private final long received;
        private final int tokens;
        private final boolean usage;
        private final boolean keepAlive;
        private final int promptTokens;
        private final long[] writes;
        private final byte[] prefix;
        private final byte[] suffix;
        private int next;

        Stream(ChannelHandlerContext ctx, boolean chat, String requestId, String promptHash, long received, int tokens,
               boolean usage, boolean keepAlive, int promptTokens) {
            this.ctx = ctx;
            this.requestId = requestId;
            this.promptHash = promptHash;
            this.received = received;
            this.tokens = tokens;
            this.usage = usage;
            this.keepAlive = keepAlive;
            this.promptTokens = promptTokens;
            this.writes = script.logWrites() ? new long[tokens] : new long[0];
            long n = requests.get();
            String head = chat
                    ? "data: {\"id\":\"chatcmpl-" + n + "\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
                            + "\"model\":\"scripted\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
                    : "data: {\"id\":\"cmpl-" + n + "\",\"object\":\"text_completion\",\"created\":1700000000,"
                            + "\"model\":\"scripted\",\"choices\":[{\"index\":0,\"text\":\"";
            this.prefix = head.getBytes(StandardCharsets.UTF_8);
            this.suffix = ((chat ? "\"}" : "\"") + ",\"logprobs\":null,\"finish_reason\":null}]}\n\n")
                    .getBytes(StandardCharsets.UTF_8);
        }

        void begin() {
            DefaultHttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
            r.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
            r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
            if (!keepAlive && script.closing() == Closing.ANNOUNCED) r.headers().set(HttpHeaderNames.CONNECTION, "close");
            ctx.write(r);
            int open = openStreams.incrementAndGet();
            maxOpenStreams.accumulateAndGet(open, Math::max);
            if (script.firehose()) {
                ctx.flush();
                for (Stream s : releasedFirehoses(open)) s.ctx.executor().execute(s::pump);
            } else {
                ctx.flush();
                scheduleNext();
            }
        }

        /** The streams that may start pumping now: none while the gate waits, this one alone once it is open. */
        private List<Stream> releasedFirehoses(int open) {
            synchronized (heldFirehoses) {
                if (firehoseGateOpen || firehoseGate == 0) return List.of(this);
                heldFirehoses.add(this);
                if (open < firehoseGate) return List.of();
                firehoseGateOpen = true;
                List<Stream> all = new ArrayList<>(heldFirehoses);
                heldFirehoses.clear();
                return all;
            }
        }

        private void scheduleNext() {
            long due = received + script.ttft().toNanos() + script.itl().toNanos() * next;
            long delay = due - System.nanoTime();
            if (delay <= 0) {
                paced();
            } else {
                ctx.executor().schedule(this::paced, delay, TimeUnit.NANOSECONDS);
            }
        }

        private void paced() {
            if (!ctx.channel().isActive()) {
                openStreams.decrementAndGet();
                return;
            }
            long t = System.nanoTime();
            if (writes.length > 0) writes[next] = t;
            ctx.writeAndFlush(event());
            tokensWritten.incrementAndGet();
            if (++next < tokens) {
                scheduleNext();
            } else {
                finish();
            }
        }

        /**
         * Firehose: writes a batch of events and flushes it, then yields the event loop to the other
         * streams; while the socket is full it waits until what was written has drained.
         */
        private void pump() {
            if (!ctx.channel().isActive()) {
                openStreams.decrementAndGet();
                return;
            }
            int written = 0;
            ChannelFuture last = null;
            while (next < tokens && written < FIREHOSE_BATCH && ctx.channel().isWritable()) {
                if (writes.length > 0) writes[next] = System.nanoTime();
                last = ctx.write(event());
                next++;
                written++;
            }
            ctx.flush();
            tokensWritten.addAndGet(written);
            if (next >= tokens) {
                finish();
            } else if (ctx.channel().isWritable()) {
                ctx.executor().execute(this::pump);
            } else if (last != null) {
                last.addListener(f -> pump());
            } else {
                ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(f -> pump());
            }
        }

        private DefaultHttpContent event() {
            ByteBuf b = ctx.alloc().buffer(prefix.length + TOKEN_TEXT.length + suffix.length);
            b.writeBytes(prefix).writeBytes(TOKEN_TEXT).writeBytes(suffix);
            return new DefaultHttpContent(b);
        }

        private void finish() {
            StringBuilder tail = new StringBuilder();
            String id = "\"id\":\"x\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,\"model\":\"scripted\"";
            tail.append("data: {").append(id).append(",\"choices\":[{\"index\":0,\"delta\":{},\"logprobs\":null,")
                    .append("\"finish_reason\":\"length\"}]}\n\n");
            if (usage) {
                tail.append("data: {").append(id).append(",\"choices\":[],\"usage\":{\"prompt_tokens\":").append(promptTokens)
                        .append(",\"completion_tokens\":").append(tokens).append(",\"total_tokens\":")
                        .append(promptTokens + tokens).append("}}\n\n");
            }
            tail.append("data: [DONE]\n\n");
            ctx.write(new DefaultHttpContent(Unpooled.wrappedBuffer(tail.toString().getBytes(StandardCharsets.UTF_8))));
            var f = ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            if (!keepAlive) f.addListener(ChannelFutureListener.CLOSE);
            openStreams.decrementAndGet();
            served.add(new Served(requestId, promptHash, received, writes, next));
        }

        void whole() {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < tokens; i++) text.append(" tok");
            long t = System.nanoTime();
            if (writes.length > 0) Arrays.fill(writes, t);
            tokensWritten.addAndGet(tokens);
            respond(ctx, HttpResponseStatus.OK, "{\"id\":\"x\",\"object\":\"chat.completion\",\"model\":\"scripted\",\"choices\":"
                    + "[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"" + text + "\"},\"text\":\"" + text
                    + "\",\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":" + promptTokens
                    + ",\"completion_tokens\":" + tokens + "}}", keepAlive);
            served.add(new Served(requestId, promptHash, received, writes, tokens));
        }
    }
}
