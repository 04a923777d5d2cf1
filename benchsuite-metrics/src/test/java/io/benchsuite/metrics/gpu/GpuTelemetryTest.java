package io.benchsuite.metrics.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.metrics.TestBackendAccess;
import io.benchsuite.metrics.server.PrometheusText;
import io.benchsuite.metrics.testing.SectionJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GpuTelemetryTest {

    @Test
    void nvidiaSmiOutputIsAggregatedOverGpus() throws Exception {
        GpuReading r = NvidiaSmi.parse("90, 40000, 300.5\n30, 1000, [N/A]\n");
        assertThat(r.gpus()).isEqualTo(2);
        assertThat(r.utilPct()).isEqualTo(60.0);
        assertThat(r.memoryUsedBytes()).isEqualTo(41000.0 * 1024 * 1024);
        assertThat(r.powerW()).isEqualTo(300.5);
        assertThatThrownBy(() -> NvidiaSmi.parse("")).hasMessageContaining("no GPU");
        assertThatThrownBy(() -> NvidiaSmi.parse("NVIDIA-SMI has failed")).hasMessageContaining("unexpected nvidia-smi output");
    }

    @Test
    void samplesIntegrateEnergyAndFillTheSection() {
        long[] now = {0};
        AtomicInteger calls = new AtomicInteger();
        List<List<String>> commands = new CopyOnWriteArrayList<>();
        NvidiaSmi smi = new NvidiaSmi("nvidia-smi", (cmd, timeout) -> {
            commands.add(cmd);
            return calls.getAndIncrement() == 0 ? "50, 1024, 100\n" : "100, 2048, 300\n";
        }, Duration.ofSeconds(1));
        GpuTelemetry g = GpuTelemetry.of(smi, Duration.ofSeconds(1), () -> now[0]);
        g.sample();
        now[0] = 2_000_000_000L;
        g.sample();
        assertThat(commands.get(0)).containsExactly("nvidia-smi", "--query-gpu=utilization.gpu,memory.used,power.draw",
                "--format=csv,noheader,nounits");
        assertThat(g.utilPct()).isEqualTo(100);
        assertThat(g.powerW()).isEqualTo(300);
        JsonNode j = SectionJson.of(g.reportSections().get(0));
        assertThat(j.get("source").asText()).isEqualTo("nvidia-smi");
        assertThat(j.get("available").asBoolean()).isTrue();
        assertThat(j.get("reason").isNull()).isTrue();
        assertThat(j.at("/utilPct/mean").asDouble()).isEqualTo(75);
        assertThat(j.at("/utilPct/peak").asDouble()).isEqualTo(100);
        assertThat(j.at("/memoryUsedBytes/peak").asLong()).isEqualTo(2048L * 1024 * 1024);
        assertThat(j.at("/powerW/mean").asDouble()).isEqualTo(200);
        assertThat(j.get("energyJoules").asDouble()).isCloseTo(400, within(1e-9)); // (100 + 300) / 2 W × 2 s
    }

    @Test
    void dcgmExporterCapture() throws Exception {
        String text = new String(GpuTelemetryTest.class.getResourceAsStream("/server-metrics/dcgm.txt").readAllBytes(),
                StandardCharsets.UTF_8);
        GpuReading r = DcgmExporter.parse(PrometheusText.parse(text));
        assertThat(r.gpus()).isEqualTo(2);
        assertThat(r.utilPct()).isEqualTo(60);
        assertThat(r.memoryUsedBytes()).isEqualTo(80000.0 * 1024 * 1024);
        assertThat(r.powerW()).isCloseTo(700.75, within(1e-9));
        assertThatThrownBy(() -> DcgmExporter.parse(PrometheusText.parse("up 1\n"))).isInstanceOf(IOException.class);
    }

    @Test
    void withoutASourceTheSectionSaysWhyAndEveryFigureIsNull() {
        GpuTelemetry g = GpuTelemetry.unavailable("nvidia-smi not found on PATH and no DCGM exporter URL given");
        JsonNode j = SectionJson.of(TestBackendAccess.closedLoop("no-gpu", 2, g).result().sections().get("gpu"));
        assertThat(j.get("source").isNull()).isTrue();
        assertThat(j.get("available").asBoolean()).isFalse();
        assertThat(j.get("reason").asText()).contains("nvidia-smi not found");
        assertThat(j.at("/utilPct/mean").isNull()).isTrue();
        assertThat(j.at("/memoryUsedBytes/peak").isNull()).isTrue();
        assertThat(j.at("/powerW/peak").isNull()).isTrue();
        assertThat(j.get("energyJoules").isNull()).isTrue();
        assertThat(g.utilPct()).isNaN();
    }

    @Test
    void aFailingSourceIsUnavailableWithItsErrorAndTheThreadStops() {
        GpuSource broken = new GpuSource() {
            @Override
            public String name() {
                return "nvidia-smi";
            }

            @Override
            public GpuReading read() throws IOException {
                throw new IOException("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver");
            }
        };
        GpuTelemetry g = GpuTelemetry.of(broken, Duration.ofMillis(50));
        TestBackendAccess.Run run = TestBackendAccess.closedLoop("broken-gpu", 2, g);
        JsonNode j = SectionJson.of(run.result().sections().get("gpu"));
        assertThat(j.get("available").asBoolean()).isFalse();
        assertThat(j.get("reason").asText()).contains("couldn't communicate");
        assertThat(run.benchsuiteThreads()).isEmpty();
    }
}
