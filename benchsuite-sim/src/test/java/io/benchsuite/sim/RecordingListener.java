package io.benchsuite.sim;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Records one request's events and checks the listener contract as they come. */
public final class RecordingListener implements ResponseListener {
    public final List<Long> tokenTimes = new ArrayList<>();
    public final StringBuilder text = new StringBuilder();
    public final List<String> violations = new ArrayList<>();
    public volatile long sentAt = -1;
    public volatile long endAt = -1;
    public volatile Usage usage;
    public volatile BackendError error;
    public volatile int terminalEvents;
    private final CountDownLatch done = new CountDownLatch(1);
    private final CountDownLatch firstToken = new CountDownLatch(1);

    @Override
    public synchronized void onSent(long nanoTime) {
        if (sentAt != -1) violations.add("onSent twice");
        sentAt = nanoTime;
    }

    @Override
    public synchronized void onTokens(long nanoTime, int tokenCount, String t) {
        if (sentAt == -1) violations.add("token before onSent");
        if (terminalEvents > 0) violations.add("token after terminal event");
        for (int i = 0; i < tokenCount; i++) tokenTimes.add(nanoTime);
        text.append(t);
        firstToken.countDown();
    }

    @Override
    public synchronized void onComplete(long nanoTime, Usage u) {
        terminal(nanoTime);
        usage = u;
    }

    @Override
    public synchronized void onError(long nanoTime, BackendError e) {
        terminal(nanoTime);
        error = e;
    }

    private void terminal(long nanoTime) {
        if (terminalEvents > 0) violations.add("second terminal event");
        terminalEvents++;
        endAt = nanoTime;
        done.countDown();
        firstToken.countDown();
    }

    public boolean awaitDone(long millis) throws InterruptedException {
        return done.await(millis, TimeUnit.MILLISECONDS);
    }

    public boolean awaitFirstToken(long millis) throws InterruptedException {
        return firstToken.await(millis, TimeUnit.MILLISECONDS);
    }

    public synchronized int tokens() {
        return tokenTimes.size();
    }

    public synchronized long firstTokenAt() {
        return tokenTimes.isEmpty() ? -1 : tokenTimes.get(0);
    }
}
