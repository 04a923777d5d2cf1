package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.metrics.BenchsuiteMetrics;
import io.benchsuite.metrics.MetricNames;
import io.benchsuite.tck.ScriptedBackendProvider;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The local stack in {@code deploy/} (no Docker engine runs the tests): every file parses, the files
 * agree with each other (services, ports, data source uids, mounted paths), the dashboard queries only
 * metrics benchsuite publishes and shows all 27, and the guide tells the user the stack's endpoint.
 */
class DeployStackTest {
    private static final Path DEPLOY = Path.of("..", "deploy");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> PROMQL_WORDS = Set.of("by", "without", "on", "ignoring", "group_left", "group_right",
            "bool", "and", "or", "unless", "offset", "inf", "nan");

    private static JsonNode yaml(String file) throws IOException {
        return YAML.readTree(DEPLOY.resolve(file).toFile());
    }

    private static JsonNode dashboard() throws IOException {
        return JSON.readTree(DEPLOY.resolve("grafana/benchsuite.json").toFile());
    }

    /** Names in the Prometheus exposition of a real registry after a short run: what /metrics and the OTLP path publish. */
    private static Set<String> publishedNames() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        BenchsuiteMetrics metrics = BenchsuiteMetrics.builder(registry).build();
        Benchmark.Builder b = Benchmark.named("dashboard")
                .backend(new ScriptedBackendProvider().create(BackendConfig.of(Map.of(BackendConfig.MODEL, "m",
                        "first-token", "1ms", "token-interval", "1ms"))))
                .seed(SeedChain.fromLong(1)).preflight(false).drainTimeout(Duration.ofSeconds(5))
                .workload(Workload.closed(1).maxRequests(3).inputTokens(LengthDistribution.fixed(4))
                        .outputTokens(LengthDistribution.fixed(3)).build());
        metrics.install(b);
        b.run();
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]").matcher(registry.scrape());
        while (m.find()) names.add(m.group(1));
        metrics.close();
        return names;
    }

    /** Metric names a PromQL expression reads (strings, label matchers, ranges, grouping clauses and functions removed). */
    static Set<String> metricNames(String expr) {
        Set<String> out = new TreeSet<>();
        Matcher lv = Pattern.compile("label_values\\(\\s*([a-zA-Z_:][a-zA-Z0-9_:]*)").matcher(expr);
        if (lv.find()) {
            out.add(lv.group(1));
            return out;
        }
        String s = expr.replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"")
                .replaceAll("\\{[^}]*}", " ")
                .replaceAll("\\[[^\\]]*]", " ")
                .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ")
                .replaceAll("\\$\\{?\\w+}?", " ");
        Matcher m = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\s*\\()?").matcher(s);
        while (m.find()) {
            if (m.group(2) != null) continue; // a function
            String word = m.group(1);
            if (PROMQL_WORDS.contains(word.toLowerCase(Locale.ROOT))) continue;
            if (m.start() > 0 && Character.isDigit(s.charAt(m.start() - 1))) continue; // 1e3, 5m
            out.add(word);
        }
        return out;
    }

    @Test
    void promqlNamesAreExtracted() {
        assertThat(metricNames("histogram_quantile(0.99, sum by (le) (rate(e2e_latency_seconds_bucket{run=~\"$run\",le!=\"x\"}[$__rate_interval])))"))
                .containsExactly("e2e_latency_seconds_bucket");
        assertThat(metricNames("sum(rate(a_sum{x=\"a{b}\"}[5m])) / sum(rate(a_count[1m])) > bool 1e3"))
                .containsExactly("a_count", "a_sum");
        assertThat(metricNames("label_values(requests_total{job=~\"$job\"}, run)")).containsExactly("requests_total");
    }

    @Test
    void theDashboardQueriesOnlyPublishedMetricsAndShowsAll28() throws IOException {
        Set<String> published = publishedNames();
        assertThat(published).contains("requests_total", "e2e_latency_seconds_bucket", "gpu_util_pct");
        JsonNode dash = dashboard();
        assertThat(dash.path("uid").asText()).isEqualTo("benchsuite");
        List<String> exprs = new ArrayList<>();
        Set<String> datasourceUids = new TreeSet<>();
        List<JsonNode> latencyTargets = new ArrayList<>();
        for (JsonNode panel : dash.path("panels")) {
            if (panel.path("type").asText().equals("row")) continue;
            datasourceUids.add(panel.path("datasource").path("uid").asText());
            for (JsonNode t : panel.path("targets")) {
                String uid = t.path("datasource").path("uid").asText(panel.path("datasource").path("uid").asText());
                datasourceUids.add(uid);
                if (!uid.equals("prometheus")) continue;
                String expr = t.path("expr").asText();
                assertThat(expr).as(panel.path("title").asText()).isNotBlank();
                exprs.add(expr);
                if (expr.contains("_bucket")) latencyTargets.add(t);
            }
        }
        for (JsonNode v : dash.path("templating").path("list")) exprs.add(v.path("query").path("query").asText());
        Set<String> queried = new TreeSet<>();
        Set<String> recorded = ServingStackNames.recorded();
        for (String e : exprs) {
            Set<String> names = metricNames(e);
            assertThat(names).as("a metric in: " + e).isNotEmpty();
            if (names.stream().allMatch(ServingStackNames::isServerName)) {
                // the serving-stack panels read the server's own /metrics: names from its recorded expositions
                assertThat(recorded).as("recorded server metrics, for the query: " + e).containsAll(names);
                continue;
            }
            assertThat(published).as("published metrics, for the query: " + e).containsAll(names);
            queried.addAll(names);
        }
        for (String metric : MetricNames.ALL) {
            assertThat(queried).as("a panel shows " + metric)
                    .anyMatch(n -> n.equals(metric) || n.equals(metric + "_total") || n.startsWith(metric + "_seconds_"));
        }
        assertThat(latencyTargets).as("latency quantile panels").hasSize(15)
                .allSatisfy(t -> assertThat(t.path("exemplar").asBoolean()).as("exemplars → traces").isTrue());
        Set<String> provisioned = new TreeSet<>();
        yaml("grafana/provisioning/datasources/datasources.yaml").path("datasources").forEach(d -> provisioned.add(d.path("uid").asText()));
        assertThat(provisioned).containsAll(datasourceUids);
    }

    @Test
    void theStacksFilesAgreeWithEachOther() throws IOException {
        JsonNode compose = yaml("compose.yaml");
        JsonNode services = compose.path("services");
        assertThat(iterable(services.fieldNames())).containsExactlyInAnyOrder("otel-collector", "prometheus", "tempo", "loki", "grafana");
        // every mounted file is in deploy/, and every config file in deploy/ is mounted
        Set<String> mounted = new TreeSet<>();
        Map<String, String> mountTarget = new HashMap<>();
        for (JsonNode svc : services) {
            for (JsonNode vol : svc.path("volumes")) {
                String[] parts = vol.asText().split(":");
                assertThat(parts[0]).startsWith("./");
                Path source = DEPLOY.resolve(parts[0].substring(2));
                assertThat(source).as(vol.asText()).exists();
                mounted.add(parts[0].substring(2));
                mountTarget.put(parts[0].substring(2), parts[1]);
            }
        }
        assertThat(mounted).contains("otel-collector/config.yaml", "prometheus/prometheus.yml", "tempo/tempo.yaml",
                "loki/loki.yaml", "grafana/provisioning/datasources", "grafana/provisioning/dashboards", "grafana/benchsuite.json");
        assertThat(command(services.path("otel-collector"))).contains("--config=" + mountTarget.get("otel-collector/config.yaml"));
        assertThat(command(services.path("prometheus"))).contains("--config.file=" + mountTarget.get("prometheus/prometheus.yml"),
                "--web.enable-otlp-receiver", "--enable-feature=exemplar-storage");
        assertThat(command(services.path("tempo"))).contains("-config.file=" + mountTarget.get("tempo/tempo.yaml"));
        assertThat(command(services.path("loki"))).contains("-config.file=" + mountTarget.get("loki/loki.yaml"));
        assertThat(ports(services.path("otel-collector"))).contains("4317:4317", "4318:4318");
        assertThat(ports(services.path("grafana"))).contains("3000:3000");

        // the collector receives OTLP on the published ports and feeds each back end where it listens
        JsonNode collector = yaml("otel-collector/config.yaml");
        assertThat(collector.at("/receivers/otlp/protocols/http/endpoint").asText()).isEqualTo("0.0.0.0:4318");
        assertThat(collector.at("/receivers/otlp/protocols/grpc/endpoint").asText()).isEqualTo("0.0.0.0:4317");
        JsonNode tempo = yaml("tempo/tempo.yaml");
        String tempoGrpc = tempo.at("/distributor/receivers/otlp/protocols/grpc/endpoint").asText();
        assertThat(collector.at("/exporters/otlp~1tempo/endpoint").asText()).isEqualTo("tempo:" + port(tempoGrpc));
        assertThat(collector.at("/exporters/otlphttp~1prometheus/endpoint").asText()).isEqualTo("http://prometheus:9090/api/v1/otlp");
        JsonNode loki = yaml("loki/loki.yaml");
        int lokiPort = loki.at("/server/http_listen_port").asInt();
        assertThat(collector.at("/exporters/otlphttp~1loki/endpoint").asText()).isEqualTo("http://loki:" + lokiPort + "/otlp");
        assertThat(loki.at("/limits_config/allow_structured_metadata").asBoolean()).as("OTLP logs need it").isTrue();
        assertThat(loki.at("/schema_config/configs/0/schema").asText()).isEqualTo("v13");
        JsonNode pipelines = collector.at("/service/pipelines");
        assertThat(iterable(pipelines.fieldNames())).containsExactlyInAnyOrder("traces", "metrics", "logs");
        for (JsonNode p : pipelines) {
            p.path("receivers").forEach(r -> assertThat(collector.path("receivers").has(r.asText())).as(r.asText()).isTrue());
            p.path("processors").forEach(r -> assertThat(collector.path("processors").has(r.asText())).as(r.asText()).isTrue());
            p.path("exporters").forEach(r -> assertThat(collector.path("exporters").has(r.asText())).as(r.asText()).isTrue());
        }
        assertThat(pipelines.at("/traces/exporters/0").asText()).isEqualTo("otlp/tempo");
        assertThat(pipelines.at("/metrics/exporters/0").asText()).isEqualTo("otlphttp/prometheus");
        assertThat(pipelines.at("/logs/exporters/0").asText()).isEqualTo("otlphttp/loki");

        JsonNode prometheus = yaml("prometheus/prometheus.yml");
        assertThat(prometheus.at("/scrape_configs/0/static_configs/0/targets/0").asText()).isEqualTo("host.docker.internal:9464");
        assertThat(services.at("/prometheus/extra_hosts/0").asText()).isEqualTo("host.docker.internal:host-gateway");

        // Grafana: data sources at the services' addresses, linked to each other by uid; the dashboard provider reads the mount
        JsonNode ds = yaml("grafana/provisioning/datasources/datasources.yaml").path("datasources");
        Map<String, JsonNode> byUid = new HashMap<>();
        ds.forEach(d -> byUid.put(d.path("uid").asText(), d));
        assertThat(byUid.keySet()).containsExactlyInAnyOrder("prometheus", "tempo", "loki");
        assertThat(byUid.get("prometheus").path("url").asText()).isEqualTo("http://prometheus:9090");
        assertThat(byUid.get("tempo").path("url").asText()).isEqualTo("http://tempo:" + tempo.at("/server/http_listen_port").asInt());
        assertThat(byUid.get("loki").path("url").asText()).isEqualTo("http://loki:" + lokiPort);
        assertThat(byUid.get("prometheus").at("/jsonData/exemplarTraceIdDestinations/0/name").asText()).isEqualTo("trace_id");
        assertThat(byUid.get("prometheus").at("/jsonData/exemplarTraceIdDestinations/0/datasourceUid").asText()).isEqualTo("tempo");
        assertThat(byUid.get("tempo").at("/jsonData/tracesToLogsV2/datasourceUid").asText()).isEqualTo("loki");
        assertThat(byUid.get("loki").at("/jsonData/derivedFields/0/datasourceUid").asText()).isEqualTo("tempo");
        String provider = yaml("grafana/provisioning/dashboards/dashboards.yaml").at("/providers/0/options/path").asText();
        assertThat(mountTarget.get("grafana/benchsuite.json")).isEqualTo(provider + "/benchsuite.json");
        assertThat(mountTarget.get("grafana/provisioning/datasources")).isEqualTo("/etc/grafana/provisioning/datasources");
        assertThat(mountTarget.get("grafana/provisioning/dashboards")).isEqualTo("/etc/grafana/provisioning/dashboards");
    }

    @Test
    void theGuideTakesTheUserFromComposeUpToARunInAllThree() throws IOException {
        String guide = Files.readString(Path.of("..", "docs", "observability.md"));
        assertThat(guide).contains("docker compose -f deploy/compose.yaml up")
                .contains("--otlp-endpoint http://localhost:4318")
                .contains("http://localhost:3000")
                .contains("Tempo").contains("Loki").contains("Prometheus")
                .contains("--trace-sample-ratio").contains("--trace-keep-slower-than").contains("--otlp-signals")
                .contains("sampled");
        // every benchsuite flag the guide uses exists
        Matcher flag = Pattern.compile("benchsuite run[^\\n]*(?:\\\\\\n[^\\n]*)*").matcher(guide);
        String help = helpOfRun();
        int commands = 0;
        while (flag.find()) {
            commands++;
            Matcher f = Pattern.compile("(--[a-z][a-z-]+)").matcher(flag.group());
            while (f.find()) assertThat(help).as("benchsuite run " + f.group(1)).contains(f.group(1));
        }
        assertThat(commands).isPositive();
    }

    private static String helpOfRun() {
        CliHarness cli = new CliHarness();
        cli.run("run", "--help");
        return cli.out();
    }

    private static List<String> command(JsonNode service) {
        List<String> out = new ArrayList<>();
        service.path("command").forEach(c -> out.add(c.asText()));
        return out;
    }

    private static List<String> ports(JsonNode service) {
        List<String> out = new ArrayList<>();
        service.path("ports").forEach(p -> out.add(p.asText().replaceFirst("^127\\.0\\.0\\.1:", "")));
        return out;
    }

    private static String port(String endpoint) {
        return endpoint.substring(endpoint.lastIndexOf(':') + 1);
    }

    private static <T> List<T> iterable(Iterator<T> it) {
        List<T> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
