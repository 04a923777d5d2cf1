package io.benchsuite.core.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.run.StartGate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartGatesTest {
    @Test
    void shardsMeetAtTheFileBarrierAndAllStartAtTheOneInstantTheLastArrivalSet(@TempDir Path dir) throws Exception {
        int n = 3;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Instant[]>> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                done.add(pool.submit(() -> {
                    Thread.sleep(100L * index); // they arrive one after another
                    FileStartBarrier b = new FileStartBarrier(dir, new Shard(index, n), Duration.ofSeconds(60),
                            Duration.ofMillis(500));
                    b.awaitStart();
                    return new Instant[] {b.agreedStart().orElseThrow(), Instant.now()};
                }));
            }
            Instant agreed = null;
            for (Future<Instant[]> f : done) {
                Instant[] r = f.get(60, TimeUnit.SECONDS);
                if (agreed == null) agreed = r[0];
                assertThat(r[0]).as("one agreed instant").isEqualTo(agreed);
                assertThat(r[1]).as("nobody starts early").isAfterOrEqualTo(agreed);
            }
            assertThat(Files.readString(dir.resolve("start")).trim()).isEqualTo(agreed.toString());
            assertThat(dir.resolve("ready-0")).exists();
            assertThat(dir.resolve("ready-2")).exists();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aBarrierThatTheOtherShardsNeverReachFailsNamingThem(@TempDir Path dir) {
        FileStartBarrier b = new FileStartBarrier(dir, new Shard(1, 4), Duration.ofMillis(300), Duration.ofMillis(100));
        assertThatThrownBy(b::awaitStart).isInstanceOf(StartGate.StartFailedException.class)
                .hasMessage("start barrier " + dir + ": shard(s) 0, 2, 3 of 4 did not arrive within 300ms");
    }

    @Test
    void aBarrierDirectoryOfAnEarlierRunIsRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("start"), "2020-01-01T00:00:00Z\n");
        FileStartBarrier b = new FileStartBarrier(dir, new Shard(0, 2), Duration.ofMinutes(10), Duration.ofSeconds(1));
        assertThatThrownBy(b::awaitStart).hasMessageContaining("holds the start of an earlier run (2020-01-01T00:00:00Z)");
    }

    @Test
    void startAtWaitsForItsInstantAndAnInstantPastStartsAtOnce() throws Exception {
        Instant at = Instant.now().plusMillis(200);
        StartAt gate = new StartAt(at);
        gate.awaitStart();
        assertThat(Instant.now()).isAfterOrEqualTo(at);
        assertThat(gate.agreedStart()).contains(at);
        assertThat(gate.describe()).isEqualTo("start-at " + at);
        StartAt past = new StartAt(Instant.parse("2020-01-01T00:00:00Z"));
        long t0 = System.nanoTime();
        past.awaitStart();
        assertThat(System.nanoTime() - t0).isLessThan(Duration.ofSeconds(5).toNanos());
    }
}
