package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The OpenTelemetry Collector, Tempo and Loki configs in {@code deploy/}, against the keys their pinned
 * versions (compose.yaml) know: their own validators ({@code otelcol validate}, {@code tempo
 * -config.verify}, {@code loki -verify-config}) are not packaged for the build machines, so this is the
 * structural check of what each program would refuse first, an unknown key or component. The keys
 * are those of the pinned releases' configuration references.
 */
class DeployConfigKeysTest {
    private static final Path DEPLOY = Path.of("..", "deploy");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** otel/opentelemetry-collector-contrib:0.116.1. */
    private static final Set<String> COLLECTOR_TOP = Set.of("receivers", "processors", "exporters", "extensions", "connectors", "service");
    private static final Set<String> COLLECTOR_SERVICE = Set.of("pipelines", "extensions", "telemetry");
    private static final Set<String> PIPELINE_TYPES = Set.of("traces", "metrics", "logs");
    private static final Set<String> PIPELINE_KEYS = Set.of("receivers", "processors", "exporters");
    /** Component types this config may use, by kind (a subset of what the contrib image ships). */
    private static final Map<String, Set<String>> COMPONENTS = Map.of(
            "receivers", Set.of("otlp", "prometheus", "hostmetrics"),
            "processors", Set.of("batch", "memory_limiter", "resource", "attributes", "filter", "tail_sampling"),
            "exporters", Set.of("otlp", "otlphttp", "debug", "prometheus", "prometheusremotewrite", "loki"));

    /** grafana/tempo:2.6.1. */
    private static final Set<String> TEMPO_TOP = Set.of("target", "http_api_prefix", "server", "internal_server", "distributor",
            "ingester_client", "metrics_generator_client", "querier", "query_frontend", "compactor", "ingester", "metrics_generator",
            "storage", "overrides", "memberlist", "usage_report", "cache", "multitenancy_enabled", "stream_over_http_enabled");

    /** grafana/loki:3.3.2. */
    private static final Set<String> LOKI_TOP = Set.of("target", "auth_enabled", "server", "distributor", "querier", "query_scheduler",
            "frontend", "query_range", "ruler", "ingester_client", "ingester", "pattern_ingester", "index_gateway", "bloom_build",
            "bloom_gateway", "storage_config", "chunk_store_config", "schema_config", "compactor", "limits_config", "frontend_worker",
            "table_manager", "memberlist", "kafka_config", "runtime_config", "operational_config", "tracing", "analytics", "common",
            "profiling_enabled");

    private static JsonNode yaml(String file) throws IOException {
        return YAML.readTree(DEPLOY.resolve(file).toFile());
    }

    private static Set<String> keys(JsonNode node) {
        Set<String> out = new TreeSet<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void theCollectorConfigUsesOnlyKnownSectionsAndComponentsAndEveryComponentIsInAPipeline() throws IOException {
        JsonNode c = yaml("otel-collector/config.yaml");
        assertThat(COLLECTOR_TOP).containsAll(keys(c));
        assertThat(COLLECTOR_SERVICE).containsAll(keys(c.path("service")));
        Set<String> used = new TreeSet<>();
        c.at("/service/pipelines").fields().forEachRemaining(p -> {
            assertThat(PIPELINE_TYPES).as("pipeline " + p.getKey()).contains(p.getKey().split("/")[0]);
            assertThat(PIPELINE_KEYS).containsAll(keys(p.getValue()));
            assertThat(p.getValue().path("receivers").size()).as(p.getKey() + " receivers").isPositive();
            assertThat(p.getValue().path("exporters").size()).as(p.getKey() + " exporters").isPositive();
            p.getValue().fields().forEachRemaining(kind -> kind.getValue().forEach(n -> used.add(kind.getKey() + ":" + n.asText())));
        });
        List<String> defined = new ArrayList<>();
        for (String kind : COMPONENTS.keySet()) {
            for (String id : keys(c.path(kind))) {
                assertThat(COMPONENTS.get(kind)).as(kind + " " + id).contains(id.split("/")[0]);
                defined.add(kind + ":" + id);
            }
        }
        assertThat(used).as("components the pipelines name are defined, and every defined one is used")
                .containsExactlyInAnyOrderElementsOf(defined);
    }

    @Test
    void tempoAndLokiConfigsUseOnlyTheirVersionsTopLevelKeys() throws IOException {
        JsonNode tempo = yaml("tempo/tempo.yaml");
        assertThat(TEMPO_TOP).containsAll(keys(tempo));
        assertThat(tempo.at("/storage/trace/backend").asText()).isEqualTo("local");
        assertThat(tempo.at("/storage/trace/local/path").asText()).startsWith("/");
        JsonNode loki = yaml("loki/loki.yaml");
        assertThat(LOKI_TOP).containsAll(keys(loki));
        // a single-process Loki needs a ring and one schema period with an index period of 24h (tsdb)
        assertThat(loki.at("/common/ring/kvstore/store").asText()).isEqualTo("inmemory");
        JsonNode schema = loki.at("/schema_config/configs/0");
        assertThat(schema.path("store").asText()).isEqualTo("tsdb");
        assertThat(schema.at("/index/period").asText()).isEqualTo("24h");
        assertThat(schema.path("from").asText()).matches("\\d{4}-\\d{2}-\\d{2}");
    }

    @Test
    void anUnknownKeyIsCaught() throws IOException {
        JsonNode bad = YAML.readTree("server: {}\nstorag: {}\n");
        assertThat(TEMPO_TOP.containsAll(keys(bad))).isFalse();
    }
}
