package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts the CLI as its own JVM, sends it SIGINT mid-run and checks that it stops within seconds,
 * exits 130 and leaves a report of what was measured; and that the API key it was given through
 * the environment appears nowhere.
 */
@DisabledOnOs(OS.WINDOWS)
class CtrlCTest {
    private static final String KEY = "sk-ctrlc-secret-9f8e7d";

    @TempDir
    Path tmp;

    @Test
    void sigintDuringASlowPreflightExitsAtOnceInsteadOfWaitingOutItsTimeout() throws Exception {
        // A server that accepts connections and never answers: the pre-flight GET waits for its 60 s timeout.
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            silent.setSoTimeout(60_000); // never wait forever for a child that died before connecting
            Path stderr = tmp.resolve("stderr.txt");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder(java, "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                    "io.benchsuite.cli.BenchsuiteCli", "run", "--backend", "openai", "--url",
                    "http://127.0.0.1:" + silent.getLocalPort(), "--backend-option", "preflight-timeout=60s",
                    "--num-requests", "3", "--output-dir", tmp.resolve("out").toString());
            pb.redirectOutput(tmp.resolve("stdout.txt").toFile()).redirectError(stderr.toFile());
            Process p = pb.start();
            try {
                Socket accepted = silent.accept(); // the pre-flight GET has connected
                Thread.sleep(300);
                Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
                assertThat(kill.waitFor(5, TimeUnit.SECONDS)).isTrue();
                assertThat(p.waitFor(15, TimeUnit.SECONDS)).as("CLI still waiting for the pre-flight timeout").isTrue();
                assertThat(p.exitValue()).as(read(stderr)).isEqualTo(130);
                accepted.close();
            } finally {
                p.destroyForcibly();
            }
            assertThat(read(stderr)).contains("interrupted while the backend was starting (pre-flight check)");
        }
    }

    @Test
    void sigintStopsTheRunWritesTheReportAndExits130() throws Exception {
        Path out = tmp.resolve("out");
        Path stdout = tmp.resolve("stdout.txt");
        Path stderr = tmp.resolve("stderr.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                "io.benchsuite.cli.BenchsuiteCli", "run", "--backend", "fake", "--duration", "60s",
                "--max-concurrent", "4", "--output-length", "40", "--seed", "3",
                "--api-key-env", "CTRLC_KEY", "--backend-option", "require-key=true",
                "--progress-interval", "1s", "--output-dir", out.toString());
        pb.environment().put("CTRLC_KEY", KEY);
        pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        Process p = pb.start();
        try {
            Path log = out.resolve("requests.jsonl");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!(Files.exists(log) && Files.size(log) > 0)) {
                assertThat(p.isAlive()).as("CLI exited early: %s", read(stderr)).isTrue();
                assertThat(System.nanoTime()).as("no request finished within 30 s").isLessThan(deadline);
                Thread.sleep(50);
            }
            Thread.sleep(300);
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            assertThat(kill.waitFor(5, TimeUnit.SECONDS)).isTrue();
            assertThat(kill.exitValue()).isZero();

            assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("CLI still running 10 s after SIGINT").isTrue();
            assertThat(p.exitValue()).as(read(stderr)).isEqualTo(130);
        } finally {
            p.destroyForcibly();
        }

        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertThat(report.at("/run/status").asText()).isEqualTo("stopped");
        assertThat(report.at("/requests/measured").asLong()).isPositive();
        assertThat(report.at("/requests/succeeded").asLong()).isPositive();
        assertThat(report.at("/config/backend/api-key-env").asText()).isEqualTo("CTRLC_KEY");
        assertThat(out.resolve("summary.csv")).exists();
        List<String> lines = Files.readAllLines(out.resolve("requests.jsonl"));
        assertThat(lines).isNotEmpty();

        assertThat(read(stdout)).contains("STOPPED (interrupted; partial results)").contains("latency (ms)")
                .contains("output               " + out);
        assertThat(read(stderr)).contains("interrupted; stopping");
        assertThat(read(stdout) + read(stderr)).doesNotContain(KEY);
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(f)).as(f.toString()).doesNotContain(KEY);
            }
        }
    }

    private static String read(Path f) throws Exception {
        return Files.exists(f) ? Files.readString(f) : "";
    }
}
