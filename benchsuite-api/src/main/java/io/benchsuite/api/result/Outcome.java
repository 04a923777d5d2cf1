package io.benchsuite.api.result;

/** How a request ended. */
public enum Outcome {
    /** Completed; its timings enter the statistics (if measured). */
    SUCCESS,
    /** Failed with a typed error; counted by kind, excluded from latency statistics. */
    FAILED,
    /** Abandoned because the run stopped, or on purpose by the workload (error kind {@code cancelled_by_client}). */
    CANCELLED
}
