package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Backend options come from the provider's declarations: unknown keys and bad values are usage
 * errors (exit 2) naming the flag and the nearest key, {@code backends --describe} lists them, and an
 * option declared secret never appears. Anything else that goes wrong is an internal error (exit 1).
 */
class BackendOptionsCliTest {
    @TempDir
    Path tmp;

    @Test
    void aMisspeltBackendOptionExits2NamingTheNearestKey() {
        CliHarness cli = new CliHarness();
        Path out = tmp.resolve("o");
        assertThat(cli.run("run", "--backend", "vllm", "--backend-option", "read-timout=30s", "--output-dir", out.toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("benchsuite run: --backend-option: unknown option 'read-timout' for backend 'vllm'; "
                + "did you mean read-timeout?").contains("Try 'benchsuite run --help'").doesNotContain("internal error");
        assertThat(out).doesNotExist();
    }

    @Test
    void aValueOfTheWrongTypeExits2NamingKeyAndExpectation() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend-option", "jitter=lots", "--output-dir", tmp.resolve("o").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--backend-option: backend config key 'jitter' of backend 'sim': expected a finite "
                + "number, got 'lots'");
        CliHarness engine = new CliHarness();
        assertThat(engine.run("run", "--backend-option", "engine=triton", "--output-dir", tmp.resolve("o").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(engine.err()).contains("expected one of vllm, sglang, tgi, tensorrt-llm, llama.cpp, transformers, got 'triton'");
    }

    @Test
    void aFlagTheBackendHasNoOptionForIsRejectedNamingTheFlag() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "sim", "--url", "http://127.0.0.1:8000", "--output-dir",
                tmp.resolve("o").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--url: unknown option 'url' for backend 'sim'; known options: model, device,");
        CliHarness tgi = new CliHarness();
        assertThat(tgi.run("run", "--backend", "tgi-native", "--endpoint", "completions", "--output-dir",
                tmp.resolve("o").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(tgi.err()).contains("--endpoint: unknown option 'endpoint' for backend 'tgi-native'");
    }

    @Test
    void aValueOnlyTheBackendCanJudgeIsStillAConfigurationError() {
        CliHarness cli = new CliHarness();
        Path out = tmp.resolve("o");
        assertThat(cli.run("run", "--model", "gpt-17", "--duration", "1s", "--no-progress", "--output-dir", out.toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("backend 'sim': backend config key 'model': unknown model 'gpt-17'")
                .doesNotContain("internal error");
    }

    @Test
    void anythingElseIsAnInternalErrorExit1NeverBadUsage() {
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "fake", "--backend-option", "fail-create=true", "--duration", "1s",
                "--no-progress", "--output-dir", tmp.resolve("o").toString());
        assertThat(code).isEqualTo(ExitCodes.FAILURE);
        assertThat(cli.err()).contains("benchsuite run: internal error: java.lang.IllegalStateException: scripted failure in create")
                .doesNotContain("--help").doesNotContain("\tat ");
    }

    @Test
    void theDeviceLabelDefaultsToTheBackendsDeclaredDefault() {
        CliHarness cli = new CliHarness();
        assertThat(cli.plan().labels()).containsEntry("device", "a100-80gb");
        assertThat(cli.plan("--backend", "vllm").labels()).doesNotContainKey("device");
        assertThat(cli.plan("--backend", "vllm", "--device", "h100").labels()).containsEntry("device", "h100");
    }

    @Test
    void anOptionDeclaredSecretNeverAppearsInOutputOrReports() throws IOException {
        CliHarness cli = new CliHarness();
        Path out = tmp.resolve("secret");
        int code = cli.run("run", "--backend", "fake", "--backend-option", "org-id=org-7f3a9c55", "--num-requests", "2",
                "--max-concurrent", "1", "--output-length", "2", "--no-progress", "--output-dir", out.toString());
        assertThat(code).as(cli.err()).isZero();
        String report = Files.readString(out.resolve("report.json"));
        assertThat(report).contains("\"org-id\" : \"***\"");
        for (String t : new String[] {cli.out(), cli.err(), report, Files.readString(out.resolve("report.html")),
            Files.readString(out.resolve("requests.jsonl"))}) {
            assertThat(t).doesNotContain("org-7f3a9c55");
        }
    }

    @Test
    void describeListsTheOptionsOfOneBackendAsATable() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("backends", "--describe", "vllm")).isZero();
        assertThat(cli.out()).startsWith("vllm: vLLM OpenAI-compatible server")
                .containsPattern("OPTION\\s+TYPE\\s+DEFAULT\\s+SECRET\\s+DESCRIPTION")
                .containsPattern("\\nread-timeout\\s+duration\\s+60s\\s+no\\s+longest silence")
                .containsPattern("\\nendpoint\\s+chat\\|completions\\|embeddings\\|rerank\\|score\\|transcriptions\\s+chat\\s+no\\s")
                .containsPattern("\\nurl\\s+url\\s+http://localhost:8000\\s")
                .containsPattern("\\nheader\\.<name>\\s+string\\s+-\\s+no\\s")
                .contains("Also accepted, as by every backend").contains("device, quantization, seed");
        CliHarness fake = new CliHarness();
        assertThat(fake.run("backends", "--describe", "FAKE")).isZero();
        assertThat(fake.out()).containsPattern("\\norg-id\\s+string\\s+-\\s+yes\\s");
        CliHarness sim = new CliHarness();
        assertThat(sim.run("backends", "--describe", "sim")).isZero();
        assertThat(sim.out()).containsPattern("\\ndevice\\s+string\\s+a100-80gb\\s+no\\s+device profile: a100-40gb, a100-80gb, a100-80gb-pcie, a10g, h100")
                .containsPattern("\\nengine\\s+vllm\\|sglang\\|tgi\\|tensorrt-llm\\|llama\\.cpp\\|transformers\\s+vllm\\s");
        CliHarness unknown = new CliHarness();
        assertThat(unknown.run("backends", "--describe", "nosuch")).isEqualTo(ExitCodes.USAGE);
        assertThat(unknown.err()).contains("--describe: unknown backend 'nosuch'; known backends: ").contains("vllm");
    }

    @Test
    void urlAndHeaderFlagsAreCheckedByTheirConverters() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "vllm", "--url", "http://alice:pw-hunter22@[broken")).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("benchsuite run: --url: not a valid URL").doesNotContain("hunter22");
        CliHarness dcgm = new CliHarness();
        assertThat(dcgm.run("run", "--dcgm-url", "localhost:9400")).isEqualTo(ExitCodes.USAGE);
        assertThat(dcgm.err()).contains("--dcgm-url: expected an http:// or https:// URL, got 'localhost:9400'");
        CliHarness metrics = new CliHarness();
        assertThat(metrics.run("run", "--backend", "fake", "--num-requests", "1", "--server-metrics-url", "ftp://x"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(metrics.err()).contains("--server-metrics-url: expected an http:// or https:// URL, got 'ftp://x'");
        CliHarness header = new CliHarness();
        assertThat(header.run("run", "--backend", "vllm", "--header", "X Org=secret-value-1")).isEqualTo(ExitCodes.USAGE);
        assertThat(header.err()).contains("--header: 'X Org' is not a valid header name").doesNotContain("secret-value-1");
    }
}
