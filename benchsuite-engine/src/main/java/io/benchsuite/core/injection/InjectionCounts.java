package io.benchsuite.core.injection;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.workload.injection.InjectionPriority;
import java.util.EnumMap;
import java.util.Map;

/**
 * What happened to injections, by priority: queued, delivered at a turn boundary, dropped when their
 * time to live ran out, and left when their session ended first.
 *
 * @param offered injections queued
 * @param delivered injections delivered at a turn boundary
 * @param expired injections dropped because their time to live ran out
 * @param undelivered injections still waiting when their session ended
 */
public record InjectionCounts(Map<InjectionPriority, Long> offered, Map<InjectionPriority, Long> delivered,
                              Map<InjectionPriority, Long> expired, Map<InjectionPriority, Long> undelivered) {
    /**
     * Copies the maps, with every priority present (0 where none).
     *
     * @param offered injections queued
     * @param delivered injections delivered
     * @param expired injections dropped when their time to live ran out
     * @param undelivered injections waiting when their session ended
     */
    public InjectionCounts {
        offered = full(offered, "offered");
        delivered = full(delivered, "delivered");
        expired = full(expired, "expired");
        undelivered = full(undelivered, "undelivered");
    }

    /**
     * No injections at all.
     *
     * @return all zeros
     */
    public static InjectionCounts none() {
        return new InjectionCounts(Map.of(), Map.of(), Map.of(), Map.of());
    }

    /**
     * The sum of these counts and {@code other}'s (to total the sessions of a run).
     *
     * @param other the counts to add
     * @return the sum
     */
    public InjectionCounts plus(InjectionCounts other) {
        return new InjectionCounts(add(offered, other.offered), add(delivered, other.delivered),
                add(expired, other.expired), add(undelivered, other.undelivered));
    }

    /**
     * Injections dropped because their time to live ran out, all priorities.
     *
     * @return the expired total
     */
    public long expiredTotal() {
        return expired.values().stream().mapToLong(Long::longValue).sum();
    }

    private static Map<InjectionPriority, Long> full(Map<InjectionPriority, Long> m, String name) {
        EnumMap<InjectionPriority, Long> out = new EnumMap<>(InjectionPriority.class);
        for (InjectionPriority p : InjectionPriority.values()) out.put(p, 0L);
        out.putAll(notNull(m, name));
        return Map.copyOf(out);
    }

    private static Map<InjectionPriority, Long> add(Map<InjectionPriority, Long> a, Map<InjectionPriority, Long> b) {
        EnumMap<InjectionPriority, Long> out = new EnumMap<>(InjectionPriority.class);
        for (InjectionPriority p : InjectionPriority.values()) out.put(p, a.get(p) + b.get(p));
        return out;
    }
}
