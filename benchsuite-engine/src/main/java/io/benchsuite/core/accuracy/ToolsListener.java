package io.benchsuite.core.accuracy;

import io.benchsuite.api.accuracy.Answer;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.report.model.ToolsSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Folds each measured request that offered tools into the report's {@code tools} section ({@link ToolsSection}) as
 * it finishes: counts, the functions called, malformed arguments, and a grade by the {@code tool-call} rule. A run
 * whose requests offered no tools gets no section. Memory grows with the distinct function names only. Every run has
 * one (the benchmark adds it).
 */
public final class ToolsListener implements RunListener {
    /** How many function names the section lists. */
    public static final int TOP_NAMES = 10;

    private final ToolCallScorer scorer = new ToolCallScorer();
    private final Map<String, Long> names = new HashMap<>();
    private long requests;
    private long withCalls;
    private long inText;
    private long notReported;
    private long calls;
    private long malformed;
    private long graded;
    private long correct;

    /** A listener that has seen no request yet. */
    public ToolsListener() {
        // the counts start at zero
    }

    @Override
    public synchronized void onRequestFinished(RequestRecord r) {
        if (r.window() != Window.MEASURED || r.extras().get(ToolSpec.class).isEmpty()) return;
        requests++;
        if (!r.succeeded()) return;
        Optional<ToolCalls> reported = r.extras().get(ToolCalls.class);
        if (reported.isEmpty()) {
            notReported++;
            return;
        }
        List<ToolCall> made = reported.get().calls();
        if (made.isEmpty()) inText++;
        else withCalls++;
        calls += made.size();
        malformed += made.size() - reported.get().withJsonArguments();
        for (ToolCall c : made) names.merge(c.name(), 1L, Long::sum);
        try {
            graded++;
            if (scorer.grade(new Answer("", Optional.empty(), r.extras(), r.extras())).isCorrect()) correct++;
        } catch (IllegalArgumentException e) {
            graded--; // a schema that is not JSON: the scorer cannot tell, so the request is not graded
        }
    }

    /**
     * The section as it stands, or {@code null} when no measured request offered tools.
     *
     * @return the section, or null
     */
    public synchronized ToolsSection section() {
        if (requests == 0) return null;
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(names.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        Map<String, Long> top = new LinkedHashMap<>();
        long other = 0;
        for (Map.Entry<String, Long> e : sorted) {
            if (top.size() < TOP_NAMES) top.put(e.getKey(), e.getValue());
            else other += e.getValue();
        }
        long reported = withCalls + inText;
        return new ToolsSection(requests, withCalls, inText, notReported, calls, reported == 0 ? Double.NaN : (double) calls / reported,
                top, other, malformed, graded, correct, graded == 0 ? Double.NaN : (double) correct / graded);
    }

    @Override
    public List<ReportSection> reportSections() {
        ToolsSection s = section();
        return s == null ? List.of() : List.of(s);
    }
}
