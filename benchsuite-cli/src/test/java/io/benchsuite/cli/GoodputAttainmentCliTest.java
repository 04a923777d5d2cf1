package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.GoodputSummary;
import io.benchsuite.core.report.model.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Goodput says which objective failed how often: each objective's attainment in report.json, the console's goodput
 * line, summary.csv and the HTML report. On the simulator's virtual clock every TTFT is far under 2 s and every TPOT
 * over 1 ms (an 8B model on an A100 decodes in about 11 ms), so the TTFT objective is met by all and the TPOT one by none.
 */
class GoodputAttainmentCliTest {

    @Test
    void eachObjectiveIsCountedOnItsOwnInEveryOutput(@TempDir Path out) throws Exception {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend-option", "clock=virtual", "--duration", "5s", "--seed", "7", "--no-progress",
                "--slo", "ttft=2s,tpot=1ms", "--output-dir", out.toString())).as(cli.err()).isZero();
        Report r = ReportJson.read(out);
        long measured = r.requests().measured();
        assertThat(measured).isPositive();
        assertThat(r.requests().succeeded()).isEqualTo(measured);
        assertThat(r.goodput().met()).isZero();
        assertThat(r.goodput().attainment()).containsExactly(new GoodputSummary.Attainment("ttft=2s", measured, measured, 1.0),
                new GoodputSummary.Attainment("tpot=1ms", 0, measured, 0.0));

        assertThat(cli.out()).contains(String.format(Locale.ROOT,
                "0 of %d measured (0.0%%) met ttft=2s,tpot=1ms; each: ttft 100.0 %% met (%d), tpot 0.0 %% (0)", measured, measured));
        String csv = Files.readString(out.resolve("summary.csv"));
        assertThat(csv).contains("goodput,ttft_met," + measured + ",count\n", "goodput,ttft_fraction,1,ratio\n",
                "goodput,tpot_met,0,count\n", "goodput,tpot_fraction,0,ratio\n");
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("ttft met").contains("tpot met").contains("then each objective");
    }
}
