package io.benchsuite.core.report.model;

import io.benchsuite.core.run.RunResult.ErrorSample;
import java.util.List;
import java.util.Map;

/**
 * The report's {@code errors} block.
 *
 * @param byKind failed measured requests by error label, e.g. {@code http_5xx}
 * @param samples the first few messages of each kind
 */
public record ErrorSummary(Map<String, Long> byKind, List<ErrorSample> samples) {
    static final ErrorSummary NONE = new ErrorSummary(Map.of(), List.of());

    public ErrorSummary {
        byKind = Maps.ordered(byKind);
        samples = samples == null ? List.of() : List.copyOf(samples);
    }
}
