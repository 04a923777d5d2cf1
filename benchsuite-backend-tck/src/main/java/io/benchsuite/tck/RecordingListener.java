package io.benchsuite.tck;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.Marks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Records every event of one request and checks the {@link ResponseListener} contract as the
 * events arrive, so a test sees both what a backend delivered and every rule it broke.
 *
 * <p>The rules checked: events one at a time, never concurrently; {@code onConnected} only before
 * {@code onSent}; {@code onSent} once, before any token; tokens only after {@code onSent}, with
 * non-decreasing times not before the send; marks ({@code onMark}) with valid names, before the terminal event; exactly one terminal event ({@code onComplete} with a
 * usage, or {@code onError} with an error) and nothing after it. The one exception to "once":
 * after {@code onConnectionRetry} (at most one, before any token), {@code onConnected} and
 * {@code onSent} may come again. A request that fails before it is sent may go straight to
 * {@code onError}. Broken rules are collected in {@link #violations()}, never thrown at the backend.
 *
 * <p>Thread-safe: the backend's threads write, the test's thread reads.
 */
public final class RecordingListener implements ResponseListener {

    /** What kind of event was received. */
    public enum Kind {
        /** {@link ResponseListener#onConnected}. */
        CONNECTED,
        /** {@link ResponseListener#onConnectionRetry}. */
        CONNECTION_RETRY,
        /** {@link ResponseListener#onSent}. */
        SENT,
        /** {@link ResponseListener#onTokens}. */
        TOKENS,
        /** {@link ResponseListener#onReasoningTokens}. */
        REASONING_TOKENS,
        /** {@link ResponseListener#onComplete}. */
        COMPLETE,
        /** {@link ResponseListener#onError}. */
        ERROR
    }

    /**
     * One received event.
     *
     * @param kind which listener method was called
     * @param nanoTime the time the backend gave ({@code -1} for {@link Kind#CONNECTED}, which carries a duration)
     * @param connectNanos the connection set-up time of a {@link Kind#CONNECTED} event, else {@code -1}
     * @param tokenCount tokens of a {@link Kind#TOKENS} event, else 0
     * @param text the chunk's text, or the reason of a {@link Kind#CONNECTION_RETRY}; empty otherwise
     * @param usage the usage of a {@link Kind#COMPLETE} event, else null
     * @param error the error of an {@link Kind#ERROR} event, else null
     */
    public record Event(Kind kind, long nanoTime, long connectNanos, int tokenCount, String text, Usage usage,
                        BackendError error) {
    }

    /**
     * One {@code onTokens} call.
     *
     * @param nanoTime when its bytes arrived
     * @param count tokens it carried
     * @param text its text
     */
    public record Chunk(long nanoTime, int count, String text) {
    }

    private enum State { BEFORE_SEND, CONNECTED, SENT, STREAMING, ENDED }

    private final CountDownLatch done = new CountDownLatch(1);
    private final CountDownLatch firstToken = new CountDownLatch(1);
    private final AtomicBoolean inCall = new AtomicBoolean();
    private final List<Event> events = new ArrayList<>();
    private final List<String> violations = new ArrayList<>();
    private State state = State.BEFORE_SEND;
    private int retries;
    private int terminals;
    private long lastNanos = Long.MIN_VALUE;
    private OutputKinds outputKinds = OutputKinds.none();
    private RequestExtras extras = RequestExtras.none();
    private int outputKindsCalls;
    private final Map<String, Long> marks = new TreeMap<>();

    @Override
    public void onConnected(long connectNanos) {
        enter(Kind.CONNECTED);
        synchronized (this) {
            record(new Event(Kind.CONNECTED, -1, connectNanos, 0, "", null, null));
            if (connectNanos < 0) violation("onConnected with a negative duration " + connectNanos);
            if (state == State.CONNECTED) violation("onConnected twice for one attempt");
            else if (state == State.SENT || state == State.STREAMING) violation("onConnected after onSent");
            if (state == State.BEFORE_SEND) state = State.CONNECTED;
        }
        leave();
    }

    @Override
    public void onConnectionRetry(long nanoTime, String reason) {
        enter(Kind.CONNECTION_RETRY);
        synchronized (this) {
            record(new Event(Kind.CONNECTION_RETRY, nanoTime, -1, 0, reason == null ? "" : reason, null, null));
            if (state == State.STREAMING) violation("onConnectionRetry after a token");
            if (++retries > 1) violation("onConnectionRetry more than once");
            if (state != State.ENDED) state = State.BEFORE_SEND;
        }
        leave();
    }

    @Override
    public void onSent(long nanoTime) {
        enter(Kind.SENT);
        synchronized (this) {
            record(new Event(Kind.SENT, nanoTime, -1, 0, "", null, null));
            if (state == State.SENT) violation("onSent twice");
            else if (state == State.STREAMING) violation("onSent after tokens");
            if (state == State.BEFORE_SEND || state == State.CONNECTED) state = State.SENT;
            checkTime("onSent", nanoTime);
        }
        leave();
    }

    @Override
    public void onTokens(long nanoTime, int tokenCount, String text) {
        tokens(Kind.TOKENS, "onTokens", nanoTime, tokenCount, text);
    }

    @Override
    public void onReasoningTokens(long nanoTime, int tokenCount, String text) {
        tokens(Kind.REASONING_TOKENS, "onReasoningTokens", nanoTime, tokenCount, text);
    }

    private void tokens(Kind kind, String method, long nanoTime, int tokenCount, String text) {
        enter(kind);
        synchronized (this) {
            record(new Event(kind, nanoTime, -1, tokenCount, text == null ? "" : text, null, null));
            if (state == State.BEFORE_SEND || state == State.CONNECTED) violation(method + " before onSent");
            if (tokenCount < 0) violation(method + " with a negative count " + tokenCount);
            if (text == null) violation(method + " with null text");
            if (state != State.ENDED) state = State.STREAMING;
            checkTime(method, nanoTime);
            if (tokenCount > 0) firstToken.countDown();
        }
        leave();
    }

    @Override
    public void onOutputKinds(OutputKinds kinds) {
        synchronized (this) {
            if (kinds == null || kinds.isEmpty()) violation("onOutputKinds with no kind");
            if (state == State.ENDED) violation("onOutputKinds after the terminal event");
            if (++outputKindsCalls > 1) violation("onOutputKinds more than once");
            if (kinds != null) outputKinds = kinds;
        }
    }

    @Override
    public void onMark(String mark, long nanoTime) {
        synchronized (this) {
            if (!Marks.isName(mark)) violation("onMark with an invalid name '" + mark + "' (not [a-z][A-Za-z0-9]*, or a fixed instant's)");
            if (state == State.ENDED) violation("onMark after the terminal event");
            if (mark != null) marks.putIfAbsent(mark, nanoTime);
        }
    }

    /**
     * The named instants the backend reported: name to its first {@code nanoTime} (empty when none).
     *
     * @return the marks received, in name order
     */
    public synchronized Map<String, Long> marks() {
        return new TreeMap<>(marks);
    }

    @Override
    public void onExtra(Object extra) {
        synchronized (this) {
            if (extra == null) violation("onExtra with null");
            if (state == State.ENDED) violation("onExtra after the terminal event");
            if (extra != null) extras = extras.with(extra);
        }
    }

    /**
     * What the backend reported beyond its tokens ({@link RequestExtras#none()} when nothing).
     *
     * @return the extras received
     */
    public synchronized RequestExtras extras() {
        return extras;
    }

    /**
     * The kinds of output the backend reported ({@link OutputKinds#none()} when it reported none).
     *
     * @return the reported kinds
     */
    public synchronized OutputKinds outputKinds() {
        return outputKinds;
    }

    @Override
    public void onComplete(long nanoTime, Usage usage) {
        enter(Kind.COMPLETE);
        synchronized (this) {
            record(new Event(Kind.COMPLETE, nanoTime, -1, 0, "", usage, null));
            if (state == State.BEFORE_SEND || state == State.CONNECTED) violation("onComplete before onSent");
            if (usage == null) violation("onComplete with a null usage (use Usage.unknown())");
            terminal();
        }
        leave();
    }

    @Override
    public void onError(long nanoTime, BackendError error) {
        enter(Kind.ERROR);
        synchronized (this) {
            record(new Event(Kind.ERROR, nanoTime, -1, 0, "", null, error));
            if (error == null) violation("onError with a null error");
            terminal();
        }
        leave();
    }

    private void record(Event e) {
        if (state == State.ENDED && e.kind() != Kind.COMPLETE && e.kind() != Kind.ERROR) {
            violation(name(e.kind()) + " after the terminal event");
        }
        events.add(e);
    }

    private void terminal() {
        if (++terminals > 1) violation("a second terminal event (" + name(events.get(events.size() - 1).kind()) + ")");
        state = State.ENDED;
        done.countDown();
        firstToken.countDown();
    }

    private void checkTime(String what, long nanoTime) {
        if (nanoTime < lastNanos) violation(what + " at " + nanoTime + ", before the previous event (" + lastNanos + ")");
        lastNanos = Math.max(lastNanos, nanoTime);
    }

    private void enter(Kind kind) {
        if (!inCall.compareAndSet(false, true)) {
            synchronized (this) {
                violation(name(kind) + " concurrently with another event of the same request");
            }
        }
    }

    private void leave() {
        inCall.set(false);
    }

    private void violation(String what) {
        violations.add(what);
    }

    private static String name(Kind kind) {
        return switch (kind) {
            case CONNECTED -> "onConnected";
            case CONNECTION_RETRY -> "onConnectionRetry";
            case SENT -> "onSent";
            case TOKENS -> "onTokens";
            case REASONING_TOKENS -> "onReasoningTokens";
            case COMPLETE -> "onComplete";
            case ERROR -> "onError";
        };
    }

    /**
     * Waits for the terminal event.
     *
     * @param limit how long to wait
     * @return this listener
     * @throws AssertionError when no terminal event came within {@code limit}
     * @throws InterruptedException when interrupted while waiting
     */
    public RecordingListener await(Duration limit) throws InterruptedException {
        if (!awaitDone(limit)) throw new AssertionError("no terminal event within " + limit + "; events so far: " + events());
        return this;
    }

    /**
     * Waits up to ten seconds for the terminal event.
     *
     * @return this listener
     * @throws AssertionError when no terminal event came in time
     * @throws InterruptedException when interrupted while waiting
     */
    public RecordingListener await() throws InterruptedException {
        return await(Duration.ofSeconds(10));
    }

    /**
     * Waits for the terminal event.
     *
     * @param limit how long to wait
     * @return whether it came within {@code limit}
     * @throws InterruptedException when interrupted while waiting
     */
    public boolean awaitDone(Duration limit) throws InterruptedException {
        return done.await(limit.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Waits for the first token (or the terminal event, whichever comes first).
     *
     * @param limit how long to wait
     * @return whether either came within {@code limit}
     * @throws InterruptedException when interrupted while waiting
     */
    public boolean awaitFirstToken(Duration limit) throws InterruptedException {
        return firstToken.await(limit.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Whether the terminal event has arrived.
     *
     * @return whether the terminal event has arrived
     */
    public boolean isDone() {
        return done.getCount() == 0;
    }

    /**
     * Every event received, in order.
     *
     * @return a copy of the events
     */
    public synchronized List<Event> events() {
        return List.copyOf(events);
    }

    /**
     * The broken rules of the listener contract, in the order they were seen; empty when none.
     *
     * @return a copy of the violations
     */
    public synchronized List<String> violations() {
        return List.copyOf(violations);
    }

    /**
     * Fails when any rule of the listener contract was broken.
     *
     * @return this listener
     * @throws AssertionError listing the violations and the events
     */
    public synchronized RecordingListener assertContractKept() {
        if (!violations.isEmpty()) throw new AssertionError("listener contract broken: " + violations + "; events: " + events);
        return this;
    }

    /**
     * How many terminal events arrived (the contract says one).
     *
     * @return the number of terminal events
     */
    public synchronized int terminalCount() {
        return terminals;
    }

    /**
     * How many times the request was re-sent on a new connection.
     *
     * @return the number of {@code onConnectionRetry} events
     */
    public synchronized int retries() {
        return retries;
    }

    /**
     * The time of the last {@code onSent}.
     *
     * @return the time, or {@code -1} when none came
     */
    public synchronized long sentNanos() {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).kind() == Kind.SENT) return events.get(i).nanoTime();
        }
        return -1;
    }

    /**
     * The time of the (first) terminal event.
     *
     * @return the time, or {@code -1} when none came
     */
    public synchronized long endNanos() {
        return terminalEvent() == null ? -1 : terminalEvent().nanoTime();
    }

    /**
     * The usage of {@code onComplete}.
     *
     * @return the usage, or null when the request did not complete
     */
    public synchronized Usage usage() {
        Event e = terminalEvent();
        return e == null ? null : e.usage();
    }

    /**
     * The error of {@code onError}.
     *
     * @return the error, or null when the request did not fail
     */
    public synchronized BackendError error() {
        Event e = terminalEvent();
        return e == null ? null : e.error();
    }

    private Event terminalEvent() {
        for (Event e : events) {
            if (e.kind() == Kind.COMPLETE || e.kind() == Kind.ERROR) return e;
        }
        return null;
    }

    /**
     * The {@code onTokens} and {@code onReasoningTokens} calls, in order: every generated token, whatever its kind.
     *
     * @return a copy of the chunks
     */
    public synchronized List<Chunk> chunks() {
        List<Chunk> c = new ArrayList<>();
        for (Event e : events) {
            if (e.kind() == Kind.TOKENS || e.kind() == Kind.REASONING_TOKENS) c.add(new Chunk(e.nanoTime(), e.tokenCount(), e.text()));
        }
        return c;
    }

    /**
     * The {@code onReasoningTokens} calls alone, in order: a reasoning model's thinking.
     *
     * @return a copy of the reasoning chunks
     */
    public synchronized List<Chunk> reasoningChunks() {
        List<Chunk> c = new ArrayList<>();
        for (Event e : events) {
            if (e.kind() == Kind.REASONING_TOKENS) c.add(new Chunk(e.nanoTime(), e.tokenCount(), e.text()));
        }
        return c;
    }

    /**
     * The {@code onTokens} calls alone, in order: the answer (visible text, tool calls).
     *
     * @return a copy of the answer chunks
     */
    public synchronized List<Chunk> answerChunks() {
        List<Chunk> c = new ArrayList<>();
        for (Event e : events) {
            if (e.kind() == Kind.TOKENS) c.add(new Chunk(e.nanoTime(), e.tokenCount(), e.text()));
        }
        return c;
    }

    /**
     * Tokens received in all chunks.
     *
     * @return the sum of the chunks' counts
     */
    public synchronized int tokens() {
        return chunks().stream().mapToInt(Chunk::count).sum();
    }

    /**
     * The text of all chunks, concatenated.
     *
     * @return the streamed text
     */
    public synchronized String text() {
        StringBuilder b = new StringBuilder();
        chunks().forEach(c -> b.append(c.text()));
        return b.toString();
    }

    /**
     * The times of the chunks that carried tokens (count &gt; 0).
     *
     * @return the times, in order
     */
    public synchronized List<Long> tokenTimes() {
        return chunks().stream().filter(c -> c.count() > 0).map(Chunk::nanoTime).toList();
    }

    /**
     * The time of the first chunk carrying a token.
     *
     * @return the time, or {@code -1} when no token came
     */
    public synchronized long firstTokenNanos() {
        List<Long> t = tokenTimes();
        return t.isEmpty() ? -1 : t.get(0);
    }

    @Override
    public synchronized String toString() {
        return "RecordingListener" + events;
    }
}
