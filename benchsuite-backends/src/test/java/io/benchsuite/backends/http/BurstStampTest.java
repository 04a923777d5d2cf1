package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A serving engine's decode step writes one token to each of its running streams at once, so many connections
 * become readable together. Each read must be timed when its bytes are read, not after the streams read before
 * it in the same wake-up were parsed and handed to their listeners. Here {@value #STREAMS} streams get their
 * first token together (once all have arrived, one server thread writes to each in a loop, as an engine's step
 * does) and the listener costs {@value #LISTENER_MICROS} µs per token, as a heavy listener or a slow parse would: a
 * client that stamped each read after parsing the one before would time the last stream at least 15 x that late
 * (measured: 18–23 ms).
 *
 * <p>Tolerance: the latest stream's first token no more than {@value #BOUND_MS} ms after its write began (the
 * server's 16 writes themselves spread over a fraction of a millisecond; one listener call of 1 ms can run before
 * the rest become readable; measured 0.4–2.7 ms, once 8.9 ms). A machine that deschedules the client's I/O thread
 * can exceed it in one attempt; a client that parses before it stamps exceeds it in every attempt, so the best of
 * {@value #ATTEMPTS} attempts is judged.
 */
class BurstStampTest {
    static final int STREAMS = 16;
    static final int LISTENER_MICROS = 1000;
    static final double BOUND_MS = 10;
    static final int ATTEMPTS = 5;

    @Test
    void streamsReadableTogetherAreTimedTogetherHoweverLongTheirListenersTake() throws Exception {
        assumeTrue(Fixtures.transport().isEmpty(), "the Netty transport's guarantee: Apache HttpClient 5 parses each read on"
                + " its reactor thread before it reads the next (docs/backend-spi.md)");
        Map<String, Long> writeStart = new ConcurrentHashMap<>();
        Map<String, Round> rounds = new ConcurrentHashMap<>();
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            String id = req.header("x-test-id");
            c.head(200);
            Round round = rounds.computeIfAbsent(id.substring(0, id.indexOf('s')), k -> new Round());
            round.conns.put(id, c);
            // the last stream to arrive writes every stream's first token, one write after another, as an
            // engine's decode step does; the others wait for it
            round.together.await(30, TimeUnit.SECONDS);
            writeStart.put(id, round.started.get(id));
            ScriptedServer.Conn.sleep(100);
            c.chunk("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1}}\n\ndata: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url(), "max-concurrency", Integer.toString(STREAMS))) {
            round(backend, "warm", 0); // connections, class loading and the read path's first compiles
            double best = Double.MAX_VALUE;
            for (int attempt = 1; attempt <= ATTEMPTS && best > BOUND_MS; attempt++) {
                List<Double> late = round(backend, "a" + attempt, LISTENER_MICROS);
                List<Double> lateness = new ArrayList<>();
                for (int s = 0; s < STREAMS; s++) {
                    lateness.add(late.get(s) - writeStart.get("a" + attempt + "s" + s) / 1e6);
                }
                double worst = lateness.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
                System.out.printf(Locale.ROOT, "burst of %d first tokens, attempt %d: latest stamp %.3f ms after its write%n",
                        STREAMS, attempt, worst);
                assertThat(lateness).as("a stamp before its write began").allSatisfy(ms -> assertThat(ms).isGreaterThan(-0.5));
                best = Math.min(best, worst);
            }
            assertThat(best).as("the latest of %d simultaneous first tokens, ms after its write (best of %d)", STREAMS, ATTEMPTS)
                    .isLessThanOrEqualTo(BOUND_MS);
        }
    }

    /** One burst: the streams' connections, gathered until all have arrived, then written to in one loop. */
    private static final class Round {
        final Map<String, ScriptedServer.Conn> conns = new ConcurrentHashMap<>();
        final Map<String, Long> started = new ConcurrentHashMap<>();
        final CyclicBarrier together = new CyclicBarrier(STREAMS, () -> {
            try {
                for (Map.Entry<String, ScriptedServer.Conn> e : conns.entrySet()) {
                    ScriptedServer.Conn c = e.getValue();
                    c.chunk(chatDelta("t0"));
                    started.put(e.getKey(), c.writeStarts.get(c.writeStarts.size() - 1));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Sends one request per stream; returns each stream's first-token stamp (ms on the nanoTime clock). */
    private static List<Double> round(OpenAiBackend backend, String tag, int listenerMicros) throws InterruptedException {
        List<SlowListener> listeners = new ArrayList<>();
        for (int s = 0; s < STREAMS; s++) {
            SlowListener l = new SlowListener(listenerMicros);
            listeners.add(l);
            backend.send(request(true, 1).withHeaders(Map.of("x-test-id", tag + "s" + s)), l);
        }
        List<Double> stamps = new ArrayList<>();
        for (SlowListener l : listeners) {
            assertThat(l.done.await(30, TimeUnit.SECONDS)).as("stream ended").isTrue();
            assertThat(l.error).as("stream error").isNull();
            stamps.add(l.firstToken / 1e6);
        }
        return stamps;
    }

    /** A listener that spends {@code micros} of CPU on each token, as a heavy parse or listener would. */
    private static final class SlowListener implements ResponseListener {
        final CountDownLatch done = new CountDownLatch(1);
        final long spinNanos;
        volatile long firstToken = -1;
        volatile BackendError error;

        SlowListener(int micros) {
            this.spinNanos = micros * 1000L;
        }

        @Override
        public void onSent(long nanoTime) {}

        @Override
        public void onTokens(long nanoTime, int tokenCount, String text) {
            if (firstToken < 0) firstToken = nanoTime;
            long until = System.nanoTime() + spinNanos;
            while (System.nanoTime() < until) Thread.onSpinWait();
        }

        @Override
        public void onComplete(long nanoTime, Usage usage) {
            done.countDown();
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            this.error = error;
            done.countDown();
        }
    }
}
