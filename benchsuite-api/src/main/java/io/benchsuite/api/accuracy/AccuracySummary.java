package io.benchsuite.api.accuracy;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The accuracy of a run: how many responses were graded, how many got full credit, the mean score, and
 * how many could not be graded and why.
 *
 * @param scorer the name of the scorer used
 * @param graded responses graded
 * @param correct graded responses with full credit
 * @param meanScore mean score of the graded responses, {@code NaN} when none was graded
 * @param ungraded responses that could not be graded (no reference, the request failed, a reference the
 *     scorer cannot use)
 * @param ungradedReasons how many of each reason, sorted by reason
 */
public record AccuracySummary(String scorer, long graded, long correct, double meanScore, long ungraded,
                              Map<String, Long> ungradedReasons) {

    /**
     * Checks the counts and copies the reasons.
     *
     * @param scorer the scorer's name
     * @param graded responses graded
     * @param correct responses with full credit
     * @param meanScore mean score
     * @param ungraded responses not graded
     * @param ungradedReasons counts by reason
     */
    public AccuracySummary {
        notNull(scorer, "scorer");
        if (graded < 0 || correct < 0 || correct > graded || ungraded < 0) {
            throw new IllegalArgumentException("counts must satisfy 0 <= correct <= graded and ungraded >= 0, got graded=" + graded
                    + " correct=" + correct + " ungraded=" + ungraded);
        }
        ungradedReasons = Collections.unmodifiableMap(new TreeMap<>(notNull(ungradedReasons, "ungradedReasons")));
    }

    /**
     * The share of graded responses with full credit, {@code NaN} when none was graded.
     *
     * @return correct ÷ graded
     */
    public double exactAccuracy() {
        return graded == 0 ? Double.NaN : (double) correct / graded;
    }
}
