package io.benchsuite.core.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunListener;
import io.benchsuite.core.RunResult;
import io.benchsuite.core.report.Json;
import io.benchsuite.testkit.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
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
                        public Map<String, JsonNode> reportSections() {
                            return Map.of("server", server(), "host", host(), "gpu", gpu());
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

    static ObjectNode server() {
        ObjectNode s = Json.MAPPER.createObjectNode();
        s.put("source", "vllm");
        s.put("url", "http://127.0.0.1:8000/metrics");
        s.putObject("kvCacheUsage").put("mean", 0.42).put("max", 0.73);
        s.put("prefixCacheHitRate", 0.6125);
        s.putObject("running").put("mean", 3.5).put("max", 8);
        s.putObject("waiting").put("mean", 0.5).put("max", 2);
        s.put("preemptions", 0);
        s.putObject("ttft").put("mean", 5.1).put("p50", 5.0).put("p90", 6.2).put("p99", 7.9);
        s.putObject("itl").putNull("mean").putNull("p50").putNull("p90").putNull("p99");
        ArrayNode ts = s.putArray("timeSeries");
        for (int i = 0; i < 4; i++) {
            ts.addObject().put("second", i).put("kvCacheUsage", 0.2 + 0.15 * i).put("running", 2 + i).put("waiting", i % 2);
        }
        return s;
    }

    static ObjectNode host() {
        ObjectNode h = Json.MAPPER.createObjectNode();
        h.putObject("cpu").put("processMeanPct", 35.5).put("processPeakPct", 88.25).put("systemMeanPct", 40.0).put("systemPeakPct", 91.0);
        h.putObject("memory").put("rssPeakBytes", 1_610_612_736L).put("heapPeakBytes", 536_870_912L).put("fragmentationRatio", 0.125);
        h.putObject("pageFaults").put("minorPerSecond", 120.0).put("majorPerSecond", 0.0);
        h.putNull("ioWaitPct");
        h.putObject("tcp").put("retransmits", 0).putObject("connectMs").put("mean", 0.2).put("p99", 0.9);
        h.putObject("gc").put("pauseMs", 12.5).put("count", 3);
        h.putObject("jit").put("compileMs", 845.0);
        h.putObject("energy").put("joules", 1234.5).put("joulesPerOutputToken", 0.0321).put("source", "rapl");
        ArrayNode ts = h.putArray("timeSeries");
        for (int i = 0; i < 4; i++) ts.addObject().put("second", i).put("processCpuPct", 30 + i).put("rssBytes", 1_000_000_000L + i);
        return h;
    }

    static ObjectNode gpu() {
        ObjectNode g = Json.MAPPER.createObjectNode();
        g.put("source", "nvidia-smi");
        g.putObject("utilPct").put("mean", 71.0).put("peak", 99.0);
        g.putObject("memoryUsedBytes").put("peak", 80_530_636_800L);
        g.putObject("powerW").put("mean", 420.0).put("peak", 650.0);
        g.put("energyJoules", 1300.0);
        return g;
    }
}
