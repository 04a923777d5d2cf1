package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;

/** A listener that records nothing: for responses that only warm a path up. Override what you need. */
class IgnoringListener implements ResponseListener {
    @Override
    public void onSent(long nanoTime) {
        // nothing to record
    }

    @Override
    public void onTokens(long nanoTime, int tokenCount, String text) {
        // nothing to record
    }

    @Override
    public void onComplete(long nanoTime, Usage usage) {
        // nothing to record
    }

    @Override
    public void onError(long nanoTime, BackendError error) {
        // nothing to record
    }
}
