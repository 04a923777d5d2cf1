package io.benchsuite.backends.inprocess;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.InferenceRequest;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The user's own serving code, as {@link InProcessBackend} sees it: given a request, produce its
 * tokens into a {@link TokenSink}, blocking until done. It runs on one of the backend's worker
 * threads; returning normally completes the request, throwing fails it with
 * {@code BACKEND_EXCEPTION}. Implementations are called for many requests at once, from several
 * threads.
 *
 * <p>Code that returns tokens instead of pushing them adapts with {@link #fromStream},
 * {@link #fromIterator} or {@link #fromPublisher}.
 */
@FunctionalInterface
public interface TokenGenerator {

    /**
     * Generates the tokens of one request.
     *
     * @throws Exception any failure; reported as the request's {@code BACKEND_EXCEPTION}
     */
    void generate(InferenceRequest request, TokenSink sink) throws Exception;

    /** Code returning a {@link Stream} of tokens (one element per token); the stream is closed after. */
    static TokenGenerator fromStream(Function<InferenceRequest, ? extends Stream<String>> model) {
        notNull(model, "model");
        return (request, sink) -> {
            try (Stream<String> tokens = notNull(model.apply(request), "stream returned for request " + request.index())) {
                drain(tokens.iterator(), sink);
            }
        };
    }

    /** Code returning an {@link Iterator} of tokens (one element per token). */
    static TokenGenerator fromIterator(Function<InferenceRequest, ? extends Iterator<String>> model) {
        notNull(model, "model");
        return (request, sink) -> drain(notNull(model.apply(request), "iterator returned for request " + request.index()), sink);
    }

    /**
     * Code returning a {@link Flow.Publisher} of tokens (one item per token). The worker thread waits
     * for the publisher to finish; cancelling the request cancels the subscription.
     */
    static TokenGenerator fromPublisher(Function<InferenceRequest, ? extends Flow.Publisher<String>> model) {
        notNull(model, "model");
        return (request, sink) -> {
            Flow.Publisher<String> publisher = notNull(model.apply(request), "publisher returned for request " + request.index());
            CountDownLatch done = new CountDownLatch(1);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicReference<Flow.Subscription> subscription = new AtomicReference<>();
            publisher.subscribe(new Flow.Subscriber<>() {
                @Override
                public void onSubscribe(Flow.Subscription s) {
                    subscription.set(s);
                    s.request(Long.MAX_VALUE);
                }

                @Override
                public void onNext(String item) {
                    try {
                        sink.token(item);
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                        subscription.get().cancel();
                        done.countDown();
                    }
                }

                @Override
                public void onError(Throwable t) {
                    failure.compareAndSet(null, t);
                    done.countDown();
                }

                @Override
                public void onComplete() {
                    done.countDown();
                }
            });
            try {
                done.await();
            } catch (InterruptedException e) {
                Flow.Subscription s = subscription.get();
                if (s != null) s.cancel();
                throw e;
            }
            Throwable t = failure.get();
            if (t instanceof Exception ex) throw ex;
            if (t instanceof Error err) throw err;
        };
    }

    private static void drain(Iterator<String> tokens, TokenSink sink) {
        while (!sink.isCancelled() && tokens.hasNext()) sink.token(tokens.next());
    }
}
