package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.spec.RunSpec;
import io.benchsuite.core.workload.ContextLimit;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Flags become the typed Workload, BackendConfig and run options the engine gets. */
class RunPlanTest {
    private final CliHarness cli = new CliHarness(Map.of("MY_KEY_VAR", "sk-not-used-here"));

    @Test
    void defaultsAreAClosedLoopOf8UsersFor20sOnTheSimulator() {
        RunPlan p = cli.plan();
        assertThat(p.backend()).isEqualTo("sim");
        assertThat(p.name()).isEqualTo("default");
        assertThat(p.workload().load()).isInstanceOf(LoadModel.ClosedLoop.class);
        LoadModel.ClosedLoop closed = (LoadModel.ClosedLoop) p.workload().load();
        assertThat(closed.users()).isEqualTo(RateProfile.steady(8));
        assertThat(p.workload().duration()).isEqualTo(Duration.ofSeconds(20));
        assertThat(p.workload().maxRequests()).isZero();
        assertThat(p.workload().inputTokens()).isEqualTo(LengthDistribution.fixed(256));
        assertThat(p.workload().outputTokens()).isEqualTo(LengthDistribution.fixed(128));
        assertThat(p.workload().warmup()).isZero();
        assertThat(p.workload().stream()).isTrue();
        assertThat(p.backendConfig().asMap()).containsEntry("model", "llama-3-8b")
                .containsEntry("device", "a100-80gb").containsEntry("quantization", "none")
                .doesNotContainKeys("url", "api-key-env", "insecure", "endpoint");
        assertThat(p.labels()).containsEntry("quantization", "none").containsEntry("device", "a100-80gb");
        assertThat(p.slo()).isEqualTo(Slo.none());
        assertThat(p.preflight()).isTrue();
        assertThat(p.drainTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(p.progressInterval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(p.outputDir().toString()).matches("reports[/\\\\]sim-llama-3-8b-\\d{8}-\\d{6}");
    }

    @Test
    void rateMakesAnOpenLoopCappedByMaxConcurrent() {
        RunPlan p = cli.plan("--rate", "12.5", "--arrival", "constant", "--max-concurrent", "16", "--duration", "300");
        LoadModel.OpenLoop open = (LoadModel.OpenLoop) p.workload().load();
        assertThat(open.rate()).isEqualTo(RateProfile.steady(12.5));
        assertThat(open.arrival()).isEqualTo(Arrival.constant());
        assertThat(open.maxConcurrency()).isEqualTo(16);
        assertThat(p.workload().duration()).isEqualTo(Duration.ofSeconds(300));
    }

    @Test
    void openLoopProfileAndGammaArrival() {
        RunPlan p = cli.plan("--rate", "4", "--arrival", "gamma:0.5", "--workload-profile", "ramp:1-20/60s",
                "--duration", "5m", "--warmup", "10s", "--cooldown", "5s");
        LoadModel.OpenLoop open = (LoadModel.OpenLoop) p.workload().load();
        assertThat(open.arrival()).isEqualTo(Arrival.gamma(0.5));
        assertThat(open.rate()).isEqualTo(RateProfile.ramp(1, 20, Duration.ofSeconds(60)));
        assertThat(open.maxConcurrency()).isEqualTo(8);
        assertThat(p.workload().duration()).isEqualTo(Duration.ofMinutes(5));
        assertThat(p.workload().warmup()).isEqualTo(Duration.ofSeconds(10));
        assertThat(p.workload().cooldown()).isEqualTo(Duration.ofSeconds(5));
        assertThat(cli.plan("--rate", "4", "--workload-profile", "steady").workload().load())
                .isEqualTo(new LoadModel.OpenLoop(Arrival.poisson(), RateProfile.steady(4), 8));
    }

    @Test
    void closedLoopProfileIsUsersAndStepsEndByThemselves() {
        RunPlan p = cli.plan("--max-concurrent", "4", "--workload-profile", "steps:1/2s,4/2s,8/2s");
        LoadModel.ClosedLoop closed = (LoadModel.ClosedLoop) p.workload().load();
        assertThat(closed.users()).isEqualTo(RateProfile.parse("steps:1/2s,4/2s,8/2s", 4));
        assertThat(p.workload().duration()).isNull();
        assertThat(p.workload().length()).contains(Duration.ofSeconds(6));
        assertThat(((LoadModel.ClosedLoop) cli.plan("--max-concurrent", "3", "--workload-profile", "steady")
                .workload().load()).users()).isEqualTo(RateProfile.steady(3));
    }

    @Test
    void numRequestsAloneBoundsTheRunAndWithDurationBothApply() {
        RunPlan only = cli.plan("--num-requests", "100");
        assertThat(only.workload().duration()).isNull();
        assertThat(only.workload().maxRequests()).isEqualTo(100);
        RunPlan both = cli.plan("--num-requests", "100", "--duration", "1m");
        assertThat(both.workload().duration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(both.workload().maxRequests()).isEqualTo(100);
    }

    @Test
    void lengthsSeedSloNameAndStreaming() {
        RunPlan p = cli.plan("--input-length", "uniform:100-500", "--output-length", "lognormal:200,0.5,16-1024",
                "--seed", "42", "--slo", "ttft=200ms,tpot=50ms,e2e=5s", "--name", "chat", "--no-stream",
                "--skip-preflight", "--drain-timeout", "10s", "--output-dir", "out/x");
        assertThat(p.workload().inputTokens()).isEqualTo(LengthDistribution.uniform(100, 500));
        assertThat(p.workload().outputTokens()).isEqualTo(LengthDistribution.parse("lognormal:200,0.5,16-1024"));
        assertThat(p.seed()).isEqualTo(SeedChain.fromLong(42));
        assertThat(p.slo()).isEqualTo(new Slo(Duration.ofMillis(200), Duration.ofMillis(50), Duration.ofSeconds(5)));
        assertThat(p.name()).isEqualTo("chat");
        assertThat(p.workload().name()).isEqualTo("chat");
        assertThat(p.workload().stream()).isFalse();
        assertThat(p.preflight()).isFalse();
        assertThat(p.drainTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(p.outputDir()).isEqualTo(Path.of("out/x"));
    }

    @Test
    void httpFlagsBecomeBackendConfigKeys() {
        RunPlan p = cli.plan("--backend", "vllm", "--url", "https://host:8000", "--model", "meta-llama/Llama-3-8B",
                "--endpoint", "completions", "--api-key-env", "MY_KEY_VAR", "--insecure",
                "--header", "X-Tenant=blue", "--header", "Authorization=Bearer abc",
                "--backend-option", "read-timeout=60s", "--backend-option", "include-usage=false", "--quantization", "AWQ");
        BackendConfig c = p.backendConfig();
        assertThat(c.asMap()).containsEntry("url", "https://host:8000").containsEntry("model", "meta-llama/Llama-3-8B")
                .containsEntry("endpoint", "completions").containsEntry("api-key-env", "MY_KEY_VAR")
                .containsEntry("insecure", "true").containsEntry("header.X-Tenant", "blue")
                .containsEntry("header.Authorization", "secret:command-line").containsEntry("read-timeout", "60s")
                .containsEntry("include-usage", "false").containsEntry("quantization", "awq")
                .doesNotContainKey("device"); // the device default is the simulator's
        // a secret header is held as a secret given on the command line: its reference in every map, its value for the transport
        assertThat(c.secret("header.Authorization").orElseThrow().resolve(v -> null)).isEqualTo("Bearer abc");
        assertThat(c.redacted()).containsEntry("header.Authorization", "secret:command-line");
        assertThat(c.toString()).doesNotContain("sk-not-used-here").doesNotContain("Bearer abc");
        assertThat(p.outputDir().getFileName().toString()).startsWith("vllm-meta-llama_Llama-3-8B-");
        assertThat(cli.plan("--backend", "vllm", "--device", "h100").backendConfig().asMap()).containsEntry("device", "h100");
        assertThat(cli.plan("--backend", "vllm", "--transport", "HttpClient").backendConfig().asMap())
                .containsEntry("transport", "httpclient");
        assertThat(c.asMap()).doesNotContainKey("transport"); // the backend's default (netty) applies
    }

    @Test
    void durationsAcceptBareSecondsAndUnits() {
        assertThat(cli.plan("--duration", "300").workload().duration()).isEqualTo(Duration.ofSeconds(300));
        assertThat(cli.plan("--duration", "5m").workload().duration()).isEqualTo(Duration.ofMinutes(5));
        assertThat(cli.plan("--duration", "1500ms").workload().duration()).isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void modelNamesAreSanitizedForDirectories() {
        assertThat(RunCommand.sanitize("meta-llama/Llama-3-8B")).isEqualTo("meta-llama_Llama-3-8B");
        assertThat(RunCommand.sanitize("../../etc")).isEqualTo("etc");
        assertThat(RunCommand.sanitize("a b:c")).isEqualTo("a_b_c");
    }

    @Test
    void everyRunSettingOnTheCommandLineLandsInTheTypedRunSpec() {
        RunSpec spec = cli.plan("--name", "nightly", "--max-error-rate", "20%", "--accuracy", "exact",
                "--client-stall-threshold", "9ms", "--overwrite", "--output-dir", "out", "--max-context", "4096",
                "--context-policy", "skip", "--slo", "ttft=1s", "--skip-preflight", "--drain-timeout", "3s", "--seed", "11",
                "--device", "h100-80gb", "--think-time", "5ms").spec();
        assertThat(spec.name()).isEqualTo("nightly");
        assertThat(spec.objectives().maxErrorRate()).isEqualTo(0.2);
        assertThat(spec.objectives().accuracy()).hasValueSatisfying(a -> assertThat(a.name()).isEqualTo("exact-match"));
        assertThat(spec.objectives().slo()).isEqualTo(Slo.parse("ttft=1s"));
        assertThat(spec.execution()).isEqualTo(new RunSpec.Execution(false, Duration.ofSeconds(3),
                Duration.ofMillis(9)));
        assertThat(spec.output()).isEqualTo(new RunSpec.Output(Optional.of(Path.of("out")), true));
        assertThat(spec.context().limit()).hasValue(new ContextLimit(4096));
        assertThat(spec.context().policy()).isEqualTo(ContextLimit.Policy.SKIP);
        assertThat(spec.seed()).hasValue(SeedChain.fromLong(11));
        assertThat(spec.labels()).containsEntry("device", "h100-80gb");
        assertThat(spec.sessions().thinkTime().toString()).contains("5");
        // the spec runs as it is: the library builder takes every setting from it
        assertThat(Benchmark.of(spec).spec()).isEqualTo(spec);
    }
}
