package io.benchsuite.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.Usage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link Backend} keeps, as JUnit 5 tests: extend this class in your backend's
 * tests, supply the backend, and every test below runs against it (Micrometer's
 * {@code MeterRegistryCompatibilityKit} works the same way).
 *
 * <pre>{@code
 * class MyBackendCompatibilityTest extends BackendCompatibilityKit {
 *     @Override
 *     protected Backend createBackend() {
 *         return new MyBackend(...);               // answers every request normally
 *     }
 *
 *     @Override
 *     protected Backend createFailingBackend() {
 *         return new MyBackend(serverThatAnswers500); // every request fails
 *     }
 * }
 * }</pre>
 *
 * <p>What it checks, through a {@link RecordingListener} on every request: the events of one request
 * come one at a time and in order ({@code onConnected?}, {@code onSent}, {@code onTokens}...,
 * exactly one terminal event, nothing after it; the documented exception is
 * {@code onConnectionRetry} followed by {@code onConnected}/{@code onSent} again); many requests
 * at once each keep it; a completion carries a {@link Usage}; a failure is one typed
 * {@code onError}, never an exception from {@code send}; {@link RequestHandle#cancel()} ends a
 * request with {@link ErrorKind#CANCELLED} (idempotent, and a no-op after the end); {@code close()}
 * ends requests in flight with {@code CANCELLED} and leaves no thread of the backend running; a
 * request sent after {@code close()} gets {@link ErrorKind#REJECTED}.
 *
 * <p>Every backend the kit creates is closed by the kit. Waits are bounded by {@link #timeout()};
 * no test asserts a wall-clock duration, so the kit does not flake on a loaded machine.
 */
public abstract class BackendCompatibilityKit {
    /** Threads of the JVM and the test engine, which may start while a test runs without belonging to the backend. */
    private static final List<String> INFRASTRUCTURE_THREADS = List.of("junit-", "surefire-", "ForkJoinPool.commonPool-",
            "Common-Cleaner", "Attach Listener", "process reaper", "Signal Dispatcher");

    private final List<Backend> created = new ArrayList<>();

    /**
     * A backend that answers every request normally, streaming at least one token.
     *
     * @return a new backend; the kit closes it
     * @throws Exception when it cannot be created (the test fails)
     */
    protected abstract Backend createBackend() throws Exception;

    /**
     * A backend whose every request fails, e.g. against a server answering HTTP 500, or with code
     * that throws. The default, null, skips the failure test.
     *
     * @return a new backend, or null when this backend cannot be made to fail
     * @throws Exception when it cannot be created (the test fails)
     */
    protected Backend createFailingBackend() throws Exception {
        return null;
    }

    /**
     * A backend that streams slowly enough for a request of {@link #slowMaxTokens()} tokens to be
     * cancelled, or the backend closed, while it streams (a second or more per request). The
     * default is {@link #createBackend()}.
     *
     * @return a new backend
     * @throws Exception when it cannot be created (the test fails)
     */
    protected Backend createSlowBackend() throws Exception {
        return createBackend();
    }

    /**
     * The request the kit sends: a one-message chat of a few words, streamed, asking for exactly
     * {@code maxTokens} tokens. Override to name your model or add what your backend needs.
     *
     * @param index the request's index
     * @param maxTokens tokens to ask for
     * @return the request
     */
    protected InferenceRequest request(long index, int maxTokens) {
        return new InferenceRequest(index, "test-model", List.of(ChatMessage.user("hello from the compatibility kit")),
                6, maxTokens, true, 0.0, 0x5EED_0000L + index, true, Map.of());
    }

    /**
     * Tokens the kit asks for in ordinary requests.
     *
     * @return the default, 8
     */
    protected int maxTokens() {
        return 8;
    }

    /**
     * Tokens the kit asks for from {@link #createSlowBackend()}, enough to still be streaming when
     * it cancels or closes.
     *
     * @return the default, 256
     */
    protected int slowMaxTokens() {
        return 256;
    }

    /**
     * Whether the backend generates exactly the tokens asked for (capability
     * {@code EXACT_OUTPUT_LENGTH}); then the streamed count and the reported usage must equal them.
     *
     * @return the default, false
     */
    protected boolean exactOutputLength() {
        return false;
    }

    /**
     * The longest the kit waits for any event before failing.
     *
     * @return the default, 30 seconds
     */
    protected Duration timeout() {
        return Duration.ofSeconds(30);
    }

    /**
     * Name prefixes of threads the backend may leave running after {@code close()} because it does
     * not own them (a JVM-wide pool of a library, for instance).
     *
     * @return the default, none
     */
    protected Set<String> sharedThreadNamePrefixes() {
        return Set.of();
    }

    private Backend track(Backend b) {
        if (b != null) created.add(b);
        return b;
    }

    /** Closes every backend a test created (again: close is idempotent). */
    @AfterEach
    void closeBackends() {
        for (Backend b : created) b.close();
        created.clear();
    }

    private RecordingListener send(Backend backend, InferenceRequest request) {
        RecordingListener l = new RecordingListener();
        assertThatCode(() -> backend.send(request, l)).as("send reports failures through onError, never by throwing")
                .doesNotThrowAnyException();
        return l;
    }

    @Test
    void aRequestStreamsTokensAndEndsWithOneCompletion() throws Exception {
        Backend backend = track(createBackend());
        RecordingListener l = send(backend, request(0, maxTokens())).await(timeout());
        settle(); // a second terminal event right after the first must be seen, however loaded the machine
        l.assertContractKept();
        assertThat(l.error()).as("error of a normal request").isNull();
        assertThat(l.terminalCount()).isEqualTo(1);
        assertThat(l.tokens()).as("tokens streamed").isPositive().isLessThanOrEqualTo(maxTokens());
        assertThat(l.sentNanos()).as("onSent came").isNotEqualTo(-1);
        assertThat(l.firstTokenNanos()).as("first token not before onSent").isGreaterThanOrEqualTo(l.sentNanos());
        assertThat(l.endNanos()).as("end not before the first token").isGreaterThanOrEqualTo(l.firstTokenNanos());
        if (exactOutputLength()) assertThat(l.tokens()).as("exact output length").isEqualTo(maxTokens());
        assertThat(backend.info()).as("info").isNotNull();
    }

    @Test
    void manyRequestsAtOnceEachKeepTheContract() throws Exception {
        Backend backend = track(createBackend());
        List<RecordingListener> listeners = new ArrayList<>();
        for (int i = 0; i < 8; i++) listeners.add(send(backend, request(i, maxTokens())));
        for (RecordingListener l : listeners) {
            l.await(timeout()).assertContractKept();
            assertThat(l.error()).as("error of request %s", listeners.indexOf(l)).isNull();
            assertThat(l.tokens()).isPositive();
        }
    }

    @Test
    void aCompletionCarriesTheUsage() throws Exception {
        Backend backend = track(createBackend());
        RecordingListener l = send(backend, request(0, maxTokens())).await(timeout()).assertContractKept();
        Usage usage = l.usage();
        assertThat(usage).as("usage of onComplete (Usage.unknown() when the server says nothing)").isNotNull();
        if (usage.hasCompletionTokens()) {
            assertThat(usage.completionTokens()).as("completion tokens").isPositive().isLessThanOrEqualTo(maxTokens());
            if (exactOutputLength()) assertThat(usage.completionTokens()).isEqualTo(maxTokens());
        }
        if (usage.hasPromptTokens()) assertThat(usage.promptTokens()).as("prompt tokens").isNotNegative();
    }

    @Test
    void aFailureIsOneTypedErrorEvent() throws Exception {
        Backend backend = track(createFailingBackend());
        assumeThat(backend).as("this backend cannot be made to fail (createFailingBackend)").isNotNull();
        for (int i = 0; i < 3; i++) {
            RecordingListener l = send(backend, request(i, maxTokens())).await(timeout()).assertContractKept();
            BackendError error = l.error();
            assertThat(error).as("onError of a failing request").isNotNull();
            assertThat(error.kind()).as("a failure is typed, not a cancellation").isNotEqualTo(ErrorKind.CANCELLED);
            assertThat(error.message()).as("error message").isNotBlank();
            assertThat(l.usage()).isNull();
        }
    }

    @Test
    void cancelEndsAStreamingRequestWithCancelled() throws Exception {
        Backend backend = track(createSlowBackend());
        RecordingListener l = new RecordingListener();
        RequestHandle handle = backend.send(request(0, slowMaxTokens()), l);
        assertThat(l.awaitFirstToken(timeout())).as("a first token within " + timeout()).isTrue();
        handle.cancel();
        l.await(timeout());
        handle.cancel(); // idempotent
        settle();
        l.assertContractKept();
        assertThat(l.terminalCount()).isEqualTo(1);
        if (l.error() != null) assertThat(l.error().kind()).as("kind after cancel").isEqualTo(ErrorKind.CANCELLED);
        else assertThat(l.tokens()).as("completed before the cancel took effect").isEqualTo(slowMaxTokens());
    }

    @Test
    void cancelRightAfterSendEndsTheRequest() throws Exception {
        Backend backend = track(createSlowBackend());
        RecordingListener l = new RecordingListener();
        backend.send(request(0, slowMaxTokens()), l).cancel();
        l.await(timeout());
        settle();
        l.assertContractKept();
        assertThat(l.terminalCount()).isEqualTo(1);
        if (l.error() != null) assertThat(l.error().kind()).isEqualTo(ErrorKind.CANCELLED);
    }

    @Test
    void cancelAfterTheEndChangesNothing() throws Exception {
        Backend backend = track(createBackend());
        RecordingListener l = new RecordingListener();
        RequestHandle handle = backend.send(request(0, maxTokens()), l);
        l.await(timeout());
        List<RecordingListener.Event> before = l.events();
        handle.cancel();
        settle();
        assertThat(l.events()).as("events after a late cancel").isEqualTo(before);
        l.assertContractKept();
    }

    @Test
    void closeEndsRequestsInFlightAndLeavesNoThreadRunning() throws Exception {
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        Backend backend = createSlowBackend();
        List<RecordingListener> listeners = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) listeners.add(send(backend, request(i, slowMaxTokens())));
            for (RecordingListener l : listeners) assertThat(l.awaitFirstToken(timeout())).isTrue();
        } finally {
            backend.close();
        }
        for (RecordingListener l : listeners) {
            l.await(timeout()).assertContractKept();
            if (l.error() != null) assertThat(l.error().kind()).as("kind of a request ended by close").isEqualTo(ErrorKind.CANCELLED);
        }
        List<String> left = threadsStartedSince(before);
        long deadline = System.nanoTime() + timeout().toNanos();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            left = threadsStartedSince(before);
        }
        assertThat(left).as("threads of the backend still running after close()").isEmpty();
        backend.close(); // idempotent
    }

    @Test
    void aRequestAfterCloseIsRejectedWithoutThrowing() throws Exception {
        Backend backend = track(createBackend());
        backend.close();
        RecordingListener l = send(backend, request(0, maxTokens())).await(timeout()).assertContractKept();
        assertThat(l.error()).as("onError of a request sent after close()").isNotNull();
        assertThat(l.error().kind()).isEqualTo(ErrorKind.REJECTED);
    }

    private List<String> threadsStartedSince(Set<Thread> before) {
        List<String> names = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (!t.isAlive() || before.contains(t)) continue;
            if (sharedThreadNamePrefixes().stream().anyMatch(p -> t.getName().startsWith(p))) continue;
            if (INFRASTRUCTURE_THREADS.stream().anyMatch(p -> t.getName().startsWith(p))) continue;
            names.add(t.getName());
        }
        return names;
    }

    /** Gives a misbehaving backend the chance to deliver a late event, so the contract check can see it. */
    private static void settle() throws InterruptedException {
        Thread.sleep(100);
    }
}
