package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.ForwardingResponseListener;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.model.ReportNumbers;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.testing.JsonTrees;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A named instant a backend reports with {@code onMark} travels, with no component or field of its own,
 * from a real run into the request's record and into {@code requests.jsonl} as {@code <name>OffsetMs},
 * and a time-scaled run scales it like the fixed offsets.
 */
class RequestMarksTest {
    private static final long MS = 1_000_000L;
    /** The scripted "first byte" comes this long before the first token. */
    private static final long BYTE_BEFORE_TOKEN = 2 * MS;

    @TempDir
    Path tmp;

    /**
     * A scripted backend whose listener hears {@code firstByte} {@value #BYTE_BEFORE_TOKEN} ns before the
     * first token, a second {@code firstByte} at every later chunk (the first must win) and marks with
     * names a record does not keep, in the time {@code scale} says.
     */
    private static final class MarkingBackend implements Backend {
        private final ScriptedBackend scripted = new ScriptedBackend(Duration.ofMillis(20), Duration.ofMillis(3));
        private final double scale;

        MarkingBackend(double scale) {
            this.scale = scale;
        }

        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            return scripted.send(request, new ForwardingResponseListener(listener) {
                @Override
                public void onTokens(long nanoTime, int tokenCount, String text) {
                    onMark("firstByte", nanoTime - (tokenCount > 0 ? BYTE_BEFORE_TOKEN : 0));
                    onMark("sent", nanoTime); // a fixed instant's name: not a mark
                    onMark("First byte", nanoTime); // not a name
                    super.onTokens(nanoTime, tokenCount, text);
                }
            });
        }

        @Override
        public BackendInfo info() {
            return scripted.info();
        }

        @Override
        public double timeScale() {
            return scale;
        }

        @Override
        public void close() {
            scripted.close();
        }
    }

    private RunResult run(Path out, double scale) {
        try (MarkingBackend backend = new MarkingBackend(scale)) {
            Workload w = Workload.closed(2).maxRequests(6).inputTokens(LengthDistribution.fixed(8))
                    .outputTokens(LengthDistribution.fixed(4)).build();
            return Benchmark.named("marks").backend(backend).workload(w).seed(SeedChain.fromLong(3)).model("m")
                    .retainRequests(true).outputDir(out).run();
        }
    }

    private static Map<Long, JsonNode> lines(Path out) throws Exception {
        return Files.readAllLines(out.resolve("requests.jsonl")).stream().map(JsonTrees::parse)
                .collect(Collectors.toMap(l -> l.get("index").asLong(), Function.identity()));
    }

    @Test
    void aBackendsMarkReachesTheRecordAndTheRequestLog() throws Exception {
        Path out = tmp.resolve("wall");
        RunResult r = run(out, 1.0);
        List<RequestRecord> records = r.requests();
        assertThat(records).hasSize(6).allMatch(RequestRecord::succeeded);
        Map<Long, JsonNode> lines = lines(out);
        for (RequestRecord q : records) {
            // the first value wins; the invalid names are not kept
            assertThat(q.marks().offsets()).containsOnlyKeys("firstByte");
            long firstByte = q.marks().offset("firstByte");
            assertThat(firstByte).isEqualTo(q.firstTokenOffsetNanos() - BYTE_BEFORE_TOKEN);
            assertThat(q.marks().since("firstByte", q.scheduledOffsetNanos())).isEqualTo(q.ttftNanos() - BYTE_BEFORE_TOKEN);
            assertThat(q.marks().offset("lastByte")).isEqualTo(-1);

            JsonNode line = lines.get(q.index());
            assertThat(line.get("firstByteOffsetMs").asDouble()).isEqualTo(ReportNumbers.round(firstByte / 1e6));
            assertThat(line.has("FirstByteOffsetMs")).isFalse();
            // after the fixed offsets
            List<String> fields = new ArrayList<>();
            line.fieldNames().forEachRemaining(fields::add);
            assertThat(fields.indexOf("firstByteOffsetMs")).isEqualTo(fields.indexOf("endOffsetMs") + 1);
        }
    }

    @Test
    void aTimeScaledRunScalesMarksLikeTheFixedOffsets() throws Exception {
        Path out = tmp.resolve("scaled");
        RunResult r = run(out, 0.5); // the backend's time runs at half the wall clock's: spans double
        Map<Long, JsonNode> lines = lines(out);
        assertThat(r.requests()).hasSize(6);
        for (RequestRecord q : r.requests()) {
            // both offsets doubled exactly (round(x / 0.5) of whole nanoseconds): the 2 ms before the token are 4
            assertThat(q.firstTokenOffsetNanos() - q.marks().offset("firstByte")).isEqualTo(2 * BYTE_BEFORE_TOKEN);
            JsonNode line = lines.get(q.index());
            assertThat(line.get("firstByteOffsetMs").asDouble())
                    .isEqualTo(ReportNumbers.round(q.marks().offset("firstByte") / 1e6))
                    .isCloseTo(line.get("firstTokenOffsetMs").asDouble() - 4.0, offset(0.002));
        }
    }
}
