package io.benchsuite.core.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.analysis.sweep.PointFigure;
import io.benchsuite.core.analysis.sweep.SweepSlo;
import io.benchsuite.core.report.analysis.ParetoBlock;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.testing.JsonTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepTest {
    @TempDir
    Path tmp;

    /** Runs the closed-form model; records what it was asked and where. */
    private static final class ModelRunner implements SweepPointRunner {
        final List<Map<String, String>> asked = new ArrayList<>();
        final List<Path> dirs = new ArrayList<>();

        @Override
        public Report run(Map<String, String> values, Path outputDir) {
            asked.add(values);
            dirs.add(outputDir);
            return ModelReports.report(Double.parseDouble(values.get("max-concurrent")), 0);
        }
    }

    @Test
    void aConcurrencySweepFindsTheKneeBisectsToTheSloFrontierStopsAtSaturationAndWritesBothDocuments() throws Exception {
        ModelRunner runner = new ModelRunner();
        SweepDocument d = Sweep.of(runner).over(SweepAxis.parse("max-concurrent=1,2,4,...,256"))
                .slo(SweepSlo.none().with(PointFigure.TTFT_P99, 500)).outputDir(tmp).run();

        // the grid stops at 64 (1995 ms, 3.99x the limit: saturated), then bisects 48, 40, 36, 38, 39
        assertThat(runner.asked).extracting(v -> v.get("max-concurrent"))
                .containsExactly("1", "2", "4", "8", "16", "32", "64", "48", "40", "36", "38", "39");
        assertThat(runner.dirs.get(0)).isEqualTo(tmp.resolve("points").resolve("max-concurrent=1"));
        SweepDocument.Series s = d.series().get(0);
        assertThat(s.highestPassingLoad()).isEqualTo(39.0);
        assertThat(s.lowestFailingLoad()).isEqualTo(40.0);
        assertThat(s.stoppedEarly()).startsWith("stopped at load 64, saturated").endsWith("2 higher grid loads not run");
        assertThat(s.points()).extracting(SweepDocument.Point::load)
                .containsExactly(1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 36.0, 38.0, 39.0, 40.0, 48.0, 64.0);
        assertThat(s.points()).filteredOn(p -> p.kind().equals("refinement")).extracting(SweepDocument.Point::load)
                .containsExactly(36.0, 38.0, 39.0, 40.0, 48.0);
        // throughput saturates at the 32 batch slots; latency turns steep there too (docs/analysis.md §1.2)
        assertThat(s.throughputKnee().load()).isEqualTo(32.0);
        assertThat(s.latencyKnee().load()).isEqualTo(32.0);
        assertThat(s.balancePoint()).isEqualTo(32.0);
        // E(32) = 0.677 in the model (docs/analysis.md §1.4)
        assertThat(s.points().get(5).scalingEfficiency()).isCloseTo(0.677, Offset.offset(0.001));
        assertThat(s.points().get(0).scalingEfficiency()).isEqualTo(1.0);

        // E2E = TTFT + 127 TPOT exactly, and the model's memory peak (16 GB + 0.1 GB per batch slot) and TPOT
        // (10 ms x (1 + b/64)) are both linear in the batch: each of these four is a linear function of the others
        // (VIF = +inf); throughput and energy per token are not linear in the batch
        assertThat(d.orthogonality().runs()).isEqualTo(12);
        assertThat(d.orthogonality().infiniteVif()).containsExactlyInAnyOrder("ttft", "tpot", "e2e", "memoryPeak");
        assertThat(d.orthogonality().vifOf("outputThroughput")).isFinite();
        assertThat(d.orthogonality().flagged()).contains("ttft", "tpot", "e2e");
        assertThat(d.orthogonality().dropped()).containsKeys("warmupTime", "memoryFragmentation", "kvCacheHitRate");
        assertThat(d.orthogonality().dropped().get("memoryFragmentation")).startsWith("constant across runs");

        // energy per token falls until the batch is full, latency rises: the front is 1..32, the rest is dominated by 32
        assertThat(d.pareto().objectives()).extracting(ParetoBlock.ObjectiveEntry::name).containsExactly("energyPerToken", "e2e-p99");
        assertThat(d.pareto().leftOut()).containsKey("accuracy");
        assertThat(d.pareto().front()).containsExactly("max-concurrent=1", "max-concurrent=2", "max-concurrent=4", "max-concurrent=8",
                "max-concurrent=16", "max-concurrent=32");
        assertThat(d.pareto().dominatedBy().get("max-concurrent=64")).containsExactly("max-concurrent=32");

        JsonNode json = JsonTrees.read(tmp.resolve("sweep.json"));
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(json.at("/series/0/highestPassingLoad").asDouble()).isEqualTo(39.0);
        assertThat(json.at("/series/0/throughputKnee/load").asDouble()).isEqualTo(32.0);
        assertThat(json.at("/series/0/points").size()).isEqualTo(12);
        assertThat(json.at("/slo/limits/ttft p99").asDouble()).isEqualTo(500.0);
        assertThat(json.at("/orthogonality/vif/ttft").isNull()).isTrue();
        String html = Files.readString(tmp.resolve("sweep.html"));
        assertThat(html).contains("data-title=\"TPS–FTL curve\"", "class=\"marker\" data-marker=\"knee (max-concurrent 32.00)\"",
                "data-ref=\"SLO frontier (39.00)\"", "data-ref=\"SLO ttft p99 ≤ 500.0 ms\"", "class=\"chart heatmap\"",
                "data-title=\"Pareto front: e2e-p99 vs energyPerToken\"", "id=\"stopped-early\"").doesNotContain("<script");
    }

    @Test
    void aPointThatCannotRunEndsItsSeriesAndWhatRanIsStillWritten() throws Exception {
        SweepDocument d = Sweep.of((values, dir) -> {
            double c = Double.parseDouble(values.get("max-concurrent"));
            if (c == 8) throw new IllegalStateException("backend unreachable");
            return ModelReports.report(c, 0);
        }).over("max-concurrent", 1, 2, 4, 8, 16).outputDir(tmp).run();
        SweepDocument.Series s = d.series().get(0);
        assertThat(s.points()).extracting(SweepDocument.Point::status).containsExactly("completed", "completed", "completed", "failed");
        assertThat(s.points().get(3).error()).isEqualTo("backend unreachable");
        assertThat(s.notes()).anySatisfy(n -> assertThat(n).contains("load 8 could not be run").contains("backend unreachable"));
        assertThat(tmp.resolve("sweep.json")).exists();
        assertThat(Files.readString(tmp.resolve("sweep.html"))).contains("failed: backend unreachable");
    }

    @Test
    void aSecondParameterMakesOneSeriesPerValue() {
        List<String> asked = new ArrayList<>();
        SweepDocument d = Sweep.of((values, dir) -> {
            asked.add(values.get("engine") + "@" + values.get("max-concurrent"));
            double c = Double.parseDouble(values.get("max-concurrent"));
            return ModelReports.report(values.get("engine").equals("slow") ? c * 2 : c, 0);
        }).over("engine", "fast", "slow").over("max-concurrent", 1, 2, 4).outputDir(tmp).run();
        // the numeric parameter is the load even when given second
        assertThat(d.series()).extracting(SweepDocument.Series::label).containsExactly("engine=fast", "engine=slow");
        assertThat(asked).containsExactly("fast@1", "fast@2", "fast@4", "slow@1", "slow@2", "slow@4");
        assertThat(d.series().get(1).points().get(0).name()).isEqualTo("engine=slow,max-concurrent=1");
        assertThat(d.series().get(1).points().get(0).dir()).isEqualTo("points/engine=slow,max-concurrent=1");
    }

    @Test
    void badSweepsAreRefusedWithWhatIsWrong() {
        assertThatThrownBy(() -> Sweep.of((v, d) -> null).over("a", 1).over("b", 2).over("c", 3))
                .hasMessageContaining("at most two parameters");
        assertThatThrownBy(() -> Sweep.of((v, d) -> null).over("a", 1).over("a", 2)).hasMessageContaining("a is swept twice");
        assertThatThrownBy(() -> Sweep.of((v, d) -> null).outputDir(tmp).run()).hasMessageContaining("nothing to sweep");
        assertThatThrownBy(() -> Sweep.of((v, d) -> null).over("a", 1).run()).hasMessageContaining("outputDir is required");
    }

    @Test
    void aValueThatIsNotANumberNamesTheKeyNotTheJdkText() {
        Benchmark.Builder b = Benchmark.named("s")
                .workload(Workload.open().rate(RateProfile.steady(5))
                        .duration(Duration.ofSeconds(1)).build());
        // was: rate=OK: For input string: "OK"
        assertThatThrownBy(() -> SweepParameters.apply(b, "rate", "OK")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rate=OK: expected a number, got 'OK'");
    }
}
