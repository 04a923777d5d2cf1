package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad flags exit 2 naming the flag, an unknown backend exits 2 listing names, an unusable backend exits 1. */
class RunErrorsTest {
    @TempDir
    Path tmp;

    static Stream<Arguments> badFlags() {
        return Stream.of(
                Arguments.of(new String[] {"--rate", "-1"}, "--rate: must be a finite number > 0, got -1"),
                Arguments.of(new String[] {"--accuracy", "vibes"}, "--accuracy: unknown accuracy scorer 'vibes'; known: "),
                Arguments.of(new String[] {"--accuracy", "numeric:tol=1"}, "--accuracy: numeric scorer option 'tol=1' must be"),
                Arguments.of(new String[] {"--rate=abc"}, "--rate: must be a finite number > 0, got abc"),
                Arguments.of(new String[] {"--rate", "Infinity"}, "--rate: must be a finite number > 0"),
                Arguments.of(new String[] {"--max-concurrent", "0"}, "--max-concurrent: must be a whole number > 0, got 0"),
                Arguments.of(new String[] {"--max-concurrent", "many"}, "--max-concurrent: must be a whole number > 0"),
                Arguments.of(new String[] {"--num-requests", "-5"}, "--num-requests: must be a whole number > 0"),
                Arguments.of(new String[] {"--duration", "5x"}, "--duration: unknown duration unit 'x'"),
                Arguments.of(new String[] {"--duration", "0"}, "--duration: must be > 0"),
                Arguments.of(new String[] {"--warmup", "-3s"}, "--warmup:"),
                Arguments.of(new String[] {"--rate", "2", "--arrival", "bursty"}, "--arrival: expected an arrival process"),
                Arguments.of(new String[] {"--arrival", "poisson"}, "--arrival: applies to open loop only; add --rate"),
                Arguments.of(new String[] {"--workload-profile", "ramp:x"}, "--workload-profile: bad workload profile 'ramp:x'"),
                Arguments.of(new String[] {"--workload-profile", "wave"}, "--workload-profile: unknown workload profile"),
                Arguments.of(new String[] {"--workload-profile", "burst:1,2"},
                        "--workload-profile: bad workload profile 'burst:1,2': expected 2 parts separated by '/' "
                                + "(base,peak,spike length / period), got 1 in '1,2'"),
                Arguments.of(new String[] {"--workload-profile", "burst:1,2/30s"},
                        "expected 3 parts separated by ',' (base, peak, spike length), got 2 in '1,2'"),
                Arguments.of(new String[] {"--workload-profile", "ramp:abc"},
                        "expected 2 parts separated by '/' (levels / duration), got 1 in 'abc'"),
                Arguments.of(new String[] {"--workload-profile", "ramp:a-4/10s"},
                        "'a' is not a number (the ramp's start level)"),
                Arguments.of(new String[] {"--workload-profile", "steps:1/30s,x/1m"}, "'x' is not a number (a step's level)"),
                Arguments.of(new String[] {"--input-length", "normal:512"}, "expected mean,stddev[,min-max], got '512'"),
                Arguments.of(new String[] {"--input-length", "uniform:1-x"}, "'x' is not a whole number (the maximum)"),
                Arguments.of(new String[] {"--output-length", "99999999999"}, "--output-length: expected a length distribution"),
                Arguments.of(new String[] {"--url", "http://127.0.0.1:99999"}, "--url: port 99999 is out of range 1-65535"),
                Arguments.of(new String[] {"--server-metrics-url", "http://h:70000/metrics"},
                        "--server-metrics-url: port 70000 is out of range 1-65535"),
                Arguments.of(new String[] {"--input-length", "uniform:5"}, "--input-length: expected a length distribution"),
                Arguments.of(new String[] {"--output-length", "lots"}, "--output-length: expected a length distribution"),
                Arguments.of(new String[] {"--quantization", "q3"}, "--quantization: unknown quantization 'q3'"),
                Arguments.of(new String[] {"--seed", "xyz"}, "--seed: expected a seed"),
                Arguments.of(new String[] {"--slo", "ttft=fast"}, "--slo: expected a duration"),
                Arguments.of(new String[] {"--slo", "latency=2s"}, "--slo: unknown SLO 'latency'"),
                Arguments.of(new String[] {"--duration", "20s", "--warmup", "15s", "--cooldown", "5s"},
                        "--warmup/--cooldown: warm-up + cool-down (20s) must be shorter than the run (20s)"),
                Arguments.of(new String[] {"--num-requests", "10", "--cooldown", "1s"}, "--cooldown: needs a --duration"),
                Arguments.of(new String[] {"--header", "NoEquals"}, "--header: expected Name=Value"),
                Arguments.of(new String[] {"--header", "Bad Name=x"}, "--header: 'Bad Name' is not a valid header name"),
                Arguments.of(new String[] {"--backend-option", "novalue"}, "--backend-option: expected key=value"),
                Arguments.of(new String[] {"--endpoint", "images"}, "--endpoint: expected chat, completions, embeddings, rerank, score or transcriptions"),
                Arguments.of(new String[] {"--batch-size", "8"}, "--batch-size: applies to --endpoint embeddings, rerank or score"),
                Arguments.of(new String[] {"--transport", "okhttp"}, "--transport: expected netty or httpclient, got 'okhttp'"),
                Arguments.of(new String[] {"--url", "ftp://host"}, "--url: expected an http:// or https:// URL"),
                Arguments.of(new String[] {"--api-key-env", "UNSET_VAR_FOR_TEST"}, "--api-key-env: environment variable UNSET_VAR_FOR_TEST is not set"),
                Arguments.of(new String[] {"--name", " "}, "--name: must not be blank"),
                Arguments.of(new String[] {"--progress-interval", "0"}, "--progress-interval: must be > 0"),
                Arguments.of(new String[] {"--no-such-flag"}, "Unknown option: '--no-such-flag'"));
    }

