package io.benchsuite.api.result;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;
import java.util.regex.Pattern;

/**
 * The named instants of one request beyond the fixed ones of {@link RequestRecord} (scheduled, sent,
 * first token, end): each a name and its offset from the run start in nanoseconds, as a backend reported
 * it with {@link io.benchsuite.api.backend.ResponseListener#onMark(String, long)} (the first byte of
 * the response, say). A new instant needs no component of its own: {@code requests.jsonl} writes each
 * as {@code <name>OffsetMs}, a time-scaled run scales it like the other offsets, and a
 * {@link LatencyMetric} reads it with {@link #offset(String)} or {@link #since(String, long)}.
 *
 * <p>Names are {@code [a-z][A-Za-z0-9]*} (a JSON field is made of them), other than the names of the
 * record's fixed instants ({@code scheduled}, {@code dispatch}, {@code submit}, {@code sent},
 * {@code firstToken}, {@code end}: their fields are taken); offsets are 0 or more.
 * Immutable; iteration is in name order.
 *
 * @param offsets every mark: name to offset from the run start in nanoseconds (copied, sorted by name)
 */
public record Marks(Map<String, Long> offsets) {
    private static final Pattern NAME = Pattern.compile("[a-z][A-Za-z0-9]*");
    private static final Set<String> FIXED = Set.of("scheduled", "dispatch", "submit", "sent", "firstToken", "end");
    private static final Marks NONE = new Marks(Map.of());

    /**
     * Checks every name and offset and keeps an unmodifiable sorted copy.
     *
     * @param offsets every mark: name to offset from the run start in nanoseconds
     */
    public Marks {
        notNull(offsets, "offsets");
        SortedMap<String, Long> copy = new TreeMap<>();
        for (Map.Entry<String, Long> e : offsets.entrySet()) {
            checkName(e.getKey());
            Long v = notNull(e.getValue(), "offset of mark '" + e.getKey() + "'");
            if (v < 0) throw new IllegalArgumentException("offset of mark '" + e.getKey() + "' must be >= 0, got " + v);
            copy.put(e.getKey(), v);
        }
        offsets = Collections.unmodifiableSortedMap(copy);
    }

    /**
     * No marks.
     *
     * @return the empty marks
     */
    public static Marks none() {
        return NONE;
    }

    /**
     * Whether {@code name} may name a mark.
     *
     * @param name a name, or null
     * @return whether it matches {@code [a-z][A-Za-z0-9]*} and is not a fixed instant's name
     */
    public static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches() && !FIXED.contains(name);
    }

    /**
     * Checks a mark's name.
     *
     * @param name the name
     * @return the name
     * @throws IllegalArgumentException when it is null, not {@code [a-z][A-Za-z0-9]*} or a fixed instant's name
     */
    public static String checkName(String name) {
        if (!isName(name)) {
            throw new IllegalArgumentException("a mark's name must match [a-z][A-Za-z0-9]*"
                    + (name != null && FIXED.contains(name) ? " and not be a fixed instant's (" + FIXED + ")" : "")
                    + ", got " + name);
        }
        return name;
    }

    /**
     * The offset of a mark.
     *
     * @param name the mark's name
     * @return nanoseconds from the run start, or -1 when the request has no such mark
     */
    public long offset(String name) {
        Long v = offsets.get(name);
        return v == null ? -1 : v;
    }

    /**
     * The time from {@code fromOffsetNanos} to a mark: what a latency metric of the mark is, e.g.
     * {@code r.marks().since("firstByte", r.scheduledOffsetNanos())}.
     *
     * @param name the mark's name
     * @param fromOffsetNanos the instant measured from, nanoseconds from the run start (below 0: none)
     * @return nanoseconds from that instant to the mark, or -1 when either is missing
     */
    public long since(String name, long fromOffsetNanos) {
        long at = offset(name);
        return at < 0 || fromOffsetNanos < 0 ? -1 : at - fromOffsetNanos;
    }

    /**
     * Whether there is no mark.
     *
     * @return whether the request has no mark
     */
    public boolean isEmpty() {
        return offsets.isEmpty();
    }

    /**
     * These marks with one more, or with {@code name}'s offset replaced.
     *
     * @param name the mark's name
     * @param offsetNanos nanoseconds from the run start, 0 or more
     * @return the marks with it
     */
    public Marks with(String name, long offsetNanos) {
        Map<String, Long> copy = new TreeMap<>(offsets);
        copy.put(checkName(name), offsetNanos);
        return new Marks(copy);
    }

    /**
     * Every offset mapped by {@code f} (a conversion of time, as a time-scaled run's), names kept.
     *
     * @param f maps an offset to the new one, 0 or more
     * @return the mapped marks ({@code this} when there is none)
     */
    public Marks map(LongUnaryOperator f) {
        notNull(f, "f");
        if (isEmpty()) return this;
        Map<String, Long> copy = new TreeMap<>();
        for (Map.Entry<String, Long> e : offsets.entrySet()) copy.put(e.getKey(), f.applyAsLong(e.getValue()));
        return new Marks(copy);
    }
}
