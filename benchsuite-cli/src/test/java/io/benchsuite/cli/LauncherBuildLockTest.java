package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code bin/benchsuite} launches at once on a tree whose jar is stale (a server in one terminal, a run in
 * another) build once: the second waits for the first's build instead of building into the same target folders
 * at the same time, which once left a jar without half its classes. The launcher runs for real in a copy of the
 * repository's layout, with a {@code mvn} that takes seconds and a {@code java} that only says how it was called.
 */
class LauncherBuildLockTest {

    @Test
    void twoLaunchesOnAStaleTreeBuildOnceAndBothRunTheJar(@TempDir Path root) throws Exception {
        assumeTrue(onPath("flock") && onPath("bash"), "the launcher serializes builds with flock (util-linux)");
        LauncherSandbox.copyLauncher(root);
        Path stubs = Files.createDirectories(root.resolve("stubs"));
        // the build: counted, slow enough that the second launch starts while it runs, then the jar appears
        LauncherSandbox.script(stubs.resolve("mvn"), "echo build >> \"" + root.resolve("builds") + "\"\nsleep 4\n"
                + "mkdir -p benchsuite-cli/target && : > benchsuite-cli/target/benchsuite-cli-0-all.jar\n");
        LauncherSandbox.script(stubs.resolve("java"), "echo \"java $*\"\necho 'benchsuite run: --rate: expected a number' >&2\n");

        Process first = launch(root, stubs);
        Process second = launch(root, stubs);
        assertThat(first.waitFor(60, TimeUnit.SECONDS)).as("first launch ended").isTrue();
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).as("second launch ended").isTrue();

        String jar = root.resolve("benchsuite-cli/target/benchsuite-cli-0-all.jar").toString();
        for (Process p : List.of(first, second)) {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as("exit status; stderr:\n%s", err).isZero();
            assertThat(out).as("the JVM was started on the built jar").contains("-jar " + jar + " --version");
            // the CLI's errors reach the terminal: the lock's release once sent the launcher's stderr to /dev/null
            assertThat(err).as("the JVM's stderr").contains("benchsuite run: --rate: expected a number");
        }
        assertThat(Files.readAllLines(root.resolve("builds"))).as("builds run").hasSize(1);
    }

    private static Process launch(Path root, Path stubs) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(root.resolve("bin/benchsuite").toString(), "--version");
        pb.environment().put("PATH", stubs + ":" + System.getenv("PATH"));
        pb.environment().put("JAVA", stubs.resolve("java").toString());
        pb.environment().put("BENCHSUITE_CDS", "off");
        pb.environment().remove("BENCHSUITE_JAVA_OPTS");
        return pb.start();
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv("PATH").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) return true;
        }
        return false;
    }
}
