package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.util.RecordText;

/**
 * How a run plays multi-turn sessions: the pause between a turn's answer and the next turn, which
 * answer goes into the history (the one received, or the dataset's recorded one), and whether an open
 * loop's concurrency cap counts requests in flight or sessions open.
 *
 * @param thinkTime pause between a turn's answer and the session's next turn
 * @param answers which answer each later turn's history holds
 * @param concurrency what the open loop's cap counts
 */
public record SessionOptions(ThinkTime thinkTime, SessionTranscript.Answers answers, ConcurrencyUnit concurrency) {
    /** What an open loop's concurrency cap counts. */
    public enum ConcurrencyUnit {
        /** Requests in flight (a session between turns holds no slot). */
        REQUESTS,
        /** Open sessions: a session holds its slot from its first turn's send to its last answer, think times included. */
        SESSIONS
    }

    /** No think time, the answers received, the cap counting requests. */
    public static final SessionOptions DEFAULTS = new SessionOptions(ThinkTime.NONE, SessionTranscript.Answers.RECEIVED,
            ConcurrencyUnit.REQUESTS);

    /**
     * Checks the values.
     *
     * @param thinkTime pause between a turn's answer and the next turn
     * @param answers which answer the history holds
     * @param concurrency what the open loop's cap counts
     */
    public SessionOptions {
        notNull(thinkTime, "thinkTime");
        notNull(answers, "answers");
        notNull(concurrency, "concurrency");
    }

    /**
     * A copy with another think time.
     *
     * @param t the think time
     * @return the copy
     */
    public SessionOptions withThinkTime(ThinkTime t) {
        return new SessionOptions(t, answers, concurrency);
    }

    /**
     * A copy with another answer policy.
     *
     * @param a which answer the history holds
     * @return the copy
     */
    public SessionOptions withAnswers(SessionTranscript.Answers a) {
        return new SessionOptions(thinkTime, a, concurrency);
    }

    /**
     * A copy with another concurrency unit.
     *
     * @param unit what the cap counts
     * @return the copy
     */
    public SessionOptions withConcurrency(ConcurrencyUnit unit) {
        return new SessionOptions(thinkTime, answers, unit);
    }

    @Override
    public final String toString() {
        return RecordText.of(this); // part of a virtual run's identity: the record's own text, without its bootstrap
    }
}
