package io.benchsuite.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.sim.SimPhysics;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.tck.RecordingListener;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The real-time driver never lets a token come earlier than the physics allows, whatever the
 * listeners or the host do. Only lower bounds are asserted (they hold on any machine, however
 * loaded); each test would fail with the old driver, which ran listeners on the engine thread and
 * then ran the missed steps back to back.
 */
class RealTimeEngineTest {
    private static final SimSettings A100 = SimSettings.builder().build(); // llama-3-8b, a100-80gb, real time

    /** A listener whose first token blocks its thread (aggregation and file writes do, on a busy machine). */
    private static final class BlockingListener implements ResponseListener {
        private final RecordingListener target;
        private final long blockMillis;
        private final AtomicInteger tokens = new AtomicInteger();

        BlockingListener(RecordingListener target, long blockMillis) {
            this.target = target;
            this.blockMillis = blockMillis;
        }

        @Override
        public void onSent(long nanoTime) {
            target.onSent(nanoTime);
        }

        @Override
        public void onTokens(long nanoTime, int tokenCount, String text) {
            target.onTokens(nanoTime, tokenCount, text);
            if (tokens.incrementAndGet() == 1) sleep(blockMillis);
        }

        @Override
        public void onComplete(long nanoTime, Usage usage) {
            target.onComplete(nanoTime, usage);
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            target.onError(nanoTime, error);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Sequence sequence(long id, ResponseListener l, int prompt, int out) {
        return new Sequence(id, l, prompt, out, PromptBlocks.of("request " + id), id);
    }

    /** Every gap between two tokens of a lone request is at least that decode step's simulated length. */
    private static void assertNoTokenEarly(RecordingListener r, SimPhysics p, int prompt) {
        List<Long> times = r.tokenTimes();
        for (int k = 1; k < times.size(); k++) {
            // token k comes from the decode step over prompt + k tokens of context
            long physics = (long) Math.ceil(p.decodeStepSeconds(1, prompt + k) * 1e9);
            assertThat(times.get(k) - times.get(k - 1)).as("gap before token %d (ns)", k).isGreaterThanOrEqualTo(physics);
        }
    }

    @Test
    void aBlockingListenerDelaysDeliveryNeverTheEngine() throws InterruptedException {
        RecordingListener r = new RecordingListener();
        RecordingListener late = new RecordingListener();
        try (RealTimeEngine engine = new RealTimeEngine(A100)) {
            SimPhysics p = engine.core().physics();
            BlockingListener blocking = new BlockingListener(r, 300);
            blocking.onSent(System.nanoTime());
            engine.submit(sequence(0, blocking, 1000, 30));
            // A second request with a long prompt arrives while the first listener blocks.
            sleep(100);
            long sent = System.nanoTime();
            late.onSent(sent);
            engine.submit(sequence(1, late, 4000, 2));
            assertThat(r.awaitDone(Duration.ofSeconds(30))).isTrue();
            assertThat(late.awaitDone(Duration.ofSeconds(30))).isTrue();
            assertThat(r.violations()).isEmpty();
            assertThat(late.violations()).isEmpty();
            assertThat(r.tokens()).isEqualTo(30);
            assertThat(r.firstTokenNanos() - r.sentNanos()).isGreaterThanOrEqualTo((long) (p.prefillSeconds(1000) * 1e9));
            // The blocked listener's tokens carry the engine's times: decode steps of the lone request
            // until the second one joins. Those steps read more KV (two sequences), so they are only longer.
            assertNoTokenEarly(r, p, 1000);
            // The long prompt's first token comes no sooner than its prefill allows after it was sent.
            assertThat(late.firstTokenNanos() - sent).isGreaterThanOrEqualTo((long) Math.ceil(p.prefillSeconds(4000) * 1e9));
        }
    }

    @Test
    void aStalledEngineThreadStaysLateAndShowsIt() throws InterruptedException {
        AtomicInteger parks = new AtomicInteger();
        RealTimeEngine.Timer stallingOnce = new RealTimeEngine.Timer() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void parkNanos(Object blocker, long nanos) {
                // the 5th wait of the engine thread overruns by 250 ms, as if the host had descheduled it
                if (parks.incrementAndGet() == 5) sleep(250);
                LockSupport.parkNanos(blocker, nanos);
            }
        };
        RecordingListener r = new RecordingListener();
        try (RealTimeEngine engine = new RealTimeEngine(A100, stallingOnce)) {
            SimPhysics p = engine.core().physics();
            r.onSent(System.nanoTime());
            engine.submit(sequence(0, r, 500, 40));
            assertThat(r.awaitDone(Duration.ofSeconds(30))).isTrue();
            assertThat(r.violations()).isEmpty();
            assertNoTokenEarly(r, p, 500);
            double decode = (r.tokenTimes().get(39) - r.tokenTimes().get(0)) / 1e9;
            double physics = 0;
            for (int k = 1; k < 40; k++) physics += p.decodeStepSeconds(1, 500 + k);
            // the stall is not made up: the decode took the physics plus the stall
            assertThat(decode).isGreaterThanOrEqualTo(physics + 0.24);
            assertThat(engine.state().lateSteps()).isGreaterThanOrEqualTo(1);
            assertThat(engine.state().lateSeconds()).isGreaterThanOrEqualTo(0.24);
            assertThat(r.usage()).isEqualTo(new Usage(500, 40));
        }
    }

    @Test
    void closeDeliversEveryQueuedEventAndEndsBothThreads() throws InterruptedException {
        RecordingListener r = new RecordingListener();
        RealTimeEngine engine = new RealTimeEngine(A100);
        BlockingListener blocking = new BlockingListener(r, 200);
        blocking.onSent(System.nanoTime());
        engine.submit(sequence(0, blocking, 10, 5000));
        assertThat(r.awaitFirstToken(Duration.ofSeconds(30))).isTrue();
        engine.close();
        assertThat(engine.threadAlive()).isFalse();
        // close() returned after the blocked listener got every event, the cancellation last
        assertThat(r.awaitDone(Duration.ZERO)).isTrue();
        assertThat(r.error().kind()).isEqualTo(ErrorKind.CANCELLED);
        assertThat(r.violations()).isEmpty();
    }
}
