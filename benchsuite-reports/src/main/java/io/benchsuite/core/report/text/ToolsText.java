package io.benchsuite.core.report.text;

import static io.benchsuite.core.report.text.SummaryRows.row;

import io.benchsuite.core.report.model.ToolsSection;
import java.util.Locale;
import java.util.Map;

/** The {@link ToolsSection} in text: the console line and the {@code summary.csv} rows. */
public final class ToolsText {
    private ToolsText() {}

    /**
     * The console line, e.g. {@code tools   40 requests offered tools: 38 answered with calls (0.95 per request),
     * 2 in text; 0 malformed arguments; accuracy 95.0 % (38 of 40); get_weather 20, get_time 18}.
     *
     * @param s the section
     * @return the line, ending in a newline
     */
    public static String console(ToolsSection s) {
        StringBuilder names = new StringBuilder();
        for (Map.Entry<String, Long> e : s.names().entrySet()) names.append(names.length() == 0 ? "" : ", ").append(e.getKey())
                .append(' ').append(e.getValue());
        if (s.otherNames() > 0) names.append(", others ").append(s.otherNames());
        return String.format(Locale.ROOT, "%-20s %d requests offered tools: %d answered with calls (%s per request), %d in text%s; "
                        + "%d malformed arguments; accuracy %s%s%n", "tools", s.requests(), s.answeredWithCalls(),
                num(s.callsPerRequest(), 2), s.answeredInText(), s.notReported() == 0 ? "" : ", " + s.notReported()
                        + " without calls reported (the backend does not read them)", s.malformedArguments(),
                Double.isFinite(s.accuracy()) ? num(s.accuracy() * 100, 1) + " % (" + s.correct() + " of " + s.graded() + ")" : "-",
                names.length() == 0 ? "" : "; " + names);
    }

    /**
     * The rows of {@code summary.csv}: metric {@code tools}, one row per count and ratio, and metric
     * {@code tool:<name>} with the calls of each listed function.
     *
     * @param b where the rows go
     * @param s the section
     */
    public static void csv(StringBuilder b, ToolsSection s) {
        row(b, "tools", "requests", s.requests(), "count");
        row(b, "tools", "answered_with_calls", s.answeredWithCalls(), "count");
        row(b, "tools", "answered_in_text", s.answeredInText(), "count");
        row(b, "tools", "not_reported", s.notReported(), "count");
        row(b, "tools", "calls", s.calls(), "count");
        row(b, "tools", "calls_per_request", s.callsPerRequest(), "ratio");
        row(b, "tools", "malformed_arguments", s.malformedArguments(), "count");
        row(b, "tools", "graded", s.graded(), "count");
        row(b, "tools", "correct", s.correct(), "count");
        row(b, "tools", "accuracy", s.accuracy(), "ratio");
        s.names().forEach((name, n) -> row(b, "tool:" + name.replace(',', '_'), "calls", n, "count"));
        if (s.otherNames() > 0) row(b, "tool:(others)", "calls", s.otherNames(), "count");
    }


    private static String num(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
    }
}
