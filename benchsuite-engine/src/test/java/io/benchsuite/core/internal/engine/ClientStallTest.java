package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.hiccup.HiccupMeter;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ReportNumbers;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.tck.ScriptedBackend;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client watches itself during every run: a stall of the client (injected here through the
 * hiccup meter's sleeper, exactly as a real one shows to the meter: a sleep that overran) flags the
 * requests it overlapped, in the result, in requests.jsonl and in the report's client section, and
 * the meter's thread ends with the run.
 */
class ClientStallTest {
    private static final long MS = 1_000_000L;
    private static final long STALL_INDEX = 5;

    @TempDir
    Path tmp;

    /** Sleeps as asked, except once, on request, for {@code stallNanos}, saying when that sleep began. */
    private static final class StallOnDemand implements HiccupMeter.Sleeper {
        volatile long stallNanos;
        final CountDownLatch began = new CountDownLatch(1);

        @Override
        public void sleep(long nanos) {
            long stall = stallNanos;
            if (stall == 0) {
                LockSupport.parkNanos(nanos);
                return;
            }
            stallNanos = 0;
            began.countDown();
            long until = System.nanoTime() + stall;
            for (long left = stall; left > 0; left = until - System.nanoTime()) LockSupport.parkNanos(left);
        }
    }

    /** Asks for the stall when request {@value #STALL_INDEX} is sent, and sends it once the meter is in it. */
    private static RequestDecorator stallAtSend(StallOnDemand sleeper, long stallNanos) {
        return (request, downstream) -> {
            if (request.index() == STALL_INDEX) {
                sleeper.stallNanos = stallNanos;
                try {
                    assertThat(sleeper.began.await(30, TimeUnit.SECONDS)).as("the meter slept again").isTrue();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            return new RequestDecorator.Decorated(request, downstream);
        };
    }

    private RunResult run(Path out, Duration threshold, StallOnDemand sleeper) {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(40), Duration.ofMillis(5))) {
            Workload w = Workload.closed(1).maxRequests(10).inputTokens(LengthDistribution.fixed(8))
                    .outputTokens(LengthDistribution.fixed(3)).build();
            return Benchmark.named("stall").backend(backend).workload(w).seed(SeedChain.fromLong(7)).model("m")
                    .retainRequests(true).outputDir(out)
                    .clientStallThreshold(threshold)
                    .hiccupMeter(() -> HiccupMeter.create(Duration.ofMillis(1), Duration.ofMillis(1), sleeper))
                    .decorator(stallAtSend(sleeper, 400 * MS))
                    .run();
        }
    }

    @Test
    void aClientStallFlagsTheRequestsItOverlappedAndIsCountedInTheReport() throws Exception {
        Path out = tmp.resolve("flagged");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        RunResult r;
        try {
            r = run(out, Duration.ofMillis(5), new StallOnDemand());
        } finally {
            System.setErr(original);
        }
        // the library warns through its logger (the CLI's goes to stderr), naming the figure
        assertThat(err.toString(StandardCharsets.UTF_8))
                .containsPattern("run 'stall': the client itself was saturated \\(hiccup p99 \\d+\\.\\d\\d ms > 1.5 ms");

        RequestRecord stalled = r.requests().stream().filter(q -> q.index() == STALL_INDEX).findFirst().orElseThrow();
        // the request was sent inside the stall and took >= 40 ms: at its end the stall had lasted that long
        assertThat(stalled.clientStalled()).isTrue();
        assertThat(stalled.clientStallNanos()).isGreaterThan(5 * MS);

        ClientSection client = r.section(ClientSection.class).orElseThrow();
        long flagged = r.requests().stream().filter(RequestRecord::clientStalled).count();
        assertThat(client.stalledRequests()).isEqualTo(flagged).isPositive();
        assertThat(client.stallThresholdMs()).isEqualTo(5.0);
        assertThat(client.hiccups().maxMs()).as("the injected 400 ms stall").isGreaterThanOrEqualTo(399.0);
        assertThat(client.hiccups().stallsOverThreshold()).isPositive();
        // ~400 samples the stall hid against ~1 per ms of a run of about a second: p99 is inside the stall
        assertThat(client.hiccups().p99Ms()).isGreaterThan(ClientSection.HICCUP_P99_LIMIT_MS);
        assertThat(client.saturated()).anyMatch(s -> s.startsWith("hiccup p99 ") && s.endsWith(" ms > 1.5 ms"));
        assertThat(client.cpu().cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(client.cpu().processSeconds()).isPositive();
        assertThat(client.cpu().processPct()).isPositive();

        // requests.jsonl flags the same requests, with the stall's length
        List<JsonNode> lines = Files.readAllLines(out.resolve("requests.jsonl")).stream().map(JsonTrees::parse).toList();
        assertThat(lines).hasSize(10);
        assertThat(lines.stream().filter(l -> l.path("clientStalled").asBoolean(false)).count()).isEqualTo(flagged);
        JsonNode line = lines.stream().filter(l -> l.get("index").asLong() == STALL_INDEX).findFirst().orElseThrow();
        assertThat(line.get("clientStalled").asBoolean()).isTrue();
        assertThat(line.get("clientStallMs").asDouble()).isEqualTo(ReportNumbers.round(stalled.clientStallNanos() / 1e6));

        // report.json holds the section and reads it back as the same record
        Report report = ReportJson.read(out.resolve("report.json"));
        assertThat(report.section(ClientSection.class)).contains(client);
        assertThat(threadsNamed("benchsuite-hiccup-meter")).as("the meter's thread ended with the run").isZero();
    }

    @Test
    void aStallShorterThanTheThresholdFlagsNothing() {
        RunResult r = run(tmp.resolve("quiet"), Duration.ofSeconds(30), new StallOnDemand());
        assertThat(r.requests()).hasSize(10).noneMatch(RequestRecord::clientStalled);
        ClientSection client = r.section(ClientSection.class).orElseThrow();
        assertThat(client.stalledRequests()).isZero();
        assertThat(client.stallThresholdMs()).isEqualTo(30_000.0);
        assertThat(client.hiccups().stallsOverThreshold()).isZero();
        assertThat(client.hiccups().maxMs()).isGreaterThanOrEqualTo(399.0);
        assertThat(threadsNamed("benchsuite-hiccup-meter")).isZero();
    }

    private static long threadsNamed(String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals(name)).count();
    }
}
