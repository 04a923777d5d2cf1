package io.benchsuite.core.analysis.decomposition;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Optional;

/**
 * An index that is either computed or absent with the reason, so a report can show "absent: no DRAM byte
 * counter" instead of a blank or a made-up number.
 *
 * @param name the index's name, e.g. {@code NMI}
 * @param value its value, NaN when absent
 * @param absentReason why it is absent, or empty when it has a value
 */
public record IndexValue(String name, double value, Optional<String> absentReason) {

    /**
     * Checks that exactly one of value and reason is given.
     *
     * @param name the name
     * @param value the value or NaN
     * @param absentReason the reason or empty
     */
    public IndexValue {
        notNull(name, "name");
        notNull(absentReason, "absentReason");
        if (Double.isNaN(value) == absentReason.isEmpty()) {
            throw new IllegalArgumentException(name + ": give either a value or the reason it is absent");
        }
    }

    /**
     * A computed index.
     *
     * @param name the name
     * @param value the value
     * @return the index
     */
    public static IndexValue of(String name, double value) {
        return new IndexValue(name, value, Optional.empty());
    }

    /**
     * An index that could not be computed.
     *
     * @param name the name
     * @param reason why
     * @return the index
     */
    public static IndexValue absent(String name, String reason) {
        return new IndexValue(name, Double.NaN, Optional.of(notNull(reason, "reason")));
    }

    /**
     * Whether the index has a value.
     *
     * @return whether it was computed
     */
    public boolean present() {
        return absentReason.isEmpty();
    }
}
