package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.rows;
import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.run.RunResult.ErrorSample;
import java.util.Map;

/** The page's end: errors by kind with sample messages, and the run's configuration as report.json has it. */
final class ErrorsAndConfiguration {
    private ErrorsAndConfiguration() {}

    static void errors(StringBuilder b, Report r) {
        b.append("<section id=\"errors\"><h2>Errors</h2>");
        Map<String, Long> byKind = r.errors().byKind();
        if (byKind.isEmpty()) {
            b.append("<p class=\"sub\">No errors.</p></section>");
            return;
        }
        b.append("<table><thead><tr><th>Type</th><th class=\"num\">Count</th><th>Sample messages (request index)</th></tr></thead><tbody>");
        byKind.forEach((kind, count) -> {
            b.append("<tr class=\"error-kind\"><td><code>").append(esc(kind)).append("</code></td><td class=\"num\">")
                    .append(esc(String.valueOf(count))).append("</td><td>");
            int shown = 0;
            for (ErrorSample s : r.errors().samples()) {
                if (!kind.equals(s.kind()) || shown >= 5) continue;
                b.append("<pre class=\"sample\">#").append(s.index()).append(": ")
                        .append(esc(String.valueOf(s.message()))).append("</pre>");
                shown++;
            }
            if (shown == 0) b.append("<span class=\"absent\">no sample kept</span>");
            b.append("</td></tr>");
        });
        b.append("</tbody></table></section>");
    }

    static void configuration(StringBuilder b, Report r) {
        b.append("<section id=\"configuration\"><h2>Configuration</h2><table class=\"config\"><tbody>");
        rows(b, r.config(), "config", false);
        rows(b, r.backend(), "backend", false);
        rows(b, r.seed(), "seed", false);
        rows(b, r.requests(), "requests", false);
        rows(b, r.tokens(), "tokens", false);
        rows(b, r.environment(), "environment", false);
        rows(b, r.tool(), "tool", false);
        b.append("</tbody></table></section>");
    }
}
