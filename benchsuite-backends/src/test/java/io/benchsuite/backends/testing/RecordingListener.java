package io.benchsuite.backends.testing;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** Records every event of one request and checks the listener contract as it goes. */
public final class RecordingListener implements ResponseListener {
    /** One onTokens call. */
    public record Chunk(long nanoTime, int count, String text) {}

    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicBoolean inCall = new AtomicBoolean();
    private final AtomicInteger terminals = new AtomicInteger();
    private final List<String> violations = new ArrayList<>();
    public final List<Chunk> chunks = new ArrayList<>();
    public volatile long sentNanos = -1;
    public volatile long endNanos = -1;
    public volatile Usage usage;
    public volatile BackendError error;
    private final StringBuilder text = new StringBuilder();

    @Override
    public void onSent(long nanoTime) {
        enter("onSent");
        if (sentNanos >= 0) violations.add("onSent twice");
        if (!chunks.isEmpty()) violations.add("onSent after tokens");
        sentNanos = nanoTime;
        leave();
    }

    @Override
    public void onTokens(long nanoTime, int tokenCount, String chunk) {
        enter("onTokens");
        synchronized (this) {
            chunks.add(new Chunk(nanoTime, tokenCount, chunk));
            text.append(chunk);
        }
        leave();
    }

    @Override
    public void onComplete(long nanoTime, Usage u) {
        enter("onComplete");
        usage = u;
        endNanos = nanoTime;
        terminal();
        leave();
    }

    @Override
    public void onError(long nanoTime, BackendError e) {
        enter("onError");
        error = e;
        endNanos = nanoTime;
        terminal();
        leave();
    }

    private void terminal() {
        if (terminals.incrementAndGet() > 1) violations.add("second terminal event");
        done.countDown();
    }

    private void enter(String what) {
        if (terminals.get() > 0) violations.add(what + " after the terminal event");
        if (!inCall.compareAndSet(false, true)) violations.add(what + " concurrently with another event");
    }

    private void leave() {
        inCall.set(false);
    }

    /** Waits for the terminal event; fails the test on timeout. */
    public RecordingListener await(Duration limit) throws InterruptedException {
        if (!done.await(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("no terminal event within " + limit);
        }
        return this;
    }

    public RecordingListener await() throws InterruptedException {
        return await(Duration.ofSeconds(10));
    }

    public boolean isDone() {
        return done.getCount() == 0;
    }

    public int terminalCount() {
        return terminals.get();
    }

    public synchronized List<String> violations() {
        return List.copyOf(violations);
    }

    public synchronized int tokens() {
        return chunks.stream().mapToInt(Chunk::count).sum();
    }

    public synchronized String text() {
        return text.toString();
    }

    /** Times of the chunks that carried tokens. */
    public synchronized List<Long> tokenTimes() {
        List<Long> t = new ArrayList<>();
        for (Chunk c : chunks) if (c.count() > 0) t.add(c.nanoTime());
        return t;
    }
}
