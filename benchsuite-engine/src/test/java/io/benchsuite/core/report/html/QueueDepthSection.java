package io.benchsuite.core.report.html;

import io.benchsuite.core.run.ReportSection;

/**
 * A section that exists only in the tests, the way a new one is added: this record, its view
 * ({@link QueueDepthView}) and one line in a catalog ({@link TestSections}).
 *
 * @param peak the deepest queue seen
 * @param note what the listener says about it
 */
public record QueueDepthSection(long peak, String note) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "queueDepth";

    @Override
    public String key() {
        return KEY;
    }
}
