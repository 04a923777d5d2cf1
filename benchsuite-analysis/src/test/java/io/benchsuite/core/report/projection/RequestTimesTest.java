package io.benchsuite.core.report.projection;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A request log's measured, successful requests, from lines that name the window and from old lines that call it phase. */
class RequestTimesTest {
    @Test
    void readsTheMeasuredRequestsOfNewAndOldLines(@TempDir Path dir) throws Exception {
        String timings = "\"outcome\":\"success\",\"sentOffsetMs\":10.0,\"endOffsetMs\":110.0,\"ttftFromSendMs\":20.0,\"tpotMs\":5.0,"
                + "\"outputTokens\":21}";
        Files.write(dir.resolve("requests.jsonl"), List.of(
                "{\"index\":0,\"phase\":\"warmup\"," + timings,
                "{\"index\":1,\"phase\":\"measured\"," + timings,
                "{\"index\":2,\"window\":\"measured\"," + timings,
                "{\"index\":3,\"window\":\"cooldown\"," + timings,
                "{\"index\":4,\"window\":\"measured\",\"outcome\":\"failed\",\"sentOffsetMs\":10.0}"), StandardCharsets.UTF_8);

        List<RequestTimes> read = RequestTimes.read(dir);

        assertThat(read).extracting(RequestTimes::index).containsExactly(1L, 2L);
        assertThat(read.get(0)).isEqualTo(new RequestTimes(1, 21, 20e6, 5e6, 100e6));
        assertThat(read.get(1)).isEqualTo(new RequestTimes(2, 21, 20e6, 5e6, 100e6));
    }
}
