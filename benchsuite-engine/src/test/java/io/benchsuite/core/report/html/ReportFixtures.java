package io.benchsuite.core.report.html;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.model.GpuSection;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Real runs against the scripted backend, written to an output directory, for the report tests. */
final class ReportFixtures {
    /** Text that must come out escaped wherever the report shows it. */
    static final String HOSTILE = "<script>alert('x')</script>";

    private ReportFixtures() {}

    /**
     * An open-loop run of about 3 s at 30 req/s (plus warm-up) where every 25th request fails with a
     * message holding {@link #HOSTILE}, with server, host and GPU sections.
     */
    static RunResult telemetryRun(Path dir) {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(6), Duration.ofMillis(2),
                index -> index % 25 == 24 ? BackendError.of(ErrorKind.HTTP_5XX, "HTTP 503 " + HOSTILE) : null, 4)) {
            return Benchmark.named("html-" + HOSTILE).backend(backend).seed(SeedChain.fromLong(42)).model("m")
                    .workload(Workload.open().rate(RateProfile.steady(30)).duration(Duration.ofSeconds(3))
                            .warmup(Duration.ofMillis(300)).inputTokens(LengthDistribution.fixed(32))
                            .outputTokens(LengthDistribution.fixed(8)).build())
                    .slo(Slo.parse("ttft=50ms,e2e=500ms")).outputDir(dir).label("device", "H200 " + HOSTILE).label("quantization", "fp8")
                    .listener(new RunListener() {
                        @Override
                        public List<ReportSection> reportSections() {
                            return List.of(server(), host(), gpu());
                        }
                    }).run();
        }
    }

    /** A closed-loop run in which every request fails. */
    static RunResult zeroSuccessRun(Path dir) {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(2), Duration.ofMillis(1),
                index -> BackendError.of(ErrorKind.CONNECTION_REFUSED, "connection refused " + HOSTILE), 2)) {
            return Benchmark.named("all-fail").backend(backend).seed(SeedChain.fromLong(3)).model("m")
                    .workload(Workload.closed(2).maxRequests(10).inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(4)).build())
                    .outputDir(dir).run();
        }
    }

    static ServerSection server() {
        List<ServerSection.Second> ts = new ArrayList<>();
        for (int i = 0; i < 4; i++) ts.add(new ServerSection.Second(i, 0.2 + 0.15 * i, 2 + i, i % 2));
        return new ServerSection("vllm", "http://127.0.0.1:8000/metrics", 4, 0, new ServerSection.MeanMax(0.42, 0.73), 0.6125,
                new ServerSection.MeanMax(3.5, 8), new ServerSection.MeanMax(0.5, 2), 0,
                new ServerSection.Quantiles(5.1, 5.0, 6.2, 7.9),
                new ServerSection.Quantiles(Double.NaN, Double.NaN, Double.NaN, Double.NaN), ts);
    }

    static HostSection host() {
        List<HostSection.Second> ts = new ArrayList<>();
        for (int i = 0; i < 4; i++) ts.add(new HostSection.Second(i, 30 + i, 1_000_000_000L + i));
        return new HostSection(new HostSection.Cpu(35.5, 88.25, 40.0, 91.0),
                new HostSection.Memory(1_610_612_736L, 536_870_912L, 0.125), new HostSection.PageFaults(120.0, 0.0),
                Double.NaN, new HostSection.Tcp(0L, new HostSection.ConnectTimes(3, 0.2, 0.15, 0.9, 0.9)),
                new HostSection.Gc(12, 3), new HostSection.Jit(845L), new HostSection.Energy(1234.5, 0.0321, "rapl"), ts,
                Map.of("ioWaitPct", "fewer than two samples"));
    }

    static GpuSection gpu() {
        return new GpuSection("nvidia-smi", true, null, new GpuSection.MeanPeak(71.0, 99.0),
                new GpuSection.MemoryPeak(80_530_636_800L), new GpuSection.MeanPeak(420.0, 650.0), 1300.0);
    }
}
