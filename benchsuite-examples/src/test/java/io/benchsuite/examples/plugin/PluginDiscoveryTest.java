package io.benchsuite.examples.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.cli.BenchsuiteCli;
import io.benchsuite.cli.CliContext;
import io.benchsuite.core.run.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin is found by name through ServiceLoader, from the API and from the CLI. */
class PluginDiscoveryTest {
    @TempDir
    Path tmp;

    @Test
    void registryFindsThePluginBesideTheBuiltIns() {
        BackendRegistry registry = BackendRegistry.load();
        assertThat(registry.names()).contains("example-echo", "sim", "inprocess");
        assertThat(registry.provider("Example-Echo")).isInstanceOf(EchoBackendProvider.class);
        assertThat(registry.provider("example-echo").description()).startsWith("example plugin");
    }

    @Test
    void thePluginDeclaresItsOptionsSoTyposAreCaught() {
        BackendRegistry registry = BackendRegistry.load();
        assertThat(registry.provider("example-echo").options()).extracting(o -> o.key()).containsExactly("model", "token-delay");
        assertThatThrownBy(() -> registry.create("example-echo", BackendConfig.of(Map.of("token-dealy", "1ms"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("unknown option 'token-dealy' for backend 'example-echo'; did you mean token-delay?");
        assertThatThrownBy(() -> registry.create("example-echo", BackendConfig.of(Map.of("token-delay", "-1ms"))))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("token-delay");
    }

    @Test
    void exampleMainRunsThePluginFoundByName() {
        RunResult r = PluginExample.run(12);
        assertThat(r.info().backend().name()).isEqualTo("example-echo");
        assertThat(r.summary().counts().succeeded()).isEqualTo(12);
        assertThat(r.summary().tokens().serverReportedRequests()).isEqualTo(12);
    }

    @Test
    void cliRunsThePluginByName() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), name -> null, false);
        assertThat(BenchsuiteCli.execute(ctx, "backends")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("example-echo");

        Path dir = tmp.resolve("cli");
        int code = BenchsuiteCli.execute(ctx, "run", "--backend", "example-echo", "--model", "echo-1",
                "--num-requests", "10", "--max-concurrent", "2", "--output-length", "8", "--input-length", "16",
                "--backend-option", "token-delay=1ms", "--seed", "3", "--no-progress", "--output-dir", dir.toString());
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
        assertThat(report.at("/backend/name").asText()).isEqualTo("example-echo");
        assertThat(report.at("/requests/succeeded").asLong()).isEqualTo(10);
        assertThat(report.at("/tokens/output").asLong()).isEqualTo(80);
    }
}
