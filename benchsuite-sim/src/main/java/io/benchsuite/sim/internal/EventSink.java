package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the engine's events for a request go. The engine calls it in each request's event order;
 * an implementation either calls the request's listener at once ({@link #DIRECT}, virtual time: the
 * listener's work costs no simulated time) or hands the event to another thread
 * ({@link ListenerDelivery}, real time: the listener's work must not delay the engine's clock).
 */
interface EventSink {
    /** Calls the listener on the calling thread; a listener that throws is logged and ignored. */
    EventSink DIRECT = new EventSink() {
        @Override
        public void tokens(Sequence s, long nanoTime, String text, boolean reasoning) {
            Direct.tokens(s, nanoTime, text, reasoning);
        }

        @Override
        public void complete(Sequence s, long nanoTime, Usage usage) {
            Direct.complete(s, nanoTime, usage);
        }

        @Override
        public void error(Sequence s, long nanoTime, BackendError error) {
            Direct.error(s, nanoTime, error);
        }
    };

    /** One token of {@code s}, generated at {@code nanoTime}: reasoning (thinking) or answer. */
    void tokens(Sequence s, long nanoTime, String text, boolean reasoning);

    /** {@code s} generated all its tokens. */
    void complete(Sequence s, long nanoTime, Usage usage);

    /** {@code s} ended with an error (cancelled, engine closed or failed). */
    void error(Sequence s, long nanoTime, BackendError error);

    /** The listener calls themselves, each guarded: a listener's exception must not stop the engine. */
    final class Direct {
        private static final Logger LOG = LoggerFactory.getLogger(EventSink.class);

        private Direct() {
        }

        static void tokens(Sequence s, long nanoTime, String text, boolean reasoning) {
            try {
                if (reasoning) {
                    s.listener.onReasoningTokens(nanoTime, 1, text);
                } else {
                    s.listener.onTokens(nanoTime, 1, text);
                }
            } catch (RuntimeException e) {
                LOG.warn("listener of sim request {} threw from onTokens; ignored", s.id, e);
            }
        }

        static void complete(Sequence s, long nanoTime, Usage usage) {
            try {
                s.listener.onComplete(nanoTime, usage);
            } catch (RuntimeException e) {
                LOG.warn("listener of sim request {} threw from onComplete; ignored", s.id, e);
            }
        }

        static void error(Sequence s, long nanoTime, BackendError error) {
            try {
                s.listener.onError(nanoTime, error);
            } catch (RuntimeException e) {
                LOG.warn("listener of sim request {} threw from onError; ignored", s.id, e);
            }
        }
    }
}
