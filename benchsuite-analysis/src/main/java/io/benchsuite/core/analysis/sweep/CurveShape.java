package io.benchsuite.core.analysis.sweep;

/**
 * The shape of a curve whose knee is sought: its direction (increasing or decreasing) and its
 * curvature (concave: bends down, like throughput saturating with load; convex: bends up, like
 * latency rising as a server saturates). Kneedle needs the shape to know on which side of the chord
 * from the first to the last point the knee bulges.
 */
public enum CurveShape {
    /** Rises and flattens, e.g. throughput against concurrency. */
    CONCAVE_INCREASING(true, true),
    /** Rises slowly, then steeply ("hockey stick"), e.g. TTFT against throughput or concurrency. */
    CONVEX_INCREASING(false, true),
    /** Falls slowly, then steeply. */
    CONCAVE_DECREASING(true, false),
    /** Falls steeply, then flattens, e.g. error against the number of clusters (an elbow). */
    CONVEX_DECREASING(false, false);

    private final boolean concave;
    private final boolean increasing;

    CurveShape(boolean concave, boolean increasing) {
        this.concave = concave;
        this.increasing = increasing;
    }

    /** Whether the curve bends down (lies above its chord). */
    public boolean concave() {
        return concave;
    }

    /** Whether the curve rises from its first to its last point. */
    public boolean increasing() {
        return increasing;
    }
}
