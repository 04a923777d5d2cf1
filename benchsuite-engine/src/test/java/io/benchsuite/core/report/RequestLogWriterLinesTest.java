package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Window;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file's lines are exactly {@link RequestLogWriter#toJsonLine}'s, though {@code write} builds them in
 * a buffer kept from line to line and takes gap texts from its cache: gaps repeated across requests,
 * new ones, failures and escaped messages alike.
 */
class RequestLogWriterLinesTest {
    private static final long MS = 1_000_000;

    @Test
    void writtenLinesAreTheStaticLinesWithTheRunId(@TempDir Path dir) throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        long[] step = new long[300];
        for (int i = 0; i < step.length; i++) step[i] = 7 * MS + random.nextLong(40 * MS);
        List<RequestRecord> records = new ArrayList<>();
        for (int index = 0; index < 400; index++) {
            long[] gaps = new long[1 + random.nextInt(256)];
            // most gaps shared with other requests (one step's gap for its whole batch), some their own
            for (int i = 0; i < gaps.length; i++) gaps[i] = random.nextInt(4) == 0 ? random.nextLong(90 * MS) : step[(index + i) % step.length];
            var b = RequestRecord.builder(index).scheduled(index * 50 * MS).sent(index * 50 * MS + 1).firstToken(index * 50 * MS + 20 * MS)
                    .end(index * 50 * MS + 3000 * MS).inputTokens(512).outputTokens(gaps.length + 1).itl(Gaps.of(gaps, gaps.length));
            if (index % 37 == 0) b.outcome(Outcome.FAILED, ErrorKind.HTTP_5XX, "boom \"quoted\"\n\u00e9");
            records.add(b.build());
        }
        Path file = dir.resolve("requests.jsonl");
        try (RequestLogWriter w = new RequestLogWriter(file)) {
            w.runId("0123abcd");
            for (RequestRecord r : records) w.write(r);
            assertThat(w.lines()).isEqualTo(records.size());
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(records.size());
        for (int i = 0; i < records.size(); i++) {
            assertThat(lines.get(i)).isEqualTo(RequestLogWriter.toJsonLine(records.get(i), "0123abcd"));
        }
        assertThat(lines.get(0)).startsWith("{\"runId\":\"0123abcd\",\"index\":0,");
    }

    @Test
    void eachLineNamesItsWindowWithTheWordsOfOldLogs() throws Exception {
        List<String> written = new ArrayList<>();
        for (Window w : Window.values()) written.add(RequestLogWriter.toJsonLine(RequestRecord.builder(0).window(w).build(), null));
        assertThat(written).extracting(l -> l.substring(0, l.indexOf(",\"outcome\""))).containsExactly(
                "{\"index\":0,\"window\":\"warmup\"", "{\"index\":0,\"window\":\"measured\"",
                "{\"index\":0,\"window\":\"cooldown\"");
        assertThat(written).noneMatch(l -> l.contains("\"phase\""));
    }

    @Test
    void eachMarkFollowsTheFixedOffsetsAsItsOwnFieldInNameOrder() throws Exception {
        RequestRecord r = RequestRecord.builder(4).scheduled(10 * MS).sent(11 * MS).firstToken(30 * MS).end(90 * MS)
                .outputTokens(1).mark("headers", 25 * MS).mark("firstByte", 27_500_000).build();
        String line = RequestLogWriter.toJsonLine(r);
        assertThat(line).contains("\"endOffsetMs\":90.0,\"firstByteOffsetMs\":27.5,\"headersOffsetMs\":25.0,\"ttftMs\":20.0");
        assertThat(RequestLogWriter.toJsonLine(r.toBuilder().mark("firstByte", 0).build())).contains("\"firstByteOffsetMs\":0.0,");
        assertThat(RequestLogWriter.toJsonLine(RequestRecord.builder(4).end(MS).build())).doesNotContain("firstByte", "headers");
    }
}
