package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;
import java.util.List;

/**
 * The report's {@code coldStart} section (reports written before the rename call it {@code phases}; they are
 * read as this one): cold start against steady state of an in-process run. Cold start (the
 * first {@code coldStartRequests} requests, while classes load and the JIT compiles) against
 * steady state (the rest, cool-down excluded), the JIT compile time during the run, and how
 * end-to-end latency splits into queueing, prefill and decode. Means are over successful requests.
 *
 * @param coldStartRequests how many leading requests count as cold start
 * @param coldStart means over the cold-start requests
 * @param steady means over the rest
 * @param jitCompileMs JIT compile time during the run in ms ({@code NaN} where the JVM cannot say)
 * @param shares shares of summed E2E latency, or {@code null} with no successful request
 */
public record ColdStartSection(int coldStartRequests, Group coldStart, Group steady, double jitCompileMs, Shares shares)
        implements ReportSection {
    /** The section's key. */
    public static final String KEY = "coldStart";
    /** The keys older reports wrote the section under. */
    public static final List<String> OLD_KEYS = List.of("phases");

    public ColdStartSection {
        coldStart = coldStart == null ? Group.NONE : coldStart;
        steady = steady == null ? Group.NONE : steady;
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * Means over a group of successful requests.
     *
     * @param requests successful requests in the group
     * @param ttftMs mean time to first token in ms ({@code NaN} with none)
     * @param e2eMs mean end-to-end latency in ms ({@code NaN} with none)
     */
    public record Group(long requests, double ttftMs, double e2eMs) {
        static final Group NONE = new Group(0, Double.NaN, Double.NaN);
    }

    /**
     * Where end-to-end time went, as fractions of the summed E2E latency (they add up to 1).
     *
     * @param queueing scheduled instant to send (dispatcher lateness, waiting for a worker)
     * @param prefill send to first token
     * @param decode first token to end
     */
    public record Shares(double queueing, double prefill, double decode) {}
}
