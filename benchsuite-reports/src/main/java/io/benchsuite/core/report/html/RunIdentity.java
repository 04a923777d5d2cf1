package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.orElse;
import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.RequestCounts;
import io.benchsuite.core.report.model.WorkloadConfig;
import java.util.Locale;
import java.util.Map;

/** The top of the page: who ran what, where and when, and the banners that say how far to trust the figures. */
final class RunIdentity {
    private RunIdentity() {}

    static void render(StringBuilder b, Report r) {
        String status = r.run().status() == null ? "unknown" : r.run().status().name().toLowerCase(Locale.ROOT);
        String started = orElse(r.run().startedAt(), "?");
        Map<String, String> labels = r.run().labels();
        b.append("<section class=\"card\" id=\"identity\">");
        b.append("<h1>").append(esc(orElse(r.run().name(), "unnamed run"))).append("</h1>");
        b.append("<p class=\"sub\">").append(esc(orElse(r.backend().name(), "?"))).append(" · ")
                .append(esc(orElse(r.backend().model(), "?"))).append(" · started ")
                .append(esc(started)).append("</p>");
        b.append("<div class=\"ident\">");
        ident(b, "Status", status);
        String endpoint = r.backend().endpoint();
        ident(b, "Backend", orElse(r.backend().name(), "?") + (endpoint == null || endpoint.isEmpty() ? "" : " (" + endpoint + ")"));
        ident(b, "Model", orElse(r.backend().model(), "?"));
        ident(b, "Device", labels.getOrDefault("device", "not labelled"));
        ident(b, "Quantization", labels.getOrDefault("quantization", "not labelled"));
        ident(b, "Workload", workload(r.config().workload()));
        ident(b, "Seed", orElse(r.seed().source(), "?") + " → root " + orElse(r.seed().root(), "?") + " → scenario '"
                + orElse(r.seed().scenario(), "?") + "' " + orElse(r.seed().scenarioSeed(), "?"));
        String commit = orElse(r.tool().commit(), "");
        ident(b, "Tool", "benchsuite " + orElse(r.tool().version(), "unknown") + (commit.isEmpty() ? "" : " @ " + commit));
        ident(b, "Date", started + " → " + orElse(r.run().endedAt(), "?"));
        labels.forEach((key, value) -> {
            if (!key.equals("device") && !key.equals("quantization")) ident(b, "Label " + key, value);
        });
        b.append("</div></section>");

        RequestCounts c = r.requests();
        if (r.run().simulatedTime()) {
            b.append("<div class=\"banner\" id=\"banner-simulated-time\">Simulated time: ").append(esc(r.run().timeNote()))
                    .append(".</div>");
        }
        if (r.run().failed()) {
            b.append("<div class=\"banner bad\" id=\"banner-failed\">This run failed")
                    .append(r.run().stopReason() == null ? "" : " (" + esc(r.run().stopReason()) + ")")
                    .append(": the figures cover only what was sent before the failure.</div>");
        }
        if (r.run().stopped()) {
            b.append("<div class=\"banner\" id=\"banner-stopped\">This run was stopped early")
                    .append(r.run().stopReason() == null ? "" : " (" + esc(r.run().stopReason()) + ")")
                    .append(": the figures cover only what was measured before the stop.</div>");
        }
        if (c.notSent() > 0) {
            b.append("<div class=\"banner bad\" id=\"banner-not-sent\">").append(c.notSent())
                    .append(" arrival(s) were never sent: they came due faster than concurrency slots freed, with the line of "
                            + "requests waiting for a slot full. The scheduled rate counts them; the achieved rate shows what "
                            + "was sent.</div>");
        }
        if (c.succeeded() == 0) {
            b.append("<div class=\"banner bad\" id=\"banner-no-success\">No request succeeded (").append(c.measured())
                    .append(" measured, ").append(c.failed()).append(" failed, ").append(c.cancelled())
                    .append(" cancelled): latency and throughput figures are absent. See the errors below.</div>");
        } else if (c.failed() + c.cancelled() > 0) {
            // more than half not succeeding is said as loudly as none succeeding
            b.append(c.errorRate() > 0.5 ? "<div class=\"banner bad\" id=\"banner-errors\">" : "<div class=\"banner\" id=\"banner-errors\">").append(c.failed() + c.cancelled()).append(" of ").append(c.measured())
                    .append(" measured requests failed or were cancelled (error rate ")
                    .append(HtmlNumbers.pct(c.errorRate())).append(" %).</div>");
        }
    }

    private static String workload(WorkloadConfig w) {
        StringBuilder s = new StringBuilder(orElse(w.name(), "workload"));
        if (w.open() && w.profile() == null && "source".equals(w.arrival())) {
            s.append(": open loop at the source's own times");
        } else if (w.open()) {
            s.append(": open loop, ").append(orElse(w.arrival(), "?")).append(" arrivals, rate ").append(orElse(w.profile(), "?"));
        } else if (w.closed()) {
            s.append(": closed loop, users ").append(orElse(w.users(), "?"));
        }
        if (w.source() != null) {
            s.append("; source ").append(w.source());
        } else {
            s.append("; input ").append(orElse(w.inputTokens(), "?")).append(", output ").append(orElse(w.outputTokens(), "?"));
        }
        return s.toString();
    }

    private static void ident(StringBuilder b, String name, String value) {
        b.append("<div><b>").append(esc(name)).append("</b>").append(esc(value)).append("</div>");
    }
}
