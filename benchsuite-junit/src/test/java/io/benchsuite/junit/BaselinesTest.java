package io.benchsuite.junit;

import static io.benchsuite.junit.BenchsuiteAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Percentage.withPercentage;

import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.Slo;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.run.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Baselines round-trip losslessly, and comparisons know which direction is a regression. */
class BaselinesTest {
    @TempDir
    Path tmp;

    private final RunResult base = TestResults.oneToHundred("gate");

    @Test
    void saveAndLoadKeepEveryHistogramExactly() throws Exception {
        Path file = tmp.resolve("baselines/gate.json");
        Baseline saved = Baselines.save(base, file);
        Baseline loaded = Baselines.load(file);
        Assertions.assertThat(Files.readString(file)).contains("\"baselineVersion\" : 1")
                .doesNotContain("timeSeries");
        Assertions.assertThat(saved.location()).isEqualTo(file);
        Assertions.assertThat(loaded.name()).isEqualTo("gate");
        Assertions.assertThat(loaded.recordedAt()).isEqualTo(base.endedAt());
        Assertions.assertThat(loaded.counts()).isEqualTo(base.summary().counts());
        Assertions.assertThat(loaded.throughput()).isEqualTo(base.summary().throughput());
        for (LatencyMetric metric : LatencyMetric.values()) {
            Assertions.assertThat(loaded.histograms().get(metric))
                    .as(metric.key()).isEqualTo(base.histograms().get(metric));
        }
        assertThat(base).comparedTo(loaded).p99E2e().hasNotRegressed();
    }

    @Test
    void aReportJsonOrItsDirectoryIsABaselineToo() throws Exception {
        ReportWriters.writeReport(Report.of(base), tmp);
        Baseline fromDir = Baselines.load(tmp);
        Assertions.assertThat(fromDir.location()).isEqualTo(tmp.resolve("report.json"));
        Assertions.assertThat(fromDir.histograms().get(LatencyMetric.TTFT)).isEqualTo(base.histograms().get(LatencyMetric.TTFT));
    }

    @Test
    void slowerLatencyIsARegressionAndFasterIsNot() {
        RunResult slower = TestResults.of("gate", TestResults.range(21, 120), 0, 1000, Slo.none(), 0);
        RunResult faster = TestResults.of("gate", TestResults.range(1, 80), 0, 1000, Slo.none(), 0);
        Baseline b = Baseline.of(base);
        assertThat(faster).comparedTo(b).p99E2e().hasNotRegressed();
        assertThat(slower).comparedTo(b).p99E2e().hasNotRegressedBy(withPercentage(25));
        assertThatThrownBy(() -> assertThat(slower.withReportDir(tmp)).comparedTo(Baselines.save(base, tmp.resolve("b.json")))
                .p99Ttft().hasNotRegressedBy(withPercentage(10)))
                .hasMessage("TTFT p99 of run 'gate' against baseline 'gate' regressed by 20.19%, more than the allowed 10% "
                        + "(lower is better)\n"
                        + "  now:      119.013 ms\n"
                        + "  baseline: 99.025 ms\n"
                        + "  sample now: 100 TTFT values from 100 successful of 100 measured requests\n"
                        + "  sample baseline: 100 TTFT values from 100 successful of 100 measured requests\n"
                        + "  report: " + tmp.resolve("report.json") + "\n"
                        + "  baseline file: " + tmp.resolve("b.json"));
    }

    @Test
    void lowerThroughputIsARegressionAndHigherIsNot() {
        RunResult less = TestResults.of("gate", TestResults.range(1, 100), 0, 850, Slo.none(), 0);
        RunResult more = TestResults.of("gate", TestResults.range(1, 100), 0, 2000, Slo.none(), 0);
        assertThat(more).comparedTo(base).outputTokensPerSecond().hasNotRegressed();
        assertThat(less).comparedTo(base).outputTokensPerSecond().hasNotRegressedBy(withPercentage(15));
        assertThatThrownBy(() -> assertThat(less).comparedTo(base).outputTokensPerSecond()
                .hasNotRegressedBy(withPercentage(10)))
                .hasMessageStartingWith("output tokens/s of run 'gate' against baseline 'gate' regressed by 15.00%, "
                        + "more than the allowed 10% (higher is better)\n  now:      850 tokens/s\n  baseline: 1000 tokens/s");
        Assertions.assertThat(assertThat(more).comparedTo(base).requestsPerSecond().regression())
                .isEqualTo(0.0);
    }

    @Test
    void badFilesAreRejectedWithTheirName() throws Exception {
        Path newer = tmp.resolve("newer.json");
        Files.writeString(newer, "{\"baselineVersion\": 2, \"histograms\": {}, \"requests\": {}}");
        assertThatIllegalArgumentException().isThrownBy(() -> Baselines.load(newer))
                .withMessageContaining(newer + " has baselineVersion 2; this benchsuite reads up to 1");
        Path garbage = tmp.resolve("garbage.json");
        Files.writeString(garbage, "not json");
        assertThatIllegalArgumentException().isThrownBy(() -> Baselines.load(garbage))
                .withMessageStartingWith("baseline " + garbage + " is not valid JSON");
        Path other = tmp.resolve("other.json");
        Files.writeString(other, "{\"a\": 1}");
        assertThatIllegalArgumentException().isThrownBy(() -> Baselines.load(other))
                .withMessageContaining("holds no 'histograms' or 'requests' block");
    }
}
