package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.spi.ResponseDialect;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Replays a streamed response, read by read, through the same path the transports use after the
 * socket (exchange, SSE decoder, dialect, listener), without a network. Two uses: warming that path
 * up before a run's clock starts, so the first requests are not parsed by the interpreter, and
 * measuring it (the JMH benchmarks of {@code benchsuite-benchmarks}).
 */
public final class StreamReplay {
    private static final HttpSettings SETTINGS = HttpSettings.from(BackendConfig.empty(), "http://127.0.0.1:1");
    private static final Set<String> WARMED = ConcurrentHashMap.newKeySet();
    /** Streams in a warm-up: enough for the JIT's first tiers, a few tens of milliseconds. */
    static final int WARM_UP_STREAMS = 16;

    private StreamReplay() {}

    /**
     * Runs one response: status 200 with {@code contentType}, then each read in order, then its end.
     * The reads are consumed. Every event gets the same arrival time.
     */
    public static void replay(ResponseDialect dialect, ResponseListener listener, String contentType, List<ByteBuffer> reads) {
        Exchange e = new Exchange(listener, dialect, true, SETTINGS, "replay", SecretMask.none(), () -> { }, attempt -> {
            long now = System.nanoTime();
            attempt.connection(-1);
            attempt.sent(now);
            attempt.response(now, 200, contentType, null, null, null, true);
            for (ByteBuffer read : reads) attempt.content(now, read);
            attempt.end(now);
            attempt.done();
        });
        e.start(null);
    }

    /**
     * Warms the response path of one API flavour up, once per JVM and {@code flavour} (later calls
     * return at once): {@value #WARM_UP_STREAMS} synthetic streams of {@code events} through
     * {@link #replay}, on the calling thread, alternately from heap and direct buffers as sockets
     * deliver them. Takes a few tens of milliseconds; the JIT compiles the path while it runs.
     *
     * @param flavour a name for the API flavour, e.g. {@code openai}
     * @param dialect makes a fresh dialect per stream
     * @param events the bytes of one stream of that flavour
     */
    public static void warmUp(String flavour, Supplier<ResponseDialect> dialect, byte[] events) {
        if (!WARMED.add(flavour)) return;
        ResponseListener quiet = new ResponseListener.Ignoring();
        ByteBuffer direct = ByteBuffer.allocateDirect(events.length);
        for (int i = 0; i < WARM_UP_STREAMS; i++) {
            ByteBuffer b = (i & 1) == 0 ? ByteBuffer.wrap(events) : direct.clear().put(events).flip();
            replay(dialect.get(), quiet, "text/event-stream", List.of(b));
        }
    }

    /** {@code n} OpenAI chat chunks, a usage chunk and {@code [DONE]}. */
    public static byte[] syntheticOpenAiEvents(int n) {
        // vLLM's shape: the role first, content deltas, the finish reason on the last, then the usage
        String head = "data: {\"id\":\"chatcmpl-warm\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
                + "\"model\":\"warm-up\",\"choices\":[{\"index\":0,\"delta\":{";
        StringBuilder b = new StringBuilder(n * 200 + 400);
        b.append(head).append("\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
        for (int i = 0; i < n; i++) {
            b.append(head).append("\"content\":\" w").append(i % 10).append("\"},\"logprobs\":null,\"finish_reason\":")
                    .append(i == n - 1 ? "\"length\"" : "null").append("}]}\n\n");
        }
        b.append("data: {\"id\":\"chatcmpl-warm\",\"choices\":[],\"usage\":{\"prompt_tokens\":8,\"total_tokens\":").append(8 + n)
                .append(",\"completion_tokens\":").append(n).append("}}\n\ndata: [DONE]\n\n");
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@code n} TGI token events, the last with {@code generated_text}. */
    public static byte[] syntheticTgiEvents(int n) {
        StringBuilder b = new StringBuilder(n * 150);
        for (int i = 0; i < n; i++) {
            boolean last = i == n - 1;
            b.append("data:{\"index\":").append(i + 1).append(",\"token\":{\"id\":").append(1000 + i)
                    .append(",\"text\":\" w").append(i % 10).append("\",\"logprob\":-0.25,\"special\":false},\"generated_text\":")
                    .append(last ? "\"done\"" : "null").append(",\"details\":")
                    .append(last ? "{\"finish_reason\":\"length\",\"generated_tokens\":" + n + "}" : "null").append("}\n\n");
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }
}
