package io.benchsuite.backends.http.internal;

import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.EOFException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/1.1 connection of the Netty transport, the last handler of its pipeline: writes one
 * request at a time and hands the response, piece by piece, to the request's {@link Receiver} with
 * the arrival time of the socket read that carried it. Everything runs on the connection's event
 * loop except {@link #send}, which hops onto it.
 *
 * <p>The connection's first handler, its {@link #stamp()}, reads {@link System#nanoTime()} for every
 * socket read before TLS or the HTTP decoder sees a byte of it; every response piece decoded from
 * that read carries that time. Body bytes reach the receiver as a view of Netty's buffer, without a
 * copy.
 */
final class NettyConnection extends ChannelInboundHandlerAdapter {
    /**
     * Bodies longer than this are written in slices of this size (see {@link #writeSlice}); one slice is what a
     * loopback socket takes in one write.
     */
    static final int BODY_SLICE = 64 * 1024;

    private final NettyConnector owner;
    private final long readTimeoutNanos;
    private Channel channel;

    /** Whether the connection belongs to the pool (false: opened for one re-send). Event loop only. */
    boolean pooled;
    /** Whether it waits in the pool's idle list; guarded by the owner. */
    boolean inIdle;

    // Event loop only.
    private Receiver current;
    private long readNanos;
    private long lastReadNanos;
    private boolean interim;
    private boolean keepAlive;
    /** Whether a request was sent on it (a spare that closes unused does not make the pool open another). */
    private boolean served;
    private ScheduledFuture<?> readTimer;
    /** Whether slices of the current request's body are still to be written. */
    private boolean bodyPending;
    /** Reads stamped but not yet handed to the pipeline (see {@link #stamp()}), and whether a drain is queued. */
    private final ArrayDeque<Runnable> deferred = new ArrayDeque<>();
    private boolean drainQueued;

    NettyConnection(NettyConnector owner, long readTimeoutNanos) {
        this.owner = owner;
        this.readTimeoutNanos = readTimeoutNanos;
    }

    /**
     * The handler that times every socket read; goes first in the pipeline. It stamps the read and defers the
     * rest of the pipeline (TLS, HTTP, the stream's parsing and the tracker) to the loop's task phase, which runs
     * once every channel that was ready is read. A serving engine's decode step writes a token to each of its
     * running streams at once, so dozens of connections become readable together; parsing each before reading
     * the next stamped the last of them one parse per stream late (at 40 req/s on one CPU, up to 10 ms).
     * The end of the connection (close, error, input shut) first hands on what was deferred, while the
     * pipeline is still whole, so the handlers below see the events in the order the socket produced them.
     */
    ChannelHandler stamp() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                long now = System.nanoTime();
                lastReadNanos = now;
                defer(ctx, () -> {
                    readNanos = now;
                    ctx.fireChannelRead(msg);
                });
            }

            @Override
            public void channelReadComplete(ChannelHandlerContext ctx) {
                if (deferred.isEmpty()) ctx.fireChannelReadComplete();
                else defer(ctx, ctx::fireChannelReadComplete);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                handOnDeferred();
                ctx.fireChannelInactive();
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                handOnDeferred();
                ctx.fireExceptionCaught(cause);
            }

            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                handOnDeferred();
                ctx.fireUserEventTriggered(evt);
            }
        };
    }

    /** Queues a read's handling for the loop's task phase (one drain task per batch). Event loop only. */
    private void defer(ChannelHandlerContext ctx, Runnable event) {
        deferred.add(event);
        if (drainQueued) return;
        drainQueued = true;
        try {
            ctx.executor().execute(this::handOnDeferred);
        } catch (RejectedExecutionException closing) {
            handOnDeferred();
        }
    }

    /** Hands the deferred reads on to the pipeline, oldest first. Event loop only. */
    private void handOnDeferred() {
        drainQueued = false;
        Runnable next;
        while ((next = deferred.poll()) != null) next.run();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    /** Whether a request can be sent on it now. */
    boolean usable() {
        return channel.isActive();
    }

    void close() {
        channel.close();
    }

    /** Sends {@code request} on this (pooled, idle) connection; any thread. */
    void send(WireRequest request, Receiver receiver) {
        if (channel.eventLoop().inEventLoop()) {
            begin(request, receiver);
        } else {
            channel.eventLoop().execute(() -> begin(request, receiver));
        }
    }

    /** Writes the request; event loop only. */
    void begin(WireRequest request, Receiver receiver) {
        if (current != null) {
            receiver.failed(System.nanoTime(), new IllegalStateException("connection already busy"));
            receiver.done();
            return;
        }
        current = receiver;
        served = true;
        interim = false;
        keepAlive = true;
        receiver.onAbort(channel::close);
        if (!channel.isActive()) {
            fail(new EOFException("closed by the server"));
            return;
        }
        List<byte[]> body = request.body();
        int length = request.bodyLength();
        HttpRequest head;
        try {
            head = head(request, body == null ? -1 : length);
        } catch (RuntimeException e) {
            fail(e);
            return;
        }
        lastReadNanos = System.nanoTime();
        scheduleReadCheck(readTimeoutNanos);
        if (length <= BODY_SLICE) {
            ByteBuf content = body == null ? Unpooled.EMPTY_BUFFER : range(body, 0, length);
            write(new DefaultFullHttpRequest(head.protocolVersion(), head.method(), head.uri(), content, head.headers(),
                    EmptyHttpHeaders.INSTANCE), receiver, true);
        } else {
            bodyPending = true;
            channel.write(head);
            writeSlice(receiver, body, length, 0);
        }
    }

    /**
     * Writes one slice of a large body and queues the next behind whatever the event loop already holds, so
     * the other requests of a burst (their heads, their small bodies) go out between a large body's slices
     * instead of after all of it: a 500 KB prompt no longer holds up the requests due at the same instant.
     * The bytes of one request stay in order on its connection; nothing else is written on it meanwhile.
     */
    private void writeSlice(Receiver receiver, List<byte[]> body, int length, int from) {
        if (current != receiver || !channel.isActive()) {
            bodyPending = false; // the request ended (failed, cancelled): the connection is closed, never reused
            return;
        }
        int to = Math.min(length, from + BODY_SLICE);
        ByteBuf slice = range(body, from, to);
        if (to == length) {
            bodyPending = false;
            write(new DefaultLastHttpContent(slice), receiver, true);
        } else {
            write(new DefaultHttpContent(slice), receiver, false);
            channel.eventLoop().execute(() -> writeSlice(receiver, body, length, to));
        }
    }

    /** Bytes {@code from} to {@code to} of the parts, as views of their arrays (nothing copied). */
    static ByteBuf range(List<byte[]> parts, int from, int to) {
        List<ByteBuf> views = new ArrayList<>(2);
        int start = 0;
        for (byte[] part : parts) {
            int end = start + part.length;
            int a = Math.max(from, start);
            int b = Math.min(to, end);
            if (a < b) views.add(Unpooled.wrappedBuffer(part, a - start, b - a));
            if (end >= to) break;
            start = end;
        }
        return views.size() == 1 ? views.get(0) : Unpooled.wrappedBuffer(views.toArray(ByteBuf[]::new));
    }

    /** Writes and flushes {@code message}; a failed write fails the request, the last one's completion is its "sent". */
    private void write(Object message, Receiver receiver, boolean last) {
        channel.writeAndFlush(message).addListener(f -> {
            if (current != receiver) return;
            if (!f.isSuccess()) {
                fail(f.cause());
            } else if (last) {
                receiver.sent(System.nanoTime());
            }
        });
    }

    private HttpRequest head(WireRequest request, int bodyLength) {
        DefaultHttpRequest m = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(request.method()),
                request.target());
        HttpHeaders h = m.headers();
        h.set(HttpHeaderNames.HOST, owner.hostHeader());
        h.set(HttpHeaderNames.USER_AGENT, "benchsuite");
        request.headers().forEach(h::set);
        if (bodyLength >= 0) {
            if (!h.contains(HttpHeaderNames.CONTENT_TYPE)) h.set(HttpHeaderNames.CONTENT_TYPE, "application/json"); // a form names its own
            h.setInt(HttpHeaderNames.CONTENT_LENGTH, bodyLength);
        }
        return m;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            Receiver r = current;
            if (r == null) {
                // Bytes nobody asked for: the connection is out of step; never reuse it.
                channel.close();
                return;
            }
            if (msg instanceof HttpResponse res) {
                DecoderResult d = res.decoderResult();
                if (d.isFailure()) {
                    failDecoding(d.cause());
                    return;
                }
                int code = res.status().code();
                if (code >= 100 && code < 200) {
                    interim = true; // 100 Continue, 103 Early Hints: the real response follows
                    return;
                }
                keepAlive = HttpUtil.isKeepAlive(res);
                r.response(readNanos, code, res.headers().get(HttpHeaderNames.CONTENT_TYPE),
                        res.headers().get(HttpHeaderNames.RETRY_AFTER), res.headers().get(HttpHeaderNames.LOCATION),
                        res.headers().get(HttpHeaderNames.CONTENT_ENCODING), true);
            }
            if (msg instanceof HttpContent c) {
                if (interim) {
                    if (c instanceof LastHttpContent) interim = false;
                    return;
                }
                if (c.decoderResult().isFailure()) {
                    failDecoding(c.decoderResult().cause());
                    return;
                }
                ByteBuf b = c.content();
                if (b.isReadable() && current == r) r.content(readNanos, view(b));
                if (c instanceof LastHttpContent && current == r) finish(r);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** The readable bytes as a ByteBuffer, without copying (Netty's internal view when there is one). */
    private static ByteBuffer view(ByteBuf b) {
        return b.nioBufferCount() == 1 ? b.internalNioBuffer(b.readerIndex(), b.readableBytes()) : b.nioBuffer();
    }

    private void finish(Receiver r) {
        r.end(readNanos);
        current = null;
        cancelReadCheck();
        // an answer that ended before the request's body was all written (a server refusing it early) leaves the
        // rest of the body queued on this connection: never reused
        boolean reuse = pooled && keepAlive && !bodyPending && channel.isActive() && r.completedCleanly();
        r.done();
        if (reuse) {
            owner.release(this);
        } else {
            channel.close();
        }
    }

    private void failDecoding(Throwable cause) {
        if (cause instanceof PrematureChannelClosureException) {
            fail(new EOFException("closed by the server"));
        } else {
            fail(new MalformedResponseException("not HTTP/1.1: " + cause.getMessage()));
        }
    }

    /** Ends the current request with {@code cause} and closes the connection. */
    private void fail(Throwable cause) {
        Receiver r = current;
        current = null;
        cancelReadCheck();
        channel.close();
        if (r != null) {
            r.failed(System.nanoTime(), cause);
            r.done();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (current != null) fail(new EOFException("closed by the server"));
        owner.idleClosed(this);
        if (served) owner.servedConnectionClosed();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (current != null) {
            fail(cause);
        } else {
            channel.close();
        }
    }

    private void scheduleReadCheck(long delayNanos) {
        readTimer = channel.eventLoop().schedule(this::checkRead, delayNanos, TimeUnit.NANOSECONDS);
    }

    private void cancelReadCheck() {
        ScheduledFuture<?> t = readTimer;
        readTimer = null;
        if (t != null) t.cancel(false);
    }

    /** The read timeout: the longest silence allowed between two reads while a request is in flight. */
    private void checkRead() {
        readTimer = null;
        if (current == null) return;
        long silent = System.nanoTime() - lastReadNanos;
        if (silent >= readTimeoutNanos) {
            fail(new SocketTimeoutException("no data for " + TimeUnit.NANOSECONDS.toMillis(silent) + " ms"));
        } else {
            scheduleReadCheck(readTimeoutNanos - silent);
        }
    }
}
