package io.benchsuite.core.internal.engine;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.source.PrefixBlock;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.core.internal.aggregate.RunAggregator;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Logger;

/**
 * Runs the engine's own per-request code once on throwaway objects before a run's clock starts: a
 * tracker through a streamed answer and through a failure, the workload's accounting of both, a
 * throwaway aggregator of the run's workload folding both, and each request decorator's own rehearsal ({@link RequestDecorator#rehearse}).
 *
 * <p>Why: the JVM loads, links and first-runs code when it is first reached. Reached by the run's first
 * request, that cost (~15 ms on a fresh JVM, measured at the first instant of a Mooncake replay) falls
 * between its scheduled instant and its send, and every request of the same burst waits behind it.
 * Nothing here is sent, recorded or reported; the backend's own path is warmed by the backend.
 */
final class Rehearsal {
    private Rehearsal() {}

    /**
     * Times the rehearsal runs: past the quick compiler's invocation thresholds, so the code is compiled
     * before the clock (run once, it was compiled in the middle of a replay's second burst).
     */
    static final int TIMES = 32;

    /**
     * A wait for the compilers to go quiet ({@link JitSettle}), the backend's own warm-up, the rehearsal of each
     * request's tracker and the decorators, the engine's dispatch path ({@link DispatchRehearsal}), then a second
     * wait while rehearsing; a failure of any is logged, not thrown (the run starts colder, nothing more).
     */
    static void warmUp(Backend backend, Tokenizer tokenizer, SecretMask secrets, List<RequestDecorator> decorators,
                       RunInfo info, Logger log) {
        String runName = info.name();
        JitSettle jit = JitSettle.ofThisJvm();
        // a long compile queue raises every compile threshold: the warm-up's calls count in full once it has drained
        if (jit != null) jit.await(SETTLE_LIMIT_MILLIS, null);
        try {
            backend.warmUp();
        } catch (RuntimeException e) {
            log.debug("run '{}': the backend's warm-up failed: {}", runName, e.toString());
        }
        RunAggregator aggregator = new RunAggregator(info.workload(), info.slo(), false);
        List<RequestDecorator> rehearsing = new ArrayList<>(decorators); // one whose rehearsal throws leaves it
        RuntimeException failed = run(tokenizer, secrets, rehearsing, aggregator);
        if (failed != null) log.debug("run '{}': rehearsal of the request path failed: {}", runName, failed.toString());
        RuntimeException dispatchFailed = DispatchRehearsal.run(info, tokenizer, secrets);
        if (dispatchFailed != null) log.debug("run '{}': rehearsal of the dispatch path failed: {}", runName, dispatchFailed.toString());
        // then the compilations the warm-up asked for, before the clock. Rehearsing meanwhile keeps the rehearsal's
        // methods queued (HotSpot drops a queued method not called for 50 ms unless it was called ten times its
        // threshold, as the dispatch rehearsal's are) and counts their calls again once the queue is short; what
        // failed above fails the same way again and was said once
        if (jit != null) {
            jit.await(SETTLE_LIMIT_MILLIS, () -> {
                RuntimeException ignored = run(tokenizer, secrets, rehearsing, aggregator);
            });
        }
    }

    /** The most each wait for the compilers may take (twice per run, before the clock). */
    static final long SETTLE_LIMIT_MILLIS = 1_000;

    /**
     * Runs the rehearsal {@link #TIMES} times, then each decorator's own rehearsal as often. A decorator
     * whose rehearsal throws is removed from {@code decorators} (so it must be mutable when it holds any), and
     * the others still rehearse; what it threw is returned (the run goes on), or null when nothing did.
     */
    static RuntimeException run(Tokenizer tokenizer, SecretMask secrets, List<RequestDecorator> decorators, RunAggregator aggregator) {
        RuntimeException failed = null;
        try {
            // the aggregator too: first reached by a replay's first ends, its code was compiled on the client's one CPU
            // ~160 ms after the clock, between the first two bursts (JFR)
            for (int i = 0; i < TIMES; i++) {
                for (RequestRecord r : once(tokenizer, secrets)) {
                    if (r.firstTokenOffsetNanos() >= 0) aggregator.firstToken(r.firstTokenOffsetNanos(), r.ttftNanos());
                    aggregator.accept(r);
                }
            }
        } catch (RuntimeException e) {
            failed = e; // a user's tokenizer may refuse the rehearsal's text
        }
        for (Iterator<RequestDecorator> it = decorators.iterator(); it.hasNext(); ) {
            RequestDecorator d = it.next();
            try {
                for (int i = 0; i < TIMES; i++) d.rehearse();
            } catch (RuntimeException e) {
                if (failed == null) failed = e;
                it.remove(); // not asked again, by this call or a later one
            }
        }
        return failed;
    }

    /** The records of one answered and one failed request. */
    private static List<RequestRecord> once(Tokenizer tokenizer, SecretMask secrets) {
        RequestPlan plan = RequestPlan.builder(0)
                .messages(List.of(ChatMessage.user("rehearsal")))
                .inputTokens(1)
                .outputTokens(2)
                .prefixBlocks(List.of(new PrefixBlock(0, 1)))
                .build();
        Outgoing content = new Outgoing(plan, -1, null, 0, true, plan.messages(), 1, 2, "", null, List.of(), null);
        WorkloadStats stats = new WorkloadStats();
        long t = System.nanoTime();

        RequestTracker answered = tracker(content, tokenizer, secrets, t);
        stats.sent(content);
        answered.submitted(t);
        answered.onSent(t + 1);
        answered.onTokens(t + 2, 1, "a");
        answered.onTokens(t + 3, 2, "bc");
        answered.onComplete(t + 4, Usage.unknown());
        stats.finished(content, answered.record());

        RequestTracker failed = tracker(content, tokenizer, secrets, t);
        stats.sent(content);
        failed.submitted(t);
        failed.onSent(t + 1);
        failed.onError(t + 2, BackendError.of(ErrorKind.HTTP_5XX, "rehearsal"));
        stats.finished(content, failed.record());
        return List.of(answered.record(), failed.record());
    }

    private static RequestTracker tracker(Outgoing content, Tokenizer tokenizer, SecretMask secrets, long start) {
        return new RequestTracker(0, content, Window.MEASURED, 0, start, 0, 0, tokenizer, true, secrets, r -> {}, (at, ttft) -> {});
    }
}
