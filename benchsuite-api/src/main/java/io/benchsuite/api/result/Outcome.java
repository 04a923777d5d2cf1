package io.benchsuite.api.result;

/** How a request ended. */
public enum Outcome {
    /** Completed; its timings enter the statistics (if measured). */
    SUCCESS,
    /** Failed with a typed error; counted by kind, excluded from latency statistics. */
    FAILED,
    /** Abandoned because the run stopped. */
    CANCELLED
}
