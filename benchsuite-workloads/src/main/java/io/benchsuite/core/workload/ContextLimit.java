package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A model's context window, checked before sending so that a request that cannot fit (a trace's
 * 191K-token prompt against a 128K model) gets a clear outcome of its own instead of a server
 * error or a crash. A request fits when its prompt and the output it asks for together are no
 * longer than the context, as OpenAI-compatible servers (vLLM, SGLang) check it.
 *
 * <p>The engine applies one {@link Policy}: send anyway and let the server answer, record the request
 * as {@code context_exceeded} without sending it ({@link #excess} gives the message), or skip it
 * and count it ({@link #skipOverlong}). Plans can be checked before the run only where their whole
 * prompt is known: independent requests and first turns. A later session turn's prompt includes the
 * answers received, so the engine checks it with {@link #fits} when it assembles the turn.
 *
 * @param contextTokens the model's context length in tokens
 */
public record ContextLimit(int contextTokens) {
    /** What to do with a request longer than the context. */
    public enum Policy {
        /** Send it: the server's own answer (usually an HTTP 400) is the outcome. */
        SEND,
        /** Do not send it; record it as failed with the outcome {@code context_exceeded}. */
        MARK,
        /** Do not send it; count it as skipped (a session whose first turn cannot fit is skipped whole). */
        SKIP
    }

    /**
     * Checks the length.
     *
     * @param contextTokens the model's context length in tokens, at least 1
     */
    public ContextLimit {
        positive(contextTokens, "contextTokens");
    }

    /**
     * Whether a request fits.
     *
     * @param promptTokens its whole prompt (a session turn's history included)
     * @param outputTokens the output it asks for
     * @return whether prompt and output together are no longer than the context
     */
    public boolean fits(long promptTokens, int outputTokens) {
        return promptTokens + outputTokens <= contextTokens;
    }

    /**
     * Why a request does not fit, in the user's terms, or empty when it does.
     *
     * @param promptTokens its whole prompt
     * @param outputTokens the output it asks for
     * @return e.g. {@code "191378 prompt tokens + 8 output tokens exceed the model's context of 131072 tokens"}
     */
    public Optional<String> excess(long promptTokens, int outputTokens) {
        if (fits(promptTokens, outputTokens)) return Optional.empty();
        return Optional.of(promptTokens + " prompt tokens + " + outputTokens + " output tokens exceed the model's context of "
                + contextTokens + " tokens");
    }

    /**
     * Refuses a synthetic source none of whose requests can fit: skipping them, an endless one would
     * draw for ever and a counted one would end having sent nothing.
     *
     * @param source the run's source
     * @throws WorkloadDataException naming the source, its shortest request and the context
     */
    public void refuseWhenNothingFits(WorkloadSource source) {
        if (!(notNull(source, "source") instanceof SyntheticSource s)) return;
        long[] shortest = s.shortestRequest();
        if (fits(shortest[0], (int) shortest[1])) return;
        throw new WorkloadDataException(s.describe() + ": no request can fit the model's context: the shortest is "
                + excess(shortest[0], (int) shortest[1]).orElseThrow() + ": nothing to send");
    }

    /**
     * A cursor over {@code plans} without the plans that cannot fit: independent requests and first
     * turns longer than the context are skipped, with the rest of their session, and counted under
     * {@code "over the model's context (N tokens)"}. Closing it closes {@code plans}.
     *
     * @param plans the cursor to filter
     * @return the filtered cursor
     */
    public PlanCursor skipOverlong(PlanCursor plans) {
        notNull(plans, "plans");
        String reason = "over the model's context (" + contextTokens + " tokens)";
        return new PlanCursor() {
            private String skippedSession;
            private long skipped;
            private long yielded;

            @Override
            public Optional<RequestPlan> next() {
                while (true) {
                    Optional<RequestPlan> next = plans.next();
                    if (next.isEmpty()) return next;
                    RequestPlan p = next.get();
                    String session = p.session().map(t -> t.sessionId()).orElse(null);
                    if (skippedSession != null && skippedSession.equals(session) && !p.startsSession()) {
                        skipped++;
                        continue;
                    }
                    skippedSession = null;
                    if (p.startsSession() && !fits(p.inputTokens(), p.outputTokens())) {
                        skipped++;
                        skippedSession = session;
                        continue;
                    }
                    yielded++;
                    return next;
                }
            }

            @Override
            public SourceCounts counts() {
                SourceCounts inner = plans.counts();
                Map<String, Long> all = new LinkedHashMap<>(inner.skipped());
                if (skipped > 0) all.merge(reason, skipped, Long::sum);
                return new SourceCounts(yielded, all, inner.adjusted());
            }

            @Override
            public void close() {
                plans.close();
            }
        };
    }
}
