package io.benchsuite.api.workload;

/** Which window of a run a request was scheduled in. Only {@link #MEASURED} requests enter the statistics. */
public enum Phase {
    /** Scheduled during the warm-up window: logged, not counted. */
    WARMUP,
    /** Counted in every statistic. */
    MEASURED,
    /** Scheduled during the cool-down window at the end: logged, not counted. */
    COOLDOWN
}
