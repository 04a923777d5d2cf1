package io.benchsuite.core.report.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.core.report.html.Headline;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.testing.JsonTrees;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order for every figure several blocks can give: a server scrape or a GPU sampler before the engine's own
 * accounting, the engine before the host; the pick records its block. Reports are the simulator's run of
 * {@code sim-closed-loop-report.json} (12,288 output tokens, no GPU found, no server scrape) with blocks changed.
 */
class FigureResolverTest {
    @TempDir
    Path dir;

    private Report report(Consumer<ObjectNode> change) throws Exception {
        Path json = dir.resolve("report.json");
        try (InputStream in = getClass().getResourceAsStream("/io/benchsuite/core/report/html/sim-closed-loop-report.json")) {
            Files.copy(in, json);
        }
        ObjectNode tree = JsonTrees.read(json);
        change.accept(tree);
        Files.writeString(json, tree.toString());
        return ReportJson.read(json);
    }

    @Test
    void aGpuThatWasFoundComesBeforeTheSimulator() throws Exception {
        Report r = report(t -> {
            ObjectNode gpu = (ObjectNode) t.get("gpu");
            gpu.put("available", true).put("source", "nvidia-smi").put("energyJoules", 1228.8);
            ((ObjectNode) gpu.get("memoryUsedBytes")).put("peak", 30_000_000_000L);
        });
        SourcedFigure energy = FigureResolver.energyPerToken(r);
        assertThat(energy.value()).isCloseTo(0.1, Assertions.within(1e-12));
        assertThat(energy.source()).isEqualTo("gpu");
        assertThat(energy.pointer()).isEqualTo("/gpu/energyJoules");
        assertThat(FigureResolver.memoryPeak(r)).isEqualTo(new SourcedFigure(30e9, "gpu", "/gpu/memoryUsedBytes/peak"));
        // only the engine sees its allocator
        assertThat(FigureResolver.kvFragmentation(r).source()).isEqualTo("simulator");
        FigureSourcesSection s = r.withFigureSources().section(FigureSourcesSection.class).orElseThrow();
        assertThat(s.energyPerToken().source()).isEqualTo("gpu");
        assertThat(s.kvCacheHitRate().source()).isEqualTo("simulator");

        Headline row = Headline.of(r).stream().filter(h -> h.key().equals("energyPerToken")).findFirst().orElseThrow();
        assertThat(row.figures().get(0).label()).isEqualTo("gpu");
        assertThat(row.figures().get(0).value()).isEqualTo(0.1);
        assertThat(row.definition()).contains("the GPU sampler");
    }

    @Test
    void theServersHitRateComesBeforeTheEngines() throws Exception {
        Report r = report(t -> t.putObject("server").put("source", "vllm").put("scrapes", 3).put("prefixCacheHitRate", 0.42));
        assertThat(FigureResolver.kvCacheHitRate(r)).isEqualTo(new SourcedFigure(0.42, "server", "/server/prefixCacheHitRate"));
        Headline hit = Headline.of(r).stream().filter(h -> h.key().equals("kvCacheHitRate")).findFirst().orElseThrow();
        assertThat(hit.figures()).extracting(Headline.Figure::label).containsExactly("server");
    }

    @Test
    void withoutTheEngineTheHostIsLast() throws Exception {
        Report r = report(t -> {
            t.remove("engine");
            t.remove("device");
        });
        assertThat(FigureResolver.memoryPeak(r)).isEqualTo(new SourcedFigure(198041600, "host", "/host/memory/rssPeakBytes"));
        assertThat(FigureResolver.deviceMemoryPeak(r)).isEqualTo(SourcedFigure.ABSENT);
        assertThat(FigureResolver.energyPerToken(r)).as("no RAPL reading either").isEqualTo(SourcedFigure.ABSENT);
        assertThat(FigureResolver.kvFragmentation(r).known()).isFalse();
    }
}
