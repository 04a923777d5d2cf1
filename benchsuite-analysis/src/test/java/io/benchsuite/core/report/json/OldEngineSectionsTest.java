package io.benchsuite.core.report.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.FigureResolver;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.SourcedFigure;
import io.benchsuite.core.testing.JsonTrees;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report written before the engineSnapshot section (a simulator run with an {@code engine} and a {@code device} block,
 * test resource {@code sim-closed-loop-report.json}) reads into the one section, and the headline figures resolve
 * from it with their source.
 */
class OldEngineSectionsTest {
    private static Path oldReport(Path dir) throws Exception {
        Path json = dir.resolve("report.json");
        try (InputStream in = OldEngineSectionsTest.class.getResourceAsStream("/io/benchsuite/core/report/html/sim-closed-loop-report.json")) {
            Files.copy(in, json);
        }
        return json;
    }

    @Test
    void theEngineAndDeviceBlocksReadIntoOneSection(@TempDir Path dir) throws Exception {
        Report r = ReportJson.read(oldReport(dir));
        assertThat(r.sections()).doesNotContainKeys("engine", "device").containsKey(EngineSnapshotSection.KEY);
        EngineSnapshotSection s = r.section(EngineSnapshotSection.class).orElseThrow();
        assertThat(s.source()).isEqualTo("sim");
        assertThat(s.origin()).isEqualTo("simulator");
        assertThat(s.device()).isEqualTo("a100-80gb");
        // from the engine block: the run's window
        assertThat(s.stages().requests()).isEqualTo(96);
        assertThat(s.stages().queueMs()).isEqualTo(19.39434);
        assertThat(s.stages().known()).isTrue();
        assertThat(s.prefixCache().hitRate()).isEqualTo(0.0);
        assertThat(s.energy().joules()).isEqualTo(6251.590253);
        assertThat(s.energy().joulesPerOutputToken()).isEqualTo(0.508756);
        assertThat(s.elapsedSeconds()).isEqualTo(22.75374);
        assertThat(s.busyShare()).isEqualTo(0.862443);
        assertThat(s.memoryTraffic().kvReadEntropyBits()).isEqualTo(11.074411);
        assertThat(s.memoryTraffic().kvBlocks()).isEqualTo(26674.0);
        // from the device block: what only it had
        assertThat(s.weightBytes()).isEqualTo(16.06e9);
        assertThat(s.reservedBytes()).isEqualTo(71999432448.0);
        assertThat(s.kvCacheFragmentation()).isEqualTo(new EngineSnapshotSection.Fragmentation(0.079752, 0.039312, 0.079752));
        assertThat(s.prefixCache().queryTokens()).isEqualTo(24576);
        assertThat(s.energy().peakPowerW()).isEqualTo(388.957289);
        assertThat(s.meanUtilisation()).isEqualTo(0.609337);
        assertThat(s.compilation().mode()).isEqualTo("cuda-graphs");
        assertThat(s.compilation().compileMs()).isEqualTo(9060.814579);
        assertThat(s.timeSeries()).hasSize(23);
        assertThat(s.timeSeries().get(0)).isEqualTo(new EngineSnapshotSection.Second(0, 16.06e9));

        // the GPU sampler found no GPU, so energy and memory come from the simulator; no server scrape, so the hit rate too
        assertThat(FigureResolver.energyPerToken(r)).isEqualTo(
                new SourcedFigure(0.508756, "simulator", "/engineSnapshot/energy/joulesPerOutputToken"));
        assertThat(FigureResolver.memoryPeak(r)).isEqualTo(new SourcedFigure(16517089024.0, "simulator", "/engineSnapshot/peakMemoryBytes"));
        assertThat(FigureResolver.kvCacheHitRate(r).source()).isEqualTo("simulator");
        assertThat(FigureResolver.kvFragmentation(r).value()).isEqualTo(0.039312);
    }

    @Test
    void writtenBackItHasTheOneSection(@TempDir Path dir) throws Exception {
        JsonNode back = JsonTrees.parse(ReportJson.toJson(ReportJson.read(oldReport(dir))));
        assertThat(back.has("engine")).isFalse();
        assertThat(back.has("device")).isFalse();
        assertThat(back.at("/engineSnapshot/energy/joulesPerOutputToken").asDouble()).isEqualTo(0.508756);
        assertThat(back.at("/engineSnapshot/stages/queueMs").asDouble()).isEqualTo(19.39434);
        assertThat(ReportJson.read(Files.writeString(dir.resolve("again.json"), back.toString())).section(EngineSnapshotSection.class)
                .orElseThrow().memoryTraffic().kvBlocks()).isEqualTo(26674.0);
    }

    @Test
    void aDeviceBlockAloneReadsToo() {
        JsonNode device = JsonTrees.parse("{\"source\":\"sim\",\"device\":\"h100\",\"devices\":2,\"memoryCapacityBytes\":160e9,"
                + "\"peakMemoryBytes\":40e9,\"energy\":{\"joules\":10,\"joulesPerOutputToken\":0.25,\"outputTokens\":40}}");
        EngineSnapshotSection s = OldEngineSections.read(MissingNode.getInstance(), device);
        assertThat(s.devices()).isEqualTo(2);
        assertThat(s.peakMemoryShare()).as("computed where the block has none").isEqualTo(0.25);
        assertThat(s.energy().joulesPerOutputToken()).isEqualTo(0.25);
        assertThat(s.energy().outputTokens()).isEqualTo(40);
        assertThat(s.stages().known()).isFalse();
        assertThat(s.memoryTraffic().kvReadEntropyBits()).isNaN();
        assertThat(s.compilation()).isEqualTo(EngineSnapshotSection.Compilation.UNKNOWN);
    }

    @Test
    void anEngineBlockOfAnotherBackendIsAnEnginesOwnFigures() {
        JsonNode engine = JsonTrees.parse("{\"source\":\"llama.cpp\",\"device\":\"cpu\",\"requests\":3,\"energyPerOutputToken\":null}");
        EngineSnapshotSection s = OldEngineSections.read(engine, MissingNode.getInstance());
        assertThat(s.origin()).isEqualTo("engine");
        assertThat(s.energy().joulesPerOutputToken()).as("null: not known").isNaN();
        assertThat(s.stages().requests()).isEqualTo(3);
    }
}
