package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs started in the same second with the default output directory each get their own. */
class DefaultOutputDirTest {
    @TempDir
    Path tmp;

    @Test
    void aTakenNameGetsTheNextSuffix() throws Exception {
        Path wanted = tmp.resolve("reports/sim-llama-3-8b-20260101-120000");
        assertThat(DefaultOutputDir.claim(wanted)).isEqualTo(wanted).isDirectory();
        assertThat(DefaultOutputDir.claim(wanted)).isEqualTo(tmp.resolve("reports/sim-llama-3-8b-20260101-120000-2"));
        assertThat(DefaultOutputDir.claim(wanted)).isEqualTo(tmp.resolve("reports/sim-llama-3-8b-20260101-120000-3"));
    }

    @Test
    void runsClaimingTheSameNameAtOnceGetDistinctDirectories() throws Exception {
        // before, each run only checked that the name did not exist yet, so runs in the same second shared it
        Path wanted = tmp.resolve("reports/same-second");
        int runs = 8;
        ExecutorService pool = Executors.newFixedThreadPool(runs);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Path>> claimed = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                claimed.add(pool.submit(() -> {
                    go.await();
                    return DefaultOutputDir.claim(wanted);
                }));
            }
            go.countDown();
            Set<Path> dirs = new HashSet<>();
            for (Future<Path> f : claimed) dirs.add(f.get());
            assertThat(dirs).hasSize(runs);
            assertThat(dirs).allMatch(Files::isDirectory);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void twoDefaultRunsInOneSecondWriteTwoDirectories() throws Exception {
        // the plan names the directory from the clock to the second; the run claims it
        CliHarness cli = new CliHarness();
        Path planned = cli.plan("--backend", "fake", "--num-requests", "1").outputDir();
        Path first = DefaultOutputDir.claim(tmp.resolve(planned));
        Path second = DefaultOutputDir.claim(tmp.resolve(planned));
        assertThat(second).isNotEqualTo(first).isEqualTo(tmp.resolve(planned + "-2"));
    }
}
