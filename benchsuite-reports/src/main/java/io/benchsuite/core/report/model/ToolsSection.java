package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The report's {@code tools} section: what the measured requests that offered tools got back. A request counts as
 * answered with calls when its response made at least one tool call; the calls' arguments that did not parse as
 * JSON are the malformed ones; each successful answer whose calls the backend reported is graded by the
 * {@code tool-call} scorer's rule ({@code ToolCallScorer}: an offered (or the expected) function, arguments valid
 * against its schema), whether or not the run asked for an accuracy section. A ratio nothing was counted for is
 * {@code NaN} ({@code null} in JSON).
 *
 * <pre>{@code
 * "tools": {"requests": 40, "answeredWithCalls": 38, "answeredInText": 2, "notReported": 0, "calls": 38,
 *           "callsPerRequest": 0.95, "names": {"get_weather": 20, "get_time": 18}, "otherNames": 0,
 *           "malformedArguments": 0, "graded": 40, "correct": 38, "accuracy": 0.95}
 * }</pre>
 *
 * @param requests measured requests that offered tools (failed ones included)
 * @param answeredWithCalls successful ones whose response made at least one call
 * @param answeredInText successful ones whose response made no call (the backend reported an empty list)
 * @param notReported successful ones whose backend does not report tool calls
 * @param calls the calls made, all responses together
 * @param callsPerRequest {@code calls} over the successful requests whose calls were reported
 * @param names the most called functions (at most 10, the engine's {@code ToolsListener.TOP_NAMES}), most called first, with their calls
 * @param otherNames calls of functions not among {@code names}
 * @param malformedArguments calls whose arguments were not one JSON value
 * @param graded successful requests graded (their calls reported)
 * @param correct graded requests whose first call was right
 * @param accuracy {@code correct} over {@code graded}
 */
public record ToolsSection(long requests, long answeredWithCalls, long answeredInText, long notReported, long calls,
                           double callsPerRequest, Map<String, Long> names, long otherNames, long malformedArguments,
                           long graded, long correct, double accuracy) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "tools";

    /**
     * Copies the names, keeping their order.
     *
     * @param requests measured requests that offered tools
     * @param answeredWithCalls successful ones with at least one call
     * @param answeredInText successful ones with no call
     * @param notReported successful ones whose backend does not report calls
     * @param calls the calls made
     * @param callsPerRequest calls per successful request with calls reported
     * @param names the most called functions and their calls
     * @param otherNames calls of the other functions
     * @param malformedArguments calls whose arguments were not JSON
     * @param graded requests graded
     * @param correct graded requests with the right call
     * @param accuracy correct over graded
     */
    public ToolsSection {
        names = names == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(names));
    }

    @Override
    public String key() {
        return KEY;
    }
}
