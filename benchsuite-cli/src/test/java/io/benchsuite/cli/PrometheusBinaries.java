package io.benchsuite.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Prometheus' own programs, {@code prometheus} and {@code promtool}, from the {@code PATH} (Debian's
 * {@code prometheus} package, 2.42, the oldest supported, installs both; {@code .ci/run} installs it).
 * Tests that need them are skipped, saying why, when they are missing.
 */
final class PrometheusBinaries {
    private PrometheusBinaries() {}

    /** The program on the {@code PATH}, or empty. */
    static Optional<Path> find(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    /** The program, or the test is skipped with a message that says how to get it. */
    static Path require(String name) {
        Optional<Path> p = find(name);
        if (p.isEmpty()) {
            String why = name + " is not installed (Debian: apt-get install prometheus, as .ci/run does): test skipped";
            System.err.println("SKIPPED: " + why);
            assumeTrue(false, why);
        }
        return p.get();
    }

    /** What a finished command printed (stdout and stderr together) and its exit code. */
    record Result(int exitCode, String output) {}

    /** Runs {@code command} to its end (at most a minute). */
    static Result run(List<String> command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("promtool", ".log");
        try {
            Process p = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(1, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError(command + " did not end within a minute");
            }
            return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
