package io.benchsuite.core.internal.engine;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.run.Shard;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The engine's dispatch path run before a real run's clock: a run of {@link #REQUESTS} requests of a source
 * that brings its own instants (all within the first 4 ms), through a {@link RunEngine} of their own, to a
 * backend that answers each request at once on the sending thread. Nothing reaches the real backend, the
 * run's listeners or its files.
 *
 * <p>Why: the engine's per-request code (the dispatcher's step, the plan queue, a start's content and tracker,
 * the session table, the router) is reached once per request; a replayed trace's first burst of 10 requests
 * left it just under the quick compiler's thresholds, and its compilations (12 ms on the client's one CPU, JFR)
 * then ran inside the second burst, 300 ms later, which left 5-8 ms late.
 */
final class DispatchRehearsal {
    /**
     * Requests of the rehearsal run: ten times the quick compiler's thresholds for code reached once per request
     * and more, so that its methods are compiled however long the compile queue (HotSpot raises thresholds with
     * the queue's length, and never drops a method called ten times its threshold from the queue).
     */
    static final int REQUESTS = 200;
    /** Nanoseconds between the rehearsal's instants. */
    private static final long SPACING_NANOS = 20_000;

    private DispatchRehearsal() {}

    /**
     * Runs the rehearsal.
     *
     * @param outer the real run (its seed, backend identity, SLO and clock are reused; nothing is written for it)
     * @return null when all {@link #REQUESTS} requests succeeded, else what went wrong (the caller logs it)
     */
    static RuntimeException run(RunInfo outer, Tokenizer tokenizer, SecretMask secrets) {
        try {
            Workload workload = Workload.open().name("rehearsal").maxConcurrency(REQUESTS).maxRequests(REQUESTS)
                    .source(new Source()).build();
            RunInfo info = new RunInfo("rehearsal", workload, outer.seed(), outer.scenario(), outer.backend(), Map.of(),
                    outer.slo(), outer.tokenizer(), outer.startedAt(), outer.environment(), Map.of(),
                    Shard.WHOLE, outer.id(), outer.clock());
            EngineFeed feed = new EngineFeed(workload.source().orElseThrow(), new SourceContext(tokenizer, outer.scenario()),
                    SessionOptions.DEFAULTS, null, null, ContextLimit.Policy.SEND, List.of());
            // a clock other than NanoClock.SYSTEM: no hiccup meter (a thread) for the rehearsal
            EngineOptions options = new EngineOptions(Duration.ofSeconds(5), secrets, false, System::nanoTime,
                    StartGate.NONE, Double.NaN);
            RunEngine engine = new RunEngine(info, new Answering(outer.backend()), feed, "rehearsal", tokenizer, List.of(),
                    List.of(), options).withoutWarmUp();
            engine.start();
            RunResult result = engine.await(Duration.ofSeconds(10));
            if (result == null) {
                engine.stop();
                return new IllegalStateException("the rehearsal run did not end within 10 s");
            }
            long succeeded = result.summary().counts().succeeded();
            return succeeded == REQUESTS ? null
                    : new IllegalStateException(succeeded + " of " + REQUESTS + " rehearsal requests succeeded");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new IllegalStateException("interrupted");
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** {@link #REQUESTS} one-word prompts at the rehearsal's instants. */
    private static final class Source implements WorkloadSource {
        @Override
        public String describe() {
            return "rehearsal";
        }

        @Override
        public boolean bringsOwnTiming() {
            return true;
        }

        @Override
        public OptionalLong planCount() {
            return OptionalLong.of(REQUESTS);
        }

        @Override
        public PlanCursor open(SourceContext context) {
            return new PlanCursor() {
                private int next;

                @Override
                public Optional<RequestPlan> next() {
                    if (next == REQUESTS) return Optional.empty();
                    int i = next++;
                    return Optional.of(RequestPlan.builder(i).arrivalNanos(i * SPACING_NANOS)
                            .messages(List.of(ChatMessage.user("rehearsal"))).inputTokens(1).outputTokens(2).build());
                }

                @Override
                public SourceCounts counts() {
                    return new SourceCounts(next, Map.of(), Map.of());
                }

                @Override
                public void close() {
                    // nothing held
                }
            };
        }
    }

    /** Answers each request at once, on the sending thread: sent, two tokens, complete. */
    private static final class Answering implements Backend {
        private final BackendInfo info;

        Answering(BackendInfo info) {
            this.info = info;
        }

        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            long t = System.nanoTime();
            listener.onSent(t);
            listener.onTokens(t, 1, "a");
            listener.onTokens(t, 1, "b");
            listener.onComplete(t, Usage.unknown());
            return RequestHandle.NONE;
        }

        @Override
        public BackendInfo info() {
            return info;
        }

        @Override
        public void close() {
            // nothing held
        }
    }
}
