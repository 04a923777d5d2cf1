package io.benchsuite.core.report.model;

import io.benchsuite.api.accuracy.AccuracySummary;
import io.benchsuite.core.run.ReportSection;
import java.util.Map;

/**
 * The report's {@code accuracy} section: the answers of the measured requests graded against their
 * reference answers. A mean score no answer was graded for is {@code NaN} ({@code null} in JSON).
 *
 * @param scorer the scorer's name, e.g. {@code exact}
 * @param graded answers graded
 * @param correct graded answers with full credit
 * @param meanScore the mean score of the graded answers, 0..1
 * @param ungraded measured requests whose answer was not graded
 * @param ungradedReasons how many of each reason (no reference answer, request failed, a reference the scorer cannot use)
 */
public record AccuracySection(String scorer, long graded, long correct, double meanScore, long ungraded,
                              Map<String, Long> ungradedReasons) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "accuracy";

    /** Copies the reasons. */
    public AccuracySection {
        ungradedReasons = ungradedReasons == null ? Map.of() : Map.copyOf(ungradedReasons);
    }

    /**
     * The section of a run's tally.
     *
     * @param s the tally's summary
     * @return the section
     */
    public static AccuracySection of(AccuracySummary s) {
        return new AccuracySection(s.scorer(), s.graded(), s.correct(), s.meanScore(), s.ungraded(), s.ungradedReasons());
    }

    @Override
    public String key() {
        return KEY;
    }
}
