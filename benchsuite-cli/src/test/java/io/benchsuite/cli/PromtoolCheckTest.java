package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code promtool check config} and {@code promtool check rules} on every Prometheus file in
 * {@code deploy/prometheus}, with the promtool on the {@code PATH} (Debian's 2.42 in CI, the oldest
 * Prometheus benchsuite supports).
 */
class PromtoolCheckTest {
    private static final Path PROMETHEUS = Path.of("..", "deploy", "prometheus");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".yml") || p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @Test
    void theScrapeConfigAndItsRulesPassPromtool() throws Exception {
        Path promtool = PrometheusBinaries.require("promtool");
        PrometheusBinaries.Result r = PrometheusBinaries.run(List.of(promtool.toString(), "check", "config",
                PROMETHEUS.resolve("prometheus-scrape.yml").toString()));
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("SUCCESS: 1 rule files found").contains("is valid prometheus config file syntax");
    }

    @Test
    void everyRulesFilePassesPromtool() throws Exception {
        Path promtool = PrometheusBinaries.require("promtool");
        List<Path> rules = files(PROMETHEUS.resolve("rules"));
        assertThat(rules).isNotEmpty();
        for (Path file : rules) {
            PrometheusBinaries.Result r = PrometheusBinaries.run(List.of(promtool.toString(), "check", "rules", file.toString()));
            assertThat(r.exitCode()).as(file + ": " + r.output()).isZero();
            assertThat(r.output()).contains("SUCCESS: 4 rules found");
        }
    }

    /**
     * The compose stack's config is for the pinned Prometheus 3: its {@code otlp:} block is the one
     * thing an older promtool refuses, and everything else in it passes.
     */
    @Test
    void theStacksConfigPassesApartFromItsOtlpBlock(@TempDir Path tmp) throws Exception {
        Path promtool = PrometheusBinaries.require("promtool");
        Path original = PROMETHEUS.resolve("prometheus.yml");
        PrometheusBinaries.Result whole = PrometheusBinaries.run(List.of(promtool.toString(), "check", "config", original.toString()));
        if (whole.exitCode() != 0) { // an older Prometheus than the stack's: only the otlp block may be the reason
            assertThat(whole.output()).contains("field otlp not found");
        }
        ObjectNode config = (ObjectNode) YAML.readTree(original.toFile());
        assertThat(config.path("otlp").path("promote_resource_attributes").isArray()).isTrue();
        config.remove("otlp");
        Files.createDirectories(tmp.resolve("rules"));
        for (Path rules : files(PROMETHEUS.resolve("rules"))) Files.copy(rules, tmp.resolve("rules").resolve(rules.getFileName()));
        Path without = tmp.resolve("prometheus.yml");
        YAML.writeValue(without.toFile(), config);
        PrometheusBinaries.Result rest = PrometheusBinaries.run(List.of(promtool.toString(), "check", "config", without.toString()));
        assertThat(rest.exitCode()).as(rest.output()).isZero();
        assertThat(rest.output()).contains("SUCCESS: 1 rule files found");
    }

    @Test
    void everyFileInTheDirectoryIsOneOfTheChecked() throws IOException {
        assertThat(files(PROMETHEUS)).extracting(p -> p.getFileName().toString())
                .containsExactlyInAnyOrder("prometheus.yml", "prometheus-scrape.yml");
    }
}
