package io.benchsuite.api.accuracy;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.HashMap;
import java.util.Map;

/**
 * Adds up the grades of a run. Safe to call from many threads; {@link #summary()} may be taken at any
 * time and reflects everything recorded before it.
 */
public final class AccuracyTally {
    private final AccuracyScorer scorer;
    private final Map<String, Long> ungradedReasons = new HashMap<>();
    private long graded;
    private long correct;
    private double scoreSum;
    private long ungraded;

    /**
     * A tally that grades with {@code scorer}.
     *
     * @param scorer the scorer
     */
    public AccuracyTally(AccuracyScorer scorer) {
        this.scorer = notNull(scorer, "scorer");
    }

    /**
     * Grades a response and adds the grade. A reference the scorer cannot use counts as ungraded with the
     * scorer's message as the reason.
     *
     * @param response the model's answer
     * @param reference the reference answer
     * @return the grade, or null when the response could not be graded
     */
    public Grade grade(String response, String reference) {
        notNull(response, "response");
        notNull(reference, "reference");
        return grade(Answer.of(response, reference));
    }

    /**
     * Grades an answer with its extras and adds the grade. An answer the scorer cannot use counts as
     * ungraded with the scorer's message as the reason.
     *
     * @param answer the answer
     * @return the grade, or null when the answer could not be graded
     */
    public Grade grade(Answer answer) {
        notNull(answer, "answer");
        Grade g;
        try {
            g = scorer.grade(answer);
        } catch (IllegalArgumentException unusable) {
            ungraded(String.valueOf(unusable.getMessage()));
            return null;
        }
        if (g == null) throw new IllegalStateException("scorer '" + scorer.name() + "' returned no grade");
        record(g);
        return g;
    }

    /**
     * Whether the scorer needs a reference answer ({@link AccuracyScorer#needsReference()}).
     *
     * @return whether a request without one goes ungraded
     */
    public boolean needsReference() {
        return scorer.needsReference();
    }

    /**
     * Adds a grade made elsewhere.
     *
     * @param grade the grade
     */
    public synchronized void record(Grade grade) {
        notNull(grade, "grade");
        graded++;
        scoreSum += grade.score();
        if (grade.isCorrect()) correct++;
    }

    /**
     * Counts a response that could not be graded.
     *
     * @param reason why, e.g. {@code no reference} or {@code request failed}
     */
    public synchronized void ungraded(String reason) {
        notNull(reason, "reason");
        ungraded++;
        ungradedReasons.merge(reason, 1L, Long::sum);
    }

    /**
     * The accuracy so far.
     *
     * @return the summary
     */
    public synchronized AccuracySummary summary() {
        return new AccuracySummary(scorer.name(), graded, correct, graded == 0 ? Double.NaN : scoreSum / graded, ungraded,
                ungradedReasons);
    }
}