    @ParameterizedTest
    @MethodSource("badFlags")
    void badValuesExit2NamingTheFlagWithoutAStackTrace(String[] flags, String message) {
        CliHarness cli = new CliHarness();
        String[] args = Stream.concat(Stream.of("run", "--backend", "fake", "--output-dir", tmp.resolve("o").toString()),
                Stream.of(flags)).toArray(String[]::new);
        assertThat(cli.run(args)).as(cli.err()).isEqualTo(2);
        assertThat(cli.err()).contains(message).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    @Test
    void aKeyPastedIntoApiKeyEnvIsNotEchoed() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "fake", "--api-key-env", "sk-live-abcdef-123")).isEqualTo(2);
        assertThat(cli.err()).contains("--api-key-env: expects the NAME of an environment variable")
                .doesNotContain("sk-live-abcdef-123");
    }

    @Test
    void aHeaderValueIsNotEchoedInErrors() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "fake", "--header", "=Bearer-secret-xyz")).isEqualTo(2);
        assertThat(cli.err()).contains("--header").doesNotContain("secret-xyz");
    }

    @Test
    void unknownBackendExits2ListingTheKnownOnes() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "nosuch", "--output-dir", tmp.resolve("o").toString())).isEqualTo(2);
        assertThat(cli.err()).contains("--backend: unknown backend 'nosuch'; known backends: ").contains("fake")
                .doesNotContain("\tat ");
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    @Test
    void unreachableBackendAtPreflightExits1WithOneLine() {
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "fake", "--url", "http://127.0.0.1:9", "--backend-option", "fail-preflight=true",
                "--output-dir", tmp.resolve("o").toString());
        assertThat(code).isEqualTo(1);
        assertThat(cli.err()).contains("benchsuite run: backend 'fake' is not usable: cannot reach http://127.0.0.1:9/v1/models: connection refused")
                .doesNotContain("\tat ").doesNotContain("Exception");
    }

    @Test
    void badBackendConfigValueExits2() {
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "fake", "--backend-option", "first-token=soon",
                "--output-dir", tmp.resolve("o").toString())).isEqualTo(2);
        assertThat(cli.err()).contains("backend config key 'first-token'");
    }

    @Test
    void outputDirThatCannotBeCreatedExits1() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        CliHarness cli = new CliHarness();
        assertThat(cli.run("run", "--backend", "fake", "--duration", "1s", "--output-dir", file.resolve("sub").toString()))
                .isEqualTo(1);
        assertThat(cli.err()).contains("cannot create the output directory").doesNotContain("\tat ");
    }

    @Test
    void missingCommandIsUsage() {
        CliHarness cli = new CliHarness(Map.of());
        assertThat(cli.run()).isEqualTo(2);
        assertThat(cli.err()).contains("missing a command");
    }
}
