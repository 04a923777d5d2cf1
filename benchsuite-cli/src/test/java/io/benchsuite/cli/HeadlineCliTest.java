package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.core.report.html.Headline;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A default simulator run shows all twelve headline figures; goodput against the CLI's default SLO says so. */
class HeadlineCliTest {

    private static Report run(CliHarness cli, Path out, String... extra) throws Exception {
        String[] base = {"run", "--backend-option", "clock=virtual", "--duration", "20s", "--seed", "7", "--no-progress",
                "--output-dir", out.toString()};
        String[] args = Stream.concat(Arrays.stream(base), Arrays.stream(extra))
                .toArray(String[]::new);
        assertThat(cli.run(args)).as(cli.err()).isZero();
        return ReportJson.read(out);
    }

    private static Map<String, Headline> headline(Report r) {
        Map<String, Headline> m = new HashMap<>();
        for (Headline h : Headline.of(r)) m.put(h.key(), h);
        return m;
    }

    private static double figure(Headline h, String label) {
        assertThat(h.absent()).as("%s absent: %s", h.key(), h.absentWhy()).isFalse();
        return h.figures().stream().filter(f -> f.label().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError(h.key() + " has no figure '" + label + "': " + h.figures())).value();
    }

    @Test
    void aDefaultSimulatorRunShowsEveryHeadlineFigure(@TempDir Path tmp) throws Exception {
        CliHarness cli = new CliHarness();
        Report r = run(cli, tmp);
        Map<String, Headline> h = headline(r);
        assertThat(h).hasSize(12);
        assertThat(h.values()).allSatisfy(x -> assertThat(x.absent()).as("%s: %s", x.key(), x.absentWhy()).isFalse());

        // goodput against MLPerf's Llama 3.1 8B server limits, recorded as a default
        assertThat(r.config().slo()).isEqualTo("ttft=2s,tpot=100ms");
        assertThat(r.config().defaultSlo()).isTrue();
        assertThat(r.config().sloBasis()).contains("MLPerf Inference").contains("llama3_1-8b");
        assertThat(h.get("goodput").definition()).contains("default SLO").contains("set --slo to choose");
        assertThat(cli.out()).contains("goodput against the default SLO").contains("set --slo to choose");

        // CUDA graphs: an unsaturated load decodes on captured graphs, none recompiles, capture takes seconds
        assertThat(figure(h.get("recompileRatio"), "hit")).isEqualTo(1.0);
        assertThat(figure(h.get("recompileRatio"), "recompile")).isZero();
        assertThat(figure(h.get("compileTime"), "engine")).isBetween(5_000.0, 12_000.0);
        assertThat(cli.out()).contains("engine compilation").contains("cuda-graphs: hit rate 100.0 %");

        // no GPU, no server scrape: the simulator's figures, labelled so in the page and on the console
        assertThat(figure(h.get("energyPerToken"), "simulator")).isPositive();
        assertThat(figure(h.get("memoryPeak"), "simulator")).isGreaterThan(16e9);
        assertThat(h.get("energyPerToken").figures().get(0).pointer()).isEqualTo("/engineSnapshot/energy/joulesPerOutputToken");
        assertThat(cli.out()).containsPattern("engine figures +KV-cache hit rate [0-9.]+ % \\(simulator\\), memory peak [0-9.]+ GB "
                + "\\(simulator\\), KV fragmentation [0-9.]+ \\(simulator\\), [0-9.]+ J/token \\(simulator\\)");
    }

    @Test
    void anSloTheUserSetsIsNotCalledADefault(@TempDir Path tmp) throws Exception {
        CliHarness cli = new CliHarness();
        Report r = run(cli, tmp, "--slo", "ttft=1s");
        assertThat(r.config().slo()).isEqualTo("ttft=1s");
        assertThat(r.config().defaultSlo()).isFalse();
        assertThat(cli.out()).contains("met ttft=1s").doesNotContain("default SLO");
    }

    @Test
    void enforceEagerServesNoStepFromGraphs(@TempDir Path tmp) throws Exception {
        CliHarness cli = new CliHarness();
        Report r = run(cli, tmp, "--backend-option", "enforce-eager=true");
        Map<String, Headline> h = headline(r);
        assertThat(figure(h.get("recompileRatio"), "hit")).isZero();
        assertThat(h.get("recompileRatio").definition()).contains("eager execution");
    }

    @Test
    void aSeventyBillionModelGetsTheSeventyBillionLimits() {
        assertThat(DefaultSlo.forModel("llama-3-70b").slo().describe()).isEqualTo("ttft=2s,tpot=200ms");
        assertThat(DefaultSlo.forModel("meta-llama/Llama-3.1-405B-Instruct").slo().describe()).isEqualTo("ttft=6s,tpot=175ms");
        assertThat(DefaultSlo.forModel("llama-3-8b").slo().describe()).isEqualTo("ttft=2s,tpot=100ms");
    }
}
