package io.benchsuite.core.report.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.core.report.html.HtmlReport;
import io.benchsuite.core.report.json.ReportJson;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's client section: which figures mean the client was saturated, and how the report shows them. */
class ClientSectionTest {

    /** Dispatch lag over {@code n} requests with the given p90 and p99. */
    private static LatencyStats lag(long n, double p90, double p99) {
        return new LatencyStats(n, p90 / 2, p90 / 3, p90, p99, p99, p99, 0, p99, 0.1);
    }

    @Test
    void eachFigureOverItsLimitIsNamedWithItsValue() {
        assertThat(ClientSection.saturation(0.08, 20_000, lag(500, 0.1, 0.4), 35)).isEmpty();
        assertThat(ClientSection.saturation(1.5, 20_000, lag(500, 1.0, 1.0), 80)).as("at the limit is not over it").isEmpty();
        assertThat(ClientSection.saturation(3.2, 20_000, lag(500, 0.5, 157.25), 91.04)).containsExactly("hiccup p99 3.20 ms > 1.5 ms",
                "dispatch lag p99 157.25 ms > 1 ms", "CPU 91.0 % > 80 %");
        assertThat(ClientSection.saturation(Double.NaN, 0, lag(200, 0.2, 2), Double.NaN)).as("figures not measured are not judged")
                .containsExactly("dispatch lag p99 2.00 ms > 1 ms");
        assertThat(ClientSection.saturation(Double.NaN, 0, LatencyStats.empty(), Double.NaN)).isEmpty();
    }

    @Test
    void aShortRunIsJudgedAtItsDispatchLagP90NotAtOneOrTwoLatePickUps() {
        assertThat(ClientSection.saturation(0.1, 20_000, lag(104, 0.44, 2.36), 2)).as("2 late pick-ups of 104").isEmpty();
        assertThat(ClientSection.saturation(0.1, 20_000, lag(199, 1.5, 9), 2))
                .containsExactly("dispatch lag p90 1.50 ms > 1 ms (199 requests, too few for a p99)");
    }

    @Test
    void anIdleMachinesTimerJitterIsNotSaturationAndAFewSamplesAreNotJudged() {
        // a default run on an idle VM (client CPU 3.4 %) measured hiccup p99 1.09 ms and was called saturated
        assertThat(ClientSection.saturation(1.09, 20_000, lag(120, 0.2, 0.4), 3.4)).isEmpty();
        assertThat(ClientSection.saturation(1.6, 20_000, lag(120, 0.2, 0.4), 3.4)).containsExactly("hiccup p99 1.60 ms > 1.5 ms");
        assertThat(ClientSection.saturation(9.0, 499, lag(120, 0.2, 0.4), 3.4)).as("p99 of 499 samples is 5 wake-ups")
                .isEmpty();
    }

    private static Report withClient(ClientSection c) {
        return new Report(1, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                Map.of(ClientSection.KEY, c), null);
    }

    @Test
    void readsBackAsTheSameRecordAndRendersInTheHtmlPage() {
        ClientSection c = new ClientSection(new ClientSection.Hiccups(1, 20_000, 0.061, 3.2, 412.5, 2),
                new ClientSection.Cpu(5.19, 20.4, 2, 12.72), 5, 7,
                List.of("hiccup p99 3.20 ms > 1 ms"));
        Report back = ReportJson.parse(ReportJson.toJson(withClient(c)), Path.of("report.json"));
        assertThat(back.section(ClientSection.class)).contains(c);

        String page = HtmlReport.page(back);
        assertThat(page).contains("<section id=\"client\">")
                .contains("<b>Hiccups p50 / p99 / max</b><span>0.0610 / 3.20 / 412.5 ms</span>")
                .contains("<b>Stalls over 5.00 ms</b><span>2</span>")
                .contains("<b>Requests flagged</b><span>7 requests</span>")
                .contains("<b>Client CPU</b><span>12.72 % of 2 cores (5.19 s)</span>")
                .contains("id=\"client-saturated\">The client itself was saturated: hiccup p99 3.20 ms &gt; 1 ms.");
    }

    @Test
    void aSectionWithoutHiccupsOrCpuSaysSoAndNothingIsSaturated() {
        ClientSection c = new ClientSection(null, null, 5, 0, null);
        assertThat(c.cpu()).isEqualTo(ClientSection.Cpu.UNKNOWN);
        assertThat(c.saturated()).isEmpty();
        Report back = ReportJson.parse(ReportJson.toJson(withClient(c)), Path.of("report.json"));
        assertThat(back.section(ClientSection.class).orElseThrow().hiccups()).isNull();
        String page = HtmlReport.page(back);
        assertThat(page).contains("<b>Hiccups p50 / p99 / max</b><span>absent (not measured)</span>")
                .contains("<b>Client CPU</b><span>absent</span>").doesNotContain("client-saturated");
    }
}
