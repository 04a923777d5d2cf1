package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An OTLP endpoint that refuses connections, or accepts them and never answers, costs a run one warning
 * line per signal and kind of failure (endpoint and reason, no stack trace, no header value) and a
 * bounded wait at its end; the run's results are written all the same.
 */
class OtlpUnreachableTest {
    private static final String SECRET = "otlp-secret-token-4471";

    @TempDir
    Path tmp;

    /** What a run printed (the console and the process's stderr, where warnings go) and how long it took. */
    private record Outcome(int code, String text, long millis, List<LogRecord> exporterLogs) {}

    private Outcome run(String name, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--backend", "fake", "--num-requests", "20", "--max-concurrent", "4",
                "--output-length", "4", "--no-progress", "--name", name, "--output-dir", tmp.resolve(name).toString()));
        args.addAll(List.of(extra));
        List<LogRecord> jul = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLoggerName() != null && r.getLoggerName().startsWith("io.opentelemetry")
                        && r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    jul.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        PrintStream original = System.err;
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        CliHarness cli = new CliHarness();
        long t0 = System.nanoTime();
        int code;
        try {
            code = cli.run(args.toArray(String[]::new));
        } finally {
            System.setErr(original);
            root.removeHandler(capture);
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        String text = cli.out() + cli.err() + stderr.toString(StandardCharsets.UTF_8);
        System.out.printf("%s: %d ms, %d lines%n", name, millis, text.lines().count());
        return new Outcome(code, text, millis, jul);
    }

    private void check(Outcome o, Outcome baseline, String endpoint, String reason) throws IOException {
        assertThat(o.code()).as(o.text()).isZero();
        assertThat(o.text()).doesNotContain(SECRET).doesNotContain("\tat ").doesNotContain("Exception:")
                .doesNotContain("SEVERE");
        assertThat(o.exporterLogs()).as("the OpenTelemetry exporters' own log records").isEmpty();
        List<String> warnings = o.text().lines().filter(l -> l.contains("OTLP")).toList();
        assertThat(warnings).as("one line per signal and kind of failure").doesNotHaveDuplicates().isNotEmpty()
                .hasSizeLessThanOrEqualTo(4)
                .allSatisfy(l -> assertThat(l).startsWith("WARN otlp - OTLP ").contains(endpoint));
        assertThat(warnings).anySatisfy(l -> assertThat(l).matches(
                "WARN otlp - OTLP (traces|metrics|logs) export to " + endpoint + "/v1/(traces|metrics|logs) failed: "
                        + reason + ".* \\(the run goes on; further failures like this one are not repeated\\)"));
        // bounded: the end waits at most 2 s for the endpoint (the exporters' default limits added 10-20 s)
        assertThat(o.millis() - baseline.millis()).as("extra time of the run with the endpoint").isLessThan(6_000);
    }

    @Test
    void aClosedPortCostsOneLinePerSignalAndNoStackTrace() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        run("warm-up-closed"); // the first run in a JVM pays for loading and compiling: not the endpoint's cost
        Outcome baseline = run("baseline-closed");
        String endpoint = "http://127.0.0.1:" + port;
        Outcome o = run("closed", "--otlp-endpoint", endpoint, "--otlp-header", "Authorization=Bearer " + SECRET);
        check(o, baseline, endpoint, "connection refused or unreachable \\(.*\\)");
        assertThat(tmp.resolve("closed/report.json")).exists();
        assertThat(Files.readString(tmp.resolve("closed/report.json"))).contains("\"succeeded\" : 20");
    }

    @Test
    void aStalledEndpointDelaysTheEndByAtMostTheFlushLimit() throws Exception {
        List<Socket> held = new CopyOnWriteArrayList<>();
        try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) held.add(s.accept()); // accepted, never read, never answered
                } catch (IOException closed) {
                    // the test is over
                }
            }, "stalled-otlp");
            acceptor.setDaemon(true);
            acceptor.start();
            run("warm-up-stalled");
            Outcome baseline = run("baseline-stalled");
            String endpoint = "http://127.0.0.1:" + s.getLocalPort();
            Outcome o = run("stalled", "--otlp-endpoint", endpoint, "--otlp-header", "Authorization=Bearer " + SECRET);
            check(o, baseline, endpoint, "no answer within 1.5s \\(timed out\\)");
            assertThat(Files.readString(tmp.resolve("stalled/report.json"))).contains("\"succeeded\" : 20");
        } finally {
            for (Socket c : held) c.close();
        }
    }
}
