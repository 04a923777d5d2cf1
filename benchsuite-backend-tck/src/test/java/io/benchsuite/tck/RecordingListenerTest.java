package io.benchsuite.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The listener contract checker accepts what the contract allows and names what it forbids. */
class RecordingListenerTest {
    private static final BackendError CANCELLED = BackendError.of(ErrorKind.CANCELLED, "cancelled");

    @Test
    void aNormalRequestKeepsTheContractAndIsRecorded() throws Exception {
        RecordingListener l = new RecordingListener();
        l.onConnected(1_000);
        l.onSent(10);
        l.onTokens(20, 0, "");
        l.onTokens(25, 2, "ab");
        l.onTokens(30, 1, "c");
        l.onComplete(31, new Usage(5, 3));
        assertThat(l.await(Duration.ofSeconds(1)).violations()).isEmpty();
        assertThat(l.tokens()).isEqualTo(3);
        assertThat(l.text()).isEqualTo("abc");
        assertThat(l.tokenTimes()).containsExactly(25L, 30L);
        assertThat(l.firstTokenNanos()).isEqualTo(25);
        assertThat(l.sentNanos()).isEqualTo(10);
        assertThat(l.endNanos()).isEqualTo(31);
        assertThat(l.usage()).isEqualTo(new Usage(5, 3));
        assertThat(l.error()).isNull();
        assertThat(l.chunks()).hasSize(3);
        assertThat(l.events()).extracting(RecordingListener.Event::kind).containsExactly(RecordingListener.Kind.CONNECTED,
                RecordingListener.Kind.SENT, RecordingListener.Kind.TOKENS, RecordingListener.Kind.TOKENS,
                RecordingListener.Kind.TOKENS, RecordingListener.Kind.COMPLETE);
    }

    @Test
    void aRetryMayRepeatConnectedAndSentOnceBeforeAnyToken() {
        RecordingListener l = new RecordingListener();
        l.onSent(10);
        l.onConnectionRetry(12, "connection reset");
        l.onConnected(500);
        l.onSent(13);
        l.onTokens(20, 1, "a");
        l.onComplete(21, Usage.unknown());
        assertThat(l.violations()).isEmpty();
        assertThat(l.retries()).isEqualTo(1);
        assertThat(l.sentNanos()).isEqualTo(13);
    }

    @Test
    void marksAreRecordedFirstValueWinningAndBadOnesAreNamed() {
        RecordingListener l = new RecordingListener();
        l.onSent(10);
        l.onMark("firstByte", 15);
        l.onMark("firstByte", 18);
        l.onMark("first_byte", 16);
        l.onTokens(20, 1, "a");
        l.onComplete(21, Usage.unknown());
        l.onMark("late", 22);
        assertThat(l.marks()).containsExactly(Map.entry("firstByte", 15L), Map.entry("first_byte", 16L),
                Map.entry("late", 22L));
        assertThat(l.violations()).containsExactly(
                "onMark with an invalid name 'first_byte' (not [a-z][A-Za-z0-9]*, or a fixed instant's)",
                "onMark after the terminal event");
    }

    @Test
    void aRequestMayFailBeforeItIsSent() {
        RecordingListener l = new RecordingListener();
        l.onError(5, BackendError.of(ErrorKind.CONNECTION_REFUSED, "refused"));
        assertThat(l.violations()).isEmpty();
        assertThat(l.error().kind()).isEqualTo(ErrorKind.CONNECTION_REFUSED);
    }

    @Test
    void everyBrokenRuleIsNamed() {
        RecordingListener l = new RecordingListener();
        l.onTokens(5, 1, "x");
        l.onComplete(4, Usage.unknown());
        l.onError(6, CANCELLED);
        l.onTokens(7, 1, "late");
        assertThat(l.violations()).containsExactly("onTokens before onSent", "a second terminal event (onError)",
                "onTokens after the terminal event");
        assertThatThrownBy(l::assertContractKept).isInstanceOf(AssertionError.class).hasMessageContaining("onTokens before onSent");

        RecordingListener twice = new RecordingListener();
        twice.onSent(10);
        twice.onTokens(20, 1, "a");
        twice.onSent(21);
        twice.onConnectionRetry(22, "late retry");
        twice.onConnectionRetry(23, "again");
        twice.onConnected(-5);
        twice.onTokens(15, 1, "b");
        twice.onComplete(30, null);
        assertThat(twice.violations()).contains("onSent after tokens", "onConnectionRetry after a token",
                "onConnectionRetry more than once", "onConnected with a negative duration -5",
                "onComplete with a null usage (use Usage.unknown())").anyMatch(v -> v.startsWith("onTokens at 15, before the previous event"));
    }

    @Test
    void overlappingEventsAreCaught() throws Exception {
        RecordingListener l = new RecordingListener();
        l.onSent(1);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // Holding the listener's monitor parks the first call inside its event (after it marked itself
        // in progress); a second call from another thread then overlaps it, as a racing backend's would.
        Thread holder = new Thread(() -> {
            synchronized (l) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        holder.start();
        held.await();
        Thread first = new Thread(() -> l.onTokens(2, 1, "a"));
        first.start();
        awaitBlocked(first);
        Thread second = new Thread(() -> l.onTokens(3, 1, "b"));
        second.start();
        awaitBlocked(second);
        release.countDown();
        holder.join();
        first.join();
        second.join();
        l.onComplete(5, Usage.unknown());
        assertThat(l.violations()).contains("onTokens concurrently with another event of the same request");
        assertThat(l.tokens()).isEqualTo(2);
    }

    private static void awaitBlocked(Thread t) throws InterruptedException {
        while (t.getState() != Thread.State.BLOCKED) Thread.sleep(1);
    }

    @Test
    void awaitingANeverEndingRequestFailsNamingTheEventsSoFar() {
        RecordingListener l = new RecordingListener();
        l.onSent(1);
        assertThatThrownBy(() -> l.await(Duration.ofMillis(20))).isInstanceOf(AssertionError.class)
                .hasMessageContaining("no terminal event within PT0.02S").hasMessageContaining("SENT");
    }
}
