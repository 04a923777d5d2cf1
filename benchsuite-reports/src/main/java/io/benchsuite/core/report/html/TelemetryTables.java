package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.rows;

import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.GpuSection;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.run.ReportSection;
import java.util.Optional;

/** The server, host, GPU and engine sections as tables of their report.json leaves. */
final class TelemetryTables {
    private TelemetryTables() {}

    static void render(StringBuilder b, Report r) {
        b.append("<section id=\"telemetry\"><h2>Server, host and GPU</h2><div class=\"grid3\">");
        telemetry(b, ServerSection.KEY, r.section(ServerSection.class));
        telemetry(b, HostSection.KEY, r.section(HostSection.class));
        telemetry(b, GpuSection.KEY, r.section(GpuSection.class));
        if (r.section(EngineSnapshotSection.class).isPresent()) telemetry(b, EngineSnapshotSection.KEY, r.section(EngineSnapshotSection.class));
        b.append("</div></section>");
    }

    private static void telemetry(StringBuilder b, String key, Optional<? extends ReportSection> section) {
        b.append("<div><h3>").append(key).append("</h3>");
        if (section.isEmpty()) {
            b.append("<p class=\"absent\" data-section=\"").append(key).append("\">absent (no ").append(key)
                    .append(" section in report.json)</p></div>");
            return;
        }
        b.append("<table class=\"config\" data-section=\"").append(key).append("\"><tbody>");
        rows(b, section.get(), "", true);
        b.append("</tbody></table></div>");
    }
}
