package io.benchsuite.backends.inprocess;

import java.util.concurrent.CancellationException;

/**
 * Where a {@link TokenGenerator} delivers its tokens. The time of each token is read the moment
 * {@link #token} is called, so call it as soon as the token exists, not after batching.
 *
 * <p>May be called from any thread (e.g. a publisher's), but not concurrently for one request.
 * After the request is cancelled, {@link #isCancelled()} turns true and every further
 * {@code token} call throws {@link CancellationException}, which unwinds generator code that does
 * not check.
 */
public interface TokenSink {

    /** One token was produced. */
    default void token(String text) {
        tokens(1, text);
    }

    /**
     * Several tokens were produced at once (e.g. a speculative-decoding step).
     *
     * @throws CancellationException when the request was cancelled
     */
    void tokens(int count, String text);

    /** Whether the request was cancelled (run stopped, timeout, backend closed); stop generating when true. */
    boolean isCancelled();

    /**
     * The engine's own token counts, reported like a server's {@code usage}. Optional: without it the
     * tokens delivered through this sink are the count.
     */
    void usage(int promptTokens, int completionTokens);
}
