package io.benchsuite.api.accuracy;

import static io.benchsuite.api.util.Checks.notNull;

/**
 * The grade of one response: a score from 0 (wrong) to 1 (right), partial credit in between for
 * scorers that give it, and a short reason a reader can check.
 *
 * @param score in [0, 1]
 * @param reason why, e.g. {@code expected 42, found 41.5}
 */
public record Grade(double score, String reason) {

    /**
     * Checks the score is in [0, 1].
     *
     * @param score in [0, 1]
     * @param reason why
     */
    public Grade {
        if (!(score >= 0 && score <= 1)) throw new IllegalArgumentException("score must be in [0, 1], got " + score);
        notNull(reason, "reason");
    }

    /**
     * A full-credit grade.
     *
     * @param reason why
     * @return score 1
     */
    public static Grade correct(String reason) {
        return new Grade(1, reason);
    }

    /**
     * A no-credit grade.
     *
     * @param reason why
     * @return score 0
     */
    public static Grade wrong(String reason) {
        return new Grade(0, reason);
    }

    /**
     * Whether the grade is full credit.
     *
     * @return whether the score is 1
     */
    public boolean isCorrect() {
        return score == 1;
    }
}
