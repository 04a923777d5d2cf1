package io.benchsuite.core.analysis.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Parallel (scaling) efficiency across a concurrency sweep: how much of the ideal, linear throughput
 * gain the extra users bought. With a point at concurrency 1,
 * E(n) = X(n) ÷ (n × X(1)), X the output token throughput; E = 1 is perfect scaling, E = 1/n no gain at
 * all. When the sweep does not start at 1, the lowest load b with throughput is the base:
 * E(n) = (X(n) ÷ X(b)) ÷ (n ÷ b), which is the same formula when b = 1.
 */
public final class ScalingEfficiency {
    private ScalingEfficiency() {}

    /**
     * The efficiency at one load.
     *
     * @param load the concurrency
     * @param outputTokensPerSecond the throughput measured there
     * @param efficiency throughput gain over the base ÷ load gain over the base
     */
    public record Level(double load, double outputTokensPerSecond, double efficiency) {}

    /**
     * The efficiency of every point with a measured throughput.
     *
     * @param points the sweep, any order; loads are concurrencies (above 0)
     * @return one level per point with a finite throughput, in load order; the base point has efficiency 1
     * @throws IllegalArgumentException when no point has load above 0 and throughput above 0
     */
    public static List<Level> of(List<SweepPoint> points) {
        notNull(points, "points");
        List<SweepPoint> usable = points.stream()
                .filter(p -> p.load() > 0 && Double.isFinite(p.outputTokensPerSecond()))
                .sorted(Comparator.comparingDouble(SweepPoint::load)).toList();
        SweepPoint base = usable.stream().filter(p -> p.outputTokensPerSecond() > 0).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "scaling efficiency needs a point with load > 0 and output throughput > 0; got " + points.size() + " points"));
        List<Level> levels = new ArrayList<>();
        for (SweepPoint p : usable) {
            if (p.load() < base.load()) continue;
            double gain = p.outputTokensPerSecond() / base.outputTokensPerSecond();
            levels.add(new Level(p.load(), p.outputTokensPerSecond(), gain / (p.load() / base.load())));
        }
        return List.copyOf(levels);
    }
}
