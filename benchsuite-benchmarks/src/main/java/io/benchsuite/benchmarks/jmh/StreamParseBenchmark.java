package io.benchsuite.benchmarks.jmh;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.SseDecoder;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.ResponseDialect;
import io.benchsuite.backends.openai.Endpoint;
import io.benchsuite.backends.openai.OpenAiStreamDialect;
import io.benchsuite.backends.tgi.TgiStreamDialect;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Client CPU per streamed token event on the parse path: bytes of a read → SSE frames → the fields a
 * dialect needs → {@link Emitter}. Each invocation feeds {@value #EVENTS} events, in reads of
 * {@code eventsPerRead} events (1: a server that flushes every token and a client that keeps up;
 * 16: a client reading a backlog), so the score is nanoseconds per event. Run with {@code -prof gc}
 * for the bytes allocated per event.
 *
 * <pre>
 * java -jar benchsuite-benchmarks/target/benchmarks.jar StreamParseBenchmark -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class StreamParseBenchmark {
    static final int EVENTS = 256;

    /** Which server's events. */
    @Param({"vllm-chat", "vllm-chat-continuous-usage", "tgi-native"})
    public String format;

    /** Events per socket read. */
    @Param({"1", "16"})
    public int eventsPerRead;

    private ByteBuffer[] reads;
    private Blackhole blackhole;
    private Emitter emitter;
    private String formatInUse;

    @Setup
    public void setUp(Blackhole bh) {
        this.blackhole = bh;
        this.formatInUse = format;
        StringBuilder one = new StringBuilder();
        int n = EVENTS / eventsPerRead;
        reads = new ByteBuffer[n];
        for (int r = 0; r < n; r++) {
            one.setLength(0);
            for (int e = 0; e < eventsPerRead; e++) one.append(event(format, r * eventsPerRead + e));
            reads[r] = ByteBuffer.wrap(one.toString().getBytes(StandardCharsets.UTF_8));
        }
        emitter = new Emitter() {
            @Override
            public void tokens(long nanoTime, int count, String text) {
                blackhole.consume(count);
                blackhole.consume(text);
            }

            @Override
            public void complete(long nanoTime, Usage usage) {
                blackhole.consume(usage);
            }

            @Override
            public void error(long nanoTime, BackendError error) {
                throw new IllegalStateException(error.message());
            }

            @Override
            public boolean finished() {
                return false;
            }
        };
    }

    /** A realistic event of each server (vLLM 0.x chat chunk; TGI 2.x token event). */
    static String event(String format, int i) {
        return switch (format) {
            case "vllm-chat" -> "data: {\"id\":\"chatcmpl-8f1c0a0e6b2d4b7f9a3e5c1d2b4a6f80\",\"object\":\"chat.completion.chunk\","
                    + "\"created\":1718000000,\"model\":\"meta-llama/Llama-3.1-8B-Instruct\",\"choices\":[{\"index\":0,"
                    + "\"delta\":{\"content\":\" token" + (i % 100) + "\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n";
            case "vllm-chat-continuous-usage" -> "data: {\"id\":\"chatcmpl-8f1c0a0e6b2d4b7f9a3e5c1d2b4a6f80\","
                    + "\"object\":\"chat.completion.chunk\",\"created\":1718000000,\"model\":\"meta-llama/Llama-3.1-8B-Instruct\","
                    + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\" token" + (i % 100) + "\"},\"logprobs\":null,"
                    + "\"finish_reason\":null}],\"usage\":{\"prompt_tokens\":256,\"total_tokens\":" + (257 + i)
                    + ",\"completion_tokens\":" + (i + 1) + "}}\n\n";
            case "tgi-native" -> "data:{\"index\":" + (i + 1) + ",\"token\":{\"id\":" + (1000 + i) + ",\"text\":\" token"
                    + (i % 100) + "\",\"logprob\":-0.25,\"special\":false},\"generated_text\":null,\"details\":null}\n\n";
            default -> throw new IllegalArgumentException(format);
        };
    }

    private ResponseDialect dialect() {
        return formatInUse.startsWith("tgi") ? new TgiStreamDialect() : new OpenAiStreamDialect(Endpoint.CHAT, true);
    }

    /** One stream of {@value #EVENTS} events: a decoder and a dialect per stream, as in a request. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void decodeAndParse() {
        SseDecoder decoder = new SseDecoder(1 << 20);
        ResponseDialect d = dialect();
        SseDecoder.Handler h = (type, data, offset, length) -> d.event(1L, type, data, offset, length, emitter);
        for (ByteBuffer r : reads) {
            decoder.feed(r.duplicate(), h);
        }
    }
}
