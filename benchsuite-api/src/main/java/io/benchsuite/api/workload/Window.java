package io.benchsuite.api.workload;

/**
 * Which window of a run a request was scheduled in: warm-up, measured or cool-down. Only {@link #MEASURED}
 * requests enter the statistics. (A scenario file's named phases are runs of their own, each with these windows.)
 */
public enum Window {
    /** Scheduled during the warm-up window: logged, not counted. */
    WARM_UP,
    /** Counted in every statistic. */
    MEASURED,
    /** Scheduled during the cool-down window at the end: logged, not counted. */
    COOL_DOWN
}
