package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.DecompositionSection;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.Report;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the simulator the inputs of both memory indices exist: NMI from the bytes the engine moves, SLE from its reads per
 * KV block (the block is the line). Both are computed; only Q, whose weights the seed does not give, stays absent.
 */
class MemoryIndicesCliTest {

    @Test
    void theSimulatorsRunHasNmiAndSle(@TempDir Path out) throws Exception {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend-option", "clock=virtual", "--duration", "5s", "--seed", "7", "--no-progress",
                "--output-dir", out.toString())).as(cli.err()).isZero();
        Report r = ReportJson.read(out);
        EngineSnapshotSection.MemoryTraffic e = r.section(EngineSnapshotSection.class).orElseThrow().memoryTraffic();
        // an A100 80GB holding Llama-3-8B: (80 GB x 0.9 - 16.06 GB) / (128 KiB per token x 16 tokens) blocks
        assertThat(e.kvBlocks()).isGreaterThan(20_000);
        assertThat(e.kvReadEntropyBits()).isGreaterThan(0).isLessThanOrEqualTo(Math.log(e.kvBlocks()) / Math.log(2));
        Map<String, DecompositionSection.Index> indices = new HashMap<>();
        for (DecompositionSection.Index i : r.section(DecompositionSection.class).orElseThrow().indices()) indices.put(i.name(), i);
        assertThat(indices.get("NMI").absent()).isNull();
        assertThat(indices.get("NMI").value()).isGreaterThan(0).isLessThanOrEqualTo(1);
        assertThat(indices.get("SLE").absent()).isNull();
        assertThat(indices.get("SLE").value()).isCloseTo(e.kvReadEntropyBits(), within(1e-6));
        assertThat(indices.get("SLE/log2 N").absent()).isNull();
        assertThat(indices.get("SLE/log2 N").value())
                .isCloseTo(e.kvReadEntropyBits() / (Math.log(e.kvBlocks()) / Math.log(2)), within(1e-6)).isBetween(0.0, 1.0);
        assertThat(indices.get("Q").absent()).contains("needs weights alpha and beta");
    }
}
