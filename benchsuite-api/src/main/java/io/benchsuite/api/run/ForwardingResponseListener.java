package io.benchsuite.api.run;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.util.Objects;

/**
 * A {@link ResponseListener} that passes every event on to another: the base of a
 * {@link RequestDecorator}'s listener that adds to some events (counting a request in flight until its
 * end, reading a figure when it ends) and must forward all of them. Override an event, do the extra
 * work, and call {@code super} to forward it.
 */
public abstract class ForwardingResponseListener implements ResponseListener {
    /** The listener every event is passed on to. */
    protected final ResponseListener downstream;

    /**
     * @param downstream the listener every event is passed on to
     * @throws NullPointerException when {@code downstream} is null
     */
    protected ForwardingResponseListener(ResponseListener downstream) {
        this.downstream = Objects.requireNonNull(downstream, "downstream must not be null");
    }

    @Override
    public void onConnected(long connectNanos) {
        downstream.onConnected(connectNanos);
    }

    @Override
    public void onConnectionRetry(long nanoTime, String reason) {
        downstream.onConnectionRetry(nanoTime, reason);
    }

    @Override
    public void onSent(long nanoTime) {
        downstream.onSent(nanoTime);
    }

    @Override
    public void onTokens(long nanoTime, int tokenCount, String text) {
        downstream.onTokens(nanoTime, tokenCount, text);
    }

    @Override
    public void onReasoningTokens(long nanoTime, int tokenCount, String text) {
        downstream.onReasoningTokens(nanoTime, tokenCount, text);
    }

    @Override
    public void onOutputKinds(OutputKinds kinds) {
        downstream.onOutputKinds(kinds);
    }

    @Override
    public void onExtra(Object extra) {
        downstream.onExtra(extra);
    }

    @Override
    public void onMark(String mark, long nanoTime) {
        downstream.onMark(mark, nanoTime);
    }

    @Override
    public void onComplete(long nanoTime, Usage usage) {
        downstream.onComplete(nanoTime, usage);
    }

    @Override
    public void onError(long nanoTime, BackendError error) {
        downstream.onError(nanoTime, error);
    }
}
