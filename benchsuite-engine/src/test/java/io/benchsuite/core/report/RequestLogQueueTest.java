package io.benchsuite.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.RequestRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request log written on its own thread: every line, in the order handed in, on disk when the writer has
 * caught up and all of it at close, no thread left after; a disk that fails stops the log and says why once.
 */
class RequestLogQueueTest {
    private static final long MS = 1_000_000;

    private static RequestRecord record(int index) {
        long[] gaps = new long[1 + index % 40];
        for (int i = 0; i < gaps.length; i++) gaps[i] = (7 + (index + i) % 13) * MS;
        return RequestRecord.builder(index).scheduled(index * MS).sent(index * MS + 1).firstToken(index * MS + 20 * MS)
                .end(index * MS + 900 * MS).inputTokens(64).outputTokens(gaps.length + 1).itl(Gaps.of(gaps, gaps.length)).build();
    }

    @Test
    void everyLineIsWrittenInOrderAndNoThreadStaysAfterClose(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("requests.jsonl");
        List<IOException> failures = new CopyOnWriteArrayList<>();
        RequestLogQueue queue = new RequestLogQueue(new RequestLogWriter(file), failures::add);
        queue.runId("run1");
        List<RequestRecord> records = new ArrayList<>();
        // more than the queue holds, so the caller waits for the writer at times
        for (int i = 0; i < 3 * RequestLogQueue.CAPACITY; i++) {
            records.add(record(i));
            queue.add(records.get(i));
        }
        queue.close();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(records.size());
        for (int i = 0; i < records.size(); i++) assertThat(lines.get(i)).isEqualTo(RequestLogWriter.toJsonLine(records.get(i), "run1"));
        assertThat(failures).isEmpty();
        assertThat(queue.lines()).isEqualTo(records.size());
        assertThat(queue.threadAlive()).as("no thread left").isFalse();
    }

    @Test
    void linesAreOnDiskOnceTheWriterHasCaughtUpBeforeClose(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("requests.jsonl");
        try (RequestLogQueue queue = new RequestLogQueue(new RequestLogWriter(file), e -> {})) {
            for (int i = 0; i < 3; i++) queue.add(record(i));
            // the lines must arrive without a close (a crash after this loses nothing); the limit only ends a
            // test that would otherwise wait for ever, it asserts no speed
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (Files.readAllLines(file).size() < 3 && System.nanoTime() < deadline) Thread.sleep(5);
            assertThat(Files.readAllLines(file)).as("lines on disk before close").hasSize(3);
        }
    }

    @Test
    void anInterruptedCallerWritesItsLineItself(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("requests.jsonl");
        RequestLogQueue queue = new RequestLogQueue(new RequestLogWriter(file), e -> {});
        Thread.currentThread().interrupt(); // as a run being stopped: put() is interrupted at once
        try {
            queue.add(record(0));
        } finally {
            assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
        }
        queue.add(record(1));
        queue.close();
        assertThat(Files.readAllLines(file)).hasSize(2);
        assertThat(Files.readAllLines(file).get(0)).startsWith("{\"index\":0,");
    }

    @Test
    void aFailingDiskStopsTheLogAndIsReportedOnce() throws Exception {
        Path full = Path.of("/dev/full"); // every write fails: "No space left on device"
        Assumptions.assumeTrue(Files.isWritable(full), "needs Linux's /dev/full");
        List<IOException> failures = new CopyOnWriteArrayList<>();
        RequestLogQueue queue = new RequestLogQueue(new RequestLogWriter(full), failures::add);
        for (int i = 0; i < 2000; i++) queue.add(record(i)); // past the writer's buffer
        try {
            queue.close();
        } catch (IOException closeFailed) {
            // the buffered rest cannot be written either; the failure was reported before
        }
        assertThat(failures).hasSize(1);
        assertThat(failures.get(0)).hasMessageContaining("No space left on device");
        assertThat(queue.threadAlive()).as("no thread left").isFalse();
    }
}
