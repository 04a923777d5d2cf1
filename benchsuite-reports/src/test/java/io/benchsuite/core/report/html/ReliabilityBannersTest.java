package io.benchsuite.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.core.report.json.ReportJson;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The page says why a run stopped itself, that arrivals were left unsent, and loudly that a run was mostly errors. */
class ReliabilityBannersTest {
    private static String page(String requests, String run) {
        return HtmlReport.page(ReportJson.parse("{\"schemaVersion\":1,\"run\":" + run + ",\"requests\":" + requests + "}",
                Path.of("r.json")));
    }

    @Test
    void aRunThatStoppedItselfSaysWhy() {
        String html = page("{\"measured\":40,\"succeeded\":10,\"failed\":30,\"errorRate\":0.75}",
                "{\"name\":\"x\",\"status\":\"stopped\",\"stopReason\":\"error rate 75.0 % exceeded the maximum of 50 %\"}");
        assertThat(html).contains("<div class=\"banner\" id=\"banner-stopped\">This run was stopped early (error rate 75.0 % "
                + "exceeded the maximum of 50 %): the figures cover only what was measured before the stop.</div>");
        assertThat(html).as("75 % errors is said loudly").contains("<div class=\"banner bad\" id=\"banner-errors\">30 of 40");
    }

    @Test
    void arrivalsTheClientCouldNotSendAreShown() {
        String html = page("{\"measured\":40,\"succeeded\":39,\"failed\":1,\"errorRate\":0.025,\"notSent\":1234}",
                "{\"name\":\"x\",\"status\":\"completed\"}");
        assertThat(html).contains("<div class=\"banner bad\" id=\"banner-not-sent\">1234 arrival(s) were never sent")
                .contains("<div class=\"banner\" id=\"banner-errors\">1 of 40").doesNotContain("banner-stopped");
    }
}
