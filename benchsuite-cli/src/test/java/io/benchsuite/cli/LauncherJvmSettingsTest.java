package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM settings {@code bin/benchsuite} picks for a command, read from how it calls a stand-in {@code java}
 * (class-data sharing off, so only the settings are on the line): a virtual-clock run gets the batch settings
 * with a young generation fixed at 64 MB, unless the user sizes the heap or chooses the collector; a run
 * against a server gets none of that.
 */
class LauncherJvmSettingsTest {
    @TempDir
    Path root;

    @BeforeEach
    void layout() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "the launcher is a bash script");
        LauncherSandbox.copyLauncher(root);
        LauncherSandbox.builtJar(root);
        Path stubs = Files.createDirectories(root.resolve("stubs"));
        LauncherSandbox.script(stubs.resolve("java"), "echo \"java $*\" > \"" + root.resolve("call") + "\"\n");
    }

    @Test
    void aVirtualClockRunGetsTheBatchSettingsWithAFixedYoungGeneration() throws Exception {
        assertThat(javaLine(List.of(), "run", "--backend", "sim", "--backend-option", "clock=virtual"))
                .startsWith("java -XX:+UseParallelGC -XX:InlineSmallCode=500 -XX:FreqInlineSize=80 -XX:LoopUnrollLimit=30 "
                        + "-Dio.netty.leakDetection.level=disabled -Xmn64m -jar ");
        assertThat(javaLine(List.of(), "merge", "a", "b")).as("merge is batch work too").contains(" -Xmn64m ");
    }

    @Test
    void aUserWhoSizesTheHeapOrChoosesTheCollectorKeepsTheJvmsYoungGeneration() throws Exception {
        for (String opts : List.of("-Xmx200m", "-Xms1g", "-Xmn32m", "-XX:MaxHeapSize=300m", "-XX:MaxNewSize=10m",
                "-XX:NewRatio=3", "-XX:MaxRAMPercentage=50")) {
            assertThat(javaLine(List.of("BENCHSUITE_JAVA_OPTS=" + opts), "merge", "a"))
                    .as(opts).doesNotContain("-Xmn64m").contains(" " + opts + " -jar ");
        }
        assertThat(javaLine(List.of("BENCHSUITE_JAVA_OPTS=-XX:+UseG1GC"), "merge", "a"))
                .doesNotContain("-Xmn64m").doesNotContain("UseParallelGC").contains("-XX:+UseG1GC -jar ");
        assertThat(javaLine(List.of("BENCHSUITE_JAVA_OPTS=-Xlog:gc"), "merge", "a"))
                .as("other options keep it").contains(" -Xmn64m -Xlog:gc -jar ");
    }

    @Test
    void aRunAgainstAServerKeepsTheLatencySettings() throws Exception {
        assertThat(javaLine(List.of(), "run", "--url", "http://127.0.0.1:1"))
                .startsWith("java -XX:+UseZGC -XX:TieredStopAtLevel=1 ").doesNotContain("-Xmn");
    }

    private String javaLine(List<String> env, String... args) throws Exception {
        List<String> all = new ArrayList<>(env);
        all.add("BENCHSUITE_CDS=off");
        LauncherSandbox.Launch launch = LauncherSandbox.launch(root, all, args);
        assertThat(launch.exit()).as("stderr: %s", launch.err()).isZero();
        return Files.readString(root.resolve("call")).strip();
    }
}
