package io.benchsuite.cli;

import static io.benchsuite.cli.OtlpReceiver.attribute;
import static io.benchsuite.cli.OtlpReceiver.hex;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.metrics.MetricNames;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.metrics.v1.HistogramDataPoint;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --otlp-endpoint} delivers traces, metrics and logs to a plain OTLP/HTTP receiver; exemplars on /metrics. */
class OtlpPipeTest {
    @TempDir
    Path tmp;

    private static boolean failed(Span s) {
        return "failure".equals(attribute(s.getAttributesList(), "benchsuite.outcome"));
    }

    /** The data points of the last push of {@code name}. */
    private static Metric last(List<Metric> metrics, String name) {
        Metric found = null;
        for (Metric m : metrics) if (m.getName().equals(name)) found = m;
        assertThat(found).as("metric " + name).isNotNull();
        return found;
    }

    @Test
    void oneEndpointReceivesTheTracesMetricsAndLogsOfAShortRun() throws Exception {
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            CliHarness cli = new CliHarness();
            long t0 = System.nanoTime();
            int code = cli.run("run", "--backend", "fake", "--num-requests", "200", "--max-concurrent", "10",
                    "--output-length", "4", "--backend-option", "fail-every=10", "--no-progress", "--name", "pipe",
                    "--otlp-endpoint", receiver.url(), "--otlp-header", "Authorization=Bearer otlp-secret-9",
                    "--trace-sample-ratio", "0.2", "--output-dir", tmp.resolve("pipe").toString());
            System.out.printf("run with OTLP export took %d ms%n", (System.nanoTime() - t0) / 1_000_000);
            assertThat(code).as(cli.err()).isZero();
            assertThat(cli.out() + cli.err()).doesNotContain("otlp-secret-9");

            // the push thread and the SDK's export threads end with the run
            long until = System.nanoTime() + 5_000_000_000L;
            List<String> left;
            do {
                left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                        .filter(n -> n.startsWith("benchsuite-otlp-metrics") || n.startsWith("BatchSpanProcessor")
                                || n.startsWith("BatchLogRecordProcessor")).toList();
                if (!left.isEmpty()) Thread.sleep(50);
            } while (!left.isEmpty() && System.nanoTime() < until);
            assertThat(left).as("threads left after the run").isEmpty();

            // all three signals, as protobuf, with the header, from service benchsuite
            assertThat(receiver.traces).as("/v1/traces").isNotEmpty();
            assertThat(receiver.metrics).as("/v1/metrics (the push when the run ends: the interval is 10 s)").isNotEmpty();
            assertThat(receiver.logs).as("/v1/logs").isNotEmpty();
            for (String path : List.of("/v1/traces", "/v1/metrics", "/v1/logs")) {
                assertThat(receiver.contentTypes.get(path)).as(path).allSatisfy(t -> assertThat(t).isEqualTo("application/x-protobuf"));
                assertThat(receiver.authorization.get(path)).as(path).allSatisfy(a -> assertThat(a).isEqualTo("Bearer otlp-secret-9"));
            }
            assertThat(receiver.resources()).allSatisfy(r -> assertThat(attribute(r.getAttributesList(), "service.name"))
                    .isEqualTo("benchsuite"));

            // traces: one run span; every failed request and about a fifth of the others, each its own trace, linked to the run
            List<Span> spans = receiver.spans();
            List<Span> runs = spans.stream().filter(s -> s.getName().equals("benchsuite.run")).toList();
            assertThat(runs).hasSize(1);
            Span run = runs.get(0);
            List<Span> requests = spans.stream().filter(s -> s.getName().equals("benchsuite.request")).toList();
            List<Span> failures = requests.stream().filter(OtlpPipeTest::failed).toList();
            long ordinary = requests.size() - failures.size();
            assertThat(failures).as("every failed request (indices 9, 19, ... 199)").hasSize(20);
            // ordinary kept ~ Binomial(180, 0.2): mean 36, sd 5.4; [9, 63] is mean ± 5 sd
            assertThat(ordinary).as("ordinary requests exported").isBetween(9L, 63L);
            System.out.printf("OTLP run, ratio 0.2, 10%% errors: %d of 180 ordinary, %d of 20 failed requests exported%n",
                    ordinary, failures.size());
            assertThat(requests.stream().map(s -> hex(s.getTraceId())).distinct().count()).isEqualTo(requests.size());
            assertThat(requests).allSatisfy(s -> {
                assertThat(s.getParentSpanId().isEmpty()).isTrue();
                assertThat(s.getTraceId()).isNotEqualTo(run.getTraceId());
                assertThat(s.getLinksList()).hasSize(1);
                assertThat(s.getLinks(0).getTraceId()).isEqualTo(run.getTraceId());
                assertThat(s.getLinks(0).getSpanId()).isEqualTo(run.getSpanId());
                assertThat(attribute(s.getAttributesList(), "benchsuite.sampling.decision")).isIn("ratio", "error");
            });

            // metrics: the 28, with the run's final counts
            List<Metric> metrics = receiver.metricsReceived();
            assertThat(metrics.stream().map(Metric::getName).collect(Collectors.toSet())).containsAll(MetricNames.ALL);
            Map<String, Double> byOutcome = last(metrics, "requests").getSum().getDataPointsList().stream()
                    .collect(Collectors.toMap(p -> attribute(p.getAttributesList(), "outcome"), NumberDataPoint::getAsDouble));
            assertThat(byOutcome).containsEntry("success", 180.0).containsEntry("failed", 20.0);
            Metric e2e = last(metrics, "e2e_latency");
            assertThat(e2e.getUnit()).isEqualTo("seconds");
            HistogramDataPoint h = e2e.getHistogram().getDataPoints(0);
            assertThat(h.getCount()).isEqualTo(180);
            assertThat(h.getExplicitBoundsList()).contains(0.001, 300.0);
            assertThat(attribute(h.getAttributesList(), "run")).isEqualTo("pipe");
            Set<String> exportedTraces = requests.stream().map(s -> hex(s.getTraceId())).collect(Collectors.toSet());
            Set<String> exemplarTraces = new HashSet<>();
            for (Metric m : metrics) {
                if (!m.hasHistogram()) continue;
                m.getHistogram().getDataPointsList().forEach(p -> p.getExemplarsList().forEach(x -> exemplarTraces.add(hex(x.getTraceId()))));
            }
            System.out.printf("OTLP histogram exemplars: %d distinct traces%n", exemplarTraces.size());
            assertThat(exemplarTraces).as("exemplars point to exported traces only").isSubsetOf(exportedTraces);

            // logs: run start and end in the run's trace; each failed request in its own trace and span
            List<LogRecord> records = receiver.logRecords();
            List<LogRecord> failedLogs = records.stream().filter(r -> r.getBody().getStringValue().contains("failed: http_5xx (HTTP 503)")).toList();
            assertThat(failedLogs).hasSize(20);
            Map<String, String> spanOfTrace = failures.stream().collect(Collectors.toMap(s -> hex(s.getTraceId()), s -> hex(s.getSpanId())));
            assertThat(failedLogs).allSatisfy(r -> {
                assertThat(r.getSeverityText()).isEqualTo("INFO");
                assertThat(spanOfTrace).containsEntry(hex(r.getTraceId()), hex(r.getSpanId()));
            });
            assertThat(records).anySatisfy(r -> {
                assertThat(r.getBody().getStringValue()).isEqualTo("run 'pipe' started: backend fake, model llama-3-8b");
                assertThat(r.getTraceId()).isEqualTo(run.getTraceId());
            });
            assertThat(records).anySatisfy(r -> {
                assertThat(r.getBody().getStringValue()).isEqualTo("run 'pipe' completed: 200 measured, 180 succeeded, 20 failed");
                assertThat(r.getTraceId()).isEqualTo(run.getTraceId());
            });
        }
    }

    @Test
    void signalsChooseWhatIsSentAndSlowRequestsAreKeptAtRatioZero() throws Exception {
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "fake", "--num-requests", "6", "--max-concurrent", "2",
                    "--output-length", "4", "--backend-option", "first-token=300ms", "--no-progress",
                    "--otlp-endpoint", receiver.url() + "/v1/traces", "--otlp-signals", "traces",
                    "--trace-sample-ratio", "0", "--trace-keep-slower-than", "250ms",
                    "--output-dir", tmp.resolve("traces-only").toString());
            assertThat(code).as(cli.err()).isZero();
            assertThat(receiver.metrics).isEmpty();
            assertThat(receiver.logs).isEmpty();
            List<Span> requests = receiver.spans().stream().filter(s -> s.getName().equals("benchsuite.request")).toList();
            assertThat(requests).as("every request lasted > 300 ms").hasSize(6)
                    .allSatisfy(s -> assertThat(attribute(s.getAttributesList(), "benchsuite.sampling.decision")).isEqualTo("slow"));
        }
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "fake", "--num-requests", "4", "--output-length", "2", "--no-progress",
                    "--otlp-endpoint", receiver.url(), "--otlp-signals", "metrics,logs",
                    "--output-dir", tmp.resolve("no-traces").toString());
            assertThat(code).as(cli.err()).isZero();
            assertThat(receiver.traces).isEmpty();
            assertThat(receiver.metrics).isNotEmpty();
            assertThat(receiver.logRecords()).as("run start and end").hasSizeGreaterThanOrEqualTo(2)
                    .allSatisfy(r -> assertThat(r.getTraceId().isEmpty()).as("nothing traced").isTrue());
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Body and Content-Type of a GET, or null. */
    private static String[] get(String url, String accept) {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
            c.setConnectTimeout(500);
            c.setReadTimeout(2000);
            if (accept != null) c.setRequestProperty("Accept", accept);
            if (c.getResponseCode() != 200) return null;
            try (InputStream in = c.getInputStream()) {
                return new String[] {new String(in.readAllBytes(), StandardCharsets.UTF_8), c.getContentType()};
            }
        } catch (Exception e) {
            return null;
        }
    }

    @Test
    void thePrometheusEndpointServesExemplarsOfExportedTracesInOpenMetrics() throws Exception {
        Pattern exemplar = Pattern.compile("(?m)^e2e_latency_seconds_bucket\\{[^}]*\\} \\d+ # \\{span_id=\"([0-9a-f]{16})\",trace_id=\"([0-9a-f]{32})\"\\}");
        int port = freePort();
        ExecutorService exec = Executors.newSingleThreadExecutor();
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            CliHarness cli = new CliHarness();
            Future<Integer> code = exec.submit(() -> cli.run("run", "--backend", "fake", "--duration", "3s",
                    "--max-concurrent", "4", "--output-length", "4", "--no-progress", "--prometheus-port", String.valueOf(port),
                    "--otlp-endpoint", receiver.url(), "--otlp-signals", "traces", "--trace-sample-ratio", "0.5",
                    "--output-dir", tmp.resolve("exemplars").toString()));
            String[] open = null;
            String[] plain = null;
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (System.nanoTime() < deadline && !code.isDone()) {
                String[] r = get("http://127.0.0.1:" + port + "/metrics", "application/openmetrics-text; version=1.0.0,text/plain;q=0.5");
                if (r != null && exemplar.matcher(r[0]).find()) {
                    open = r;
                    plain = get("http://127.0.0.1:" + port + "/metrics", null);
                    break;
                }
                Thread.sleep(100);
            }
            assertThat(code.get()).as(cli.err()).isZero();
            assertThat(open).as("an OpenMetrics scrape with an exemplar during the run").isNotNull();
            assertThat(open[1]).startsWith("application/openmetrics-text; version=1.0.0");
            assertThat(open[0]).contains("e2e_latency_seconds_bucket{backend=\"fake\",run=\"default\",le=\"0.001\"}")
                    .contains("le=\"300.0\"").endsWith("# EOF\n");
            assertThat(plain).isNotNull();
            assertThat(plain[1]).startsWith("text/plain; version=0.0.4");
            assertThat(plain[0]).doesNotContain("trace_id=");

            Set<String> exported = receiver.spans().stream().filter(s -> s.getName().equals("benchsuite.request"))
                    .map(s -> hex(s.getTraceId()) + "/" + hex(s.getSpanId())).collect(Collectors.toSet());
            Matcher m = exemplar.matcher(open[0]);
            int n = 0;
            while (m.find()) {
                n++;
                assertThat(exported).as("exemplar trace %s is exported", m.group(2)).contains(m.group(2) + "/" + m.group(1));
            }
            assertThat(n).isPositive();
        } finally {
            exec.shutdownNow();
        }
    }

    @Test
    void badOtlpFlagsExit2NamingTheFlag() {
        String[][] cases = {
            {"--otlp-signals", "traces,bogus", "--otlp-signals: expected a comma-separated list of traces, metrics, logs; got 'bogus'"},
            {"--trace-keep-slower-than", "0", "--trace-keep-slower-than: must be > 0"},
            {"--trace-keep-slower-than", "soon", "--trace-keep-slower-than:"},
            {"--otlp-metrics-interval", "0", "--otlp-metrics-interval: must be > 0"},
        };
        for (String[] c : cases) {
            CliHarness cli = new CliHarness();
            int code = cli.run("run", "--backend", "fake", "--num-requests", "1", "--no-progress",
                    "--otlp-endpoint", "http://127.0.0.1:9", c[0], c[1], "--output-dir", tmp.resolve("bad").toString());
            assertThat(code).as(c[0] + " " + c[1]).isEqualTo(ExitCodes.USAGE);
            assertThat(cli.err()).as(c[0]).contains(c[2]);
        }
        CliHarness grpc = new CliHarness();
        assertThat(grpc.run("run", "--backend", "fake", "--num-requests", "1", "--otlp-endpoint", "http://127.0.0.1:9",
                "--otlp-protocol", "grpc", "--otlp-signals", "traces,metrics")).isEqualTo(ExitCodes.USAGE);
        assertThat(grpc.err()).contains("--otlp-signals: metrics are pushed over http/protobuf only");
        // the CLI sends on the JDK's HttpClient, with no gRPC sender: a usage error before the run, not a stack trace
        CliHarness noGrpc = new CliHarness();
        assertThat(noGrpc.run("run", "--backend", "fake", "--num-requests", "1", "--otlp-endpoint", "http://127.0.0.1:9",
                "--otlp-protocol", "grpc", "--output-dir", tmp.resolve("grpc").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(noGrpc.err()).contains("--otlp-protocol grpc: this build sends OTLP over http/protobuf only")
                .doesNotContain("Exception");
        CliHarness alone = new CliHarness();
        assertThat(alone.run("run", "--backend", "fake", "--num-requests", "1", "--otlp-signals", "logs")).isEqualTo(ExitCodes.USAGE);
        assertThat(alone.err()).contains("--otlp-signals: needs --otlp-endpoint");
    }

    @Test
    void defaultsAndEndpointForms() {
        assertThat(Observability.signals(null, false)).containsExactlyInAnyOrder(Observability.Signal.values());
        assertThat(Observability.signals(null, true)).containsExactlyInAnyOrder(Observability.Signal.TRACES, Observability.Signal.LOGS);
        assertThat(Observability.signals(" Logs , traces", false)).containsExactlyInAnyOrder(Observability.Signal.TRACES,
                Observability.Signal.LOGS);
        assertThat(Observability.keepSlowerThan(null)).isNull();
        assertThat(Observability.keepSlowerThan("none")).isNull();
        assertThat(Observability.keepSlowerThan("2s")).hasSeconds(2);
        assertThat(Observability.otlpHttpBase(URI.create("http://collector:4318"))).isEqualTo("http://collector:4318");
        assertThat(Observability.otlpHttpBase(URI.create("http://collector:4318/"))).isEqualTo("http://collector:4318");
        assertThat(Observability.otlpHttpBase(URI.create("https://c.example/otlp/v1/traces"))).isEqualTo("https://c.example/otlp");
        assertThat(Observability.otlpHttpBase(URI.create("http://c:4318/v1/logs/"))).isEqualTo("http://c:4318");
    }
}
