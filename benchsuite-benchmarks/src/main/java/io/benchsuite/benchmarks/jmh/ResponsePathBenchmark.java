package io.benchsuite.benchmarks.jmh;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.StreamReplay;
import io.benchsuite.backends.openai.Endpoint;
import io.benchsuite.backends.openai.OpenAiStreamDialect;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Client CPU per streamed token event after the socket, on the path a real request takes:
 * <ul>
 *   <li>{@code exchangeToListener}: one read per event (a direct buffer, as epoll delivers it)
 *       through the exchange (locking, timing, ordering), the SSE decoder, the OpenAI dialect and the
 *       {@link ResponseListener}, whose work here is what the engine's tracker does per token
 *       (a gap into an array, the text appended);</li>
 *   <li>{@code httpChunkDecode}: Netty's HTTP/1.1 decoder turning the chunked-encoded bytes of one
 *       event into the body bytes (the step before).</li>
 * </ul>
 * The two add up to the client's per-event work after the kernel's read. Scores are nanoseconds per
 * event; {@code -prof gc} gives the bytes allocated per event.
 *
 * <pre>
 * java -jar benchsuite-benchmarks/target/benchmarks.jar ResponsePathBenchmark -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ResponsePathBenchmark {
    static final int EVENTS = 256;

    private byte[][] events;
    private ByteBuffer[] direct;
    private ByteBuf[] chunked;
    private EmbeddedChannel channel;
    private TrackerLikeListener listener;

    /** Does per token what the engine's request tracker does: one gap, the text appended. */
    static final class TrackerLikeListener implements ResponseListener {
        long[] gaps = new long[EVENTS + 8];
        int n;
        long last;
        final StringBuilder text = new StringBuilder();
        Blackhole bh;

        @Override
        public synchronized void onSent(long nanoTime) {
            n = 0;
            last = nanoTime;
            text.setLength(0);
        }

        @Override
        public synchronized void onTokens(long nanoTime, int tokenCount, String chunk) {
            text.append(chunk);
            if (n < gaps.length) gaps[n++] = nanoTime - last;
            last = nanoTime;
        }

        @Override
        public synchronized void onComplete(long nanoTime, Usage usage) {
            bh.consume(usage);
            bh.consume(n);
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            throw new IllegalStateException(error.message());
        }
    }

    @Setup
    public void setUp(Blackhole bh) {
        listener = new TrackerLikeListener();
        listener.bh = bh;
        String all = new String(StreamReplay.syntheticOpenAiEvents(EVENTS), StandardCharsets.UTF_8);
        List<byte[]> list = new ArrayList<>();
        for (String e : all.split("(?<=\n\n)", -1)) {
            if (!e.isEmpty()) list.add(e.getBytes(StandardCharsets.UTF_8)); // the text ends with an event's blank line
        }
        events = list.toArray(new byte[0][]);
        direct = new ByteBuffer[events.length];
        for (int i = 0; i < events.length; i++) direct[i] = ByteBuffer.allocateDirect(events[i].length).put(events[i]).flip();
        chunked = new ByteBuf[events.length];
        for (int i = 0; i < events.length; i++) {
            byte[] head = (Integer.toHexString(events[i].length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
            ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer();
            b.writeBytes(head).writeBytes(events[i]).writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
            chunked[i] = b;
        }
    }

    @Setup(Level.Invocation)
    public void newConnection() {
        // A client codec expecting a chunked response: send a request, feed the response head.
        channel = new EmbeddedChannel(new HttpClientCodec(), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (msg instanceof HttpContent c) listener.bh.consume(c.content().readableBytes());
                ReferenceCountUtil.release(msg);
            }
        });
        channel.writeOutbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/v1/chat/completions"));
        channel.releaseOutbound();
        channel.writeInbound(Unpooled.copiedBuffer(
                "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n", StandardCharsets.US_ASCII));
    }

    @TearDown(Level.Invocation)
    public void closeConnection() {
        channel.finishAndReleaseAll();
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void exchangeToListener() {
        List<ByteBuffer> reads = new ArrayList<>(direct.length);
        for (ByteBuffer d : direct) reads.add(d.duplicate());
        StreamReplay.replay(new OpenAiStreamDialect(Endpoint.CHAT, true), listener, "text/event-stream", reads);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void httpChunkDecode() {
        for (ByteBuf c : chunked) channel.writeInbound(c.retainedDuplicate());
    }
}
