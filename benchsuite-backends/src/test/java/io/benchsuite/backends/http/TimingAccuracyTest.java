package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The listener's nanoTimes against the truth. The scripted server lives in this JVM, so its clock
 * readings are on the same {@link System#nanoTime()} clock as the client's: the truth is what the
 * server actually did (when it had read the request, when it began writing each token), not merely
 * its schedule — on a shared 2-core machine the server's own sleeps overshoot by milliseconds, and
 * that is not the client's error.
 *
 * <p>Schedule: first token {@value #TTFT_MS} ms after the server has read the request, then one
 * every {@value #GAP_MS} ms ({@value #TOKENS} tokens), {@value #STREAMS} concurrent streams.
 *
 * <p>Tolerances, per request, and why:
 * <ul>
 *   <li>TTFT (onSent to first token) within -2/+15 ms of the server's true TTFT (start of its first
 *       token write minus the moment it had read the request) for the median stream, and within
 *       -2/+30 ms for every stream. -2 ms: onSent is read a few microseconds after the last byte
 *       leaves, and the server may hold the body by then. The error includes the test server's own
 *       thread waking up after the request landed, which the client cannot see and which on a
 *       shared 2-core machine (four streams, the server, other builds) is now and then 10+ ms;
 *       typical figures are 1-3 ms (printed).</li>
 *   <li>Mean ITL within ±2 ms of the server's true mean gap, and every measured gap's median error
 *       within ±0.5 ms: over 39 gaps the per-token delays cancel except at the ends.</li>
 *   <li>Each token's arrival minus the start of its write: never negative by more than 0.5 ms
 *       (physics, allowing for clock reads across cores), median under 2 ms, 95th percentile under
 *       20 ms (a loaded machine can deschedule the I/O thread).</li>
 *   <li>E2E (onSent to onComplete) within -2/+20 ms of the server's last write minus its receipt
 *       for the median stream, -2/+30 ms for every stream (same reasoning as TTFT).</li>
 * </ul>
 */
class TimingAccuracyTest {
    static final int TTFT_MS = 150;
    static final int GAP_MS = 20;
    static final int TOKENS = 40;
    static final int STREAMS = 4;
    /**
     * A whole-machine stall (GC, another build on the same 2 cores) can delay one read by tens of
     * milliseconds and push one request's TTFT or E2E out of bounds; a real client-side error would
     * fail every attempt, a stall does not repeat on cue. Each attempt's figures are printed.
     */
    static final int ATTEMPTS = 3;

    @Test
    void ttftItlAndE2eMatchWhatTheServerDid() throws Exception {
        Map<String, Long> receivedAt = new ConcurrentHashMap<>();
        Map<String, List<Long>> written = new ConcurrentHashMap<>();
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            long t0 = req.nanoTime();
            String id = req.header("x-test-id");
            receivedAt.put(id, t0);
            c.head(200);
            if (id.startsWith("warm")) {
                // Warm-up: a fast stream long enough for the JIT to compile the read path.
                for (int i = 0; i < 2000; i++) c.chunk(chatDelta("w"));
                c.chunk("data: [DONE]\n\n");
                c.end();
                return;
            }
            int first = c.writeStarts.size();
            for (int i = 0; i < TOKENS; i++) {
                sleepUntil(t0 + (TTFT_MS + (long) i * GAP_MS) * 1_000_000L);
                c.chunk(chatDelta("t" + i));
            }
            c.chunk("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":" + TOKENS + "}}\n\ndata: [DONE]\n\n");
            written.put(id, new ArrayList<>(c.writeStarts.subList(first, c.writeStarts.size())));
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url(), "max-concurrency", "8")) {
            // Warm-up: class loading, JIT and opening the connections (and the server's threads
            // for them) must not count against the client.
            List<RecordingListener> warm = new ArrayList<>();
            for (int s = 0; s < STREAMS; s++) {
                RecordingListener l = new RecordingListener();
                warm.add(l);
                backend.send(request(true, 4).withHeaders(Map.of("x-test-id", "warm" + s)), l);
            }
            for (RecordingListener l : warm) l.await();
            System.gc();

            AssertionError last = null;
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                try {
                    measureOnce(backend, written, receivedAt, attempt);
                    return;
                } catch (AssertionError e) {
                    last = e;
                    System.out.println("  attempt " + attempt + " out of bounds: " + e.getMessage().strip().replaceAll("\\s+", " "));
                }
            }
            throw last;
        }
    }

    private static void measureOnce(OpenAiBackend backend, Map<String, List<Long>> written, Map<String, Long> receivedAt,
                                int attempt) throws Exception {
        List<RecordingListener> ls = new ArrayList<>();
        for (int s = 0; s < STREAMS; s++) {
            RecordingListener l = new RecordingListener();
            ls.add(l);
            backend.send(request(true, TOKENS).withHeaders(Map.of("x-test-id", "a" + attempt + "s" + s)), l);
        }
        List<Double> ttftVsSchedule = new ArrayList<>();
        List<Double> ttftErr = new ArrayList<>();
        List<Double> itlMean = new ArrayList<>();
        List<Double> itlMeanErr = new ArrayList<>();
        List<Double> e2eErr = new ArrayList<>();
        List<Double> arrivalLag = new ArrayList<>();
        List<Double> gapErr = new ArrayList<>();
        for (int s = 0; s < STREAMS; s++) {
            RecordingListener l = ls.get(s).await();
            assertThat(l.error()).isNull();
            assertThat(l.violations()).isEmpty();
            List<Long> arrivals = l.tokenTimes();
            // onComplete can beat the server thread's bookkeeping after its last write.
            long until = System.nanoTime() + 5_000_000_000L;
            while (!written.containsKey("a" + attempt + "s" + s) && System.nanoTime() < until) Thread.sleep(1);
            List<Long> writes = written.get("a" + attempt + "s" + s);
            long recv = receivedAt.get("a" + attempt + "s" + s);
            assertThat(arrivals).hasSize(TOKENS);
            double ttft = (arrivals.get(0) - l.sentNanos()) / 1e6;
            ttftVsSchedule.add(ttft - TTFT_MS);
            ttftErr.add(ttft - (writes.get(0) - recv) / 1e6);
            double clientMean = (arrivals.get(TOKENS - 1) - arrivals.get(0)) / 1e6 / (TOKENS - 1);
            double serverMean = (writes.get(TOKENS - 1) - writes.get(0)) / 1e6 / (TOKENS - 1);
            itlMean.add(clientMean);
            itlMeanErr.add(clientMean - serverMean);
            e2eErr.add((l.endNanos() - l.sentNanos()) / 1e6 - (writes.get(TOKENS) - recv) / 1e6);
            for (int i = 0; i < TOKENS; i++) {
                arrivalLag.add((arrivals.get(i) - writes.get(i)) / 1e6);
                if (i > 0) {
                    gapErr.add(((arrivals.get(i) - arrivals.get(i - 1)) - (writes.get(i) - writes.get(i - 1))) / 1e6);
                }
            }
        }
        System.out.printf(Locale.ROOT, "timing accuracy (attempt " + attempt + "), %d streams x %d tokens (T=%d ms, G=%d ms), errors in ms:%n",
                STREAMS, TOKENS, TTFT_MS, GAP_MS);
        System.out.printf(Locale.ROOT, "  TTFT - server's true TTFT:     %s%n", fmt(ttftErr));
        System.out.printf(Locale.ROOT, "  TTFT - scheduled T:            %s%n", fmt(ttftVsSchedule));
        System.out.printf(Locale.ROOT, "  mean ITL:                      %s%n", fmt(itlMean));
        System.out.printf(Locale.ROOT, "  mean ITL - server's mean gap:  %s%n", fmt(itlMeanErr));
        System.out.printf(Locale.ROOT, "  E2E - server's true E2E:       %s%n", fmt(e2eErr));
        System.out.printf(Locale.ROOT, "  arrival - write start: min %.3f median %.3f p95 %.3f max %.3f%n",
                pct(arrivalLag, 0), pct(arrivalLag, 50), pct(arrivalLag, 95), pct(arrivalLag, 100));
        System.out.printf(Locale.ROOT, "  each gap - server's gap: p5 %.3f median %.3f p95 %.3f%n",
                pct(gapErr, 5), pct(gapErr, 50), pct(gapErr, 95));

        assertThat(pct(ttftErr, 50)).isBetween(-2.0, 15.0);
        assertThat(ttftErr).allSatisfy(e -> assertThat(e).isBetween(-2.0, 30.0));
        assertThat(itlMeanErr).allSatisfy(e -> assertThat(e).isBetween(-2.0, 2.0));
        assertThat(pct(gapErr, 50)).isBetween(-0.5, 0.5);
        assertThat(pct(e2eErr, 50)).isBetween(-2.0, 20.0);
        assertThat(e2eErr).allSatisfy(e -> assertThat(e).isBetween(-2.0, 30.0));
        assertThat(pct(arrivalLag, 0)).isGreaterThan(-0.5);
        assertThat(pct(arrivalLag, 50)).isLessThan(2.0);
        assertThat(pct(arrivalLag, 95)).isLessThan(20.0);
    }

    private static void sleepUntil(long deadline) {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    private static double pct(List<Double> values, double p) {
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        int i = (int) Math.ceil(p / 100.0 * v.size()) - 1;
        return v.get(Math.max(0, Math.min(v.size() - 1, i)));
    }

    private static String fmt(List<Double> v) {
        StringBuilder b = new StringBuilder();
        for (double d : v) b.append(String.format(Locale.ROOT, "%+.3f ", d));
        return b.toString().trim();
    }
}
