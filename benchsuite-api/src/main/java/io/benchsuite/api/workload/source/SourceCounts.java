package io.benchsuite.api.workload.source;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a cursor has done so far: plans yielded, input records left out and records changed, each
 * by a reason in the user's terms (e.g. {@code "prompt over 1024 tokens"}), so a report can say
 * why a dataset of 90,000 conversations gave 62,000 requests.
 *
 * @param plans plans yielded so far
 * @param skipped input records left out, by reason
 * @param adjusted records used but changed, by reason (e.g. an out-of-order timestamp sent at its predecessor's time)
 */
public record SourceCounts(long plans, Map<String, Long> skipped, Map<String, Long> adjusted) {
    /**
     * Checks the values and copies the maps (sorted by reason, so reports are stable).
     *
     * @param plans plans yielded so far
     * @param skipped input records left out, by reason
     * @param adjusted records used but changed, by reason
     */
    public SourceCounts {
        if (plans < 0) throw new IllegalArgumentException("plans must be >= 0, got " + plans);
        skipped = Map.copyOf(new TreeMap<>(notNull(skipped, "skipped")));
        adjusted = Map.copyOf(new TreeMap<>(notNull(adjusted, "adjusted")));
    }

    /**
     * No plans, nothing skipped or adjusted.
     *
     * @return the counts of a cursor that has not yielded anything
     */
    public static SourceCounts none() {
        return new SourceCounts(0, Map.of(), Map.of());
    }

    /**
     * All records left out, whatever the reason.
     *
     * @return the sum of {@link #skipped()}
     */
    public long skippedTotal() {
        return skipped.values().stream().mapToLong(Long::longValue).sum();
    }
}
