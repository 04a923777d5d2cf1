package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The repository's {@code bin/benchsuite} copied into a test's folder, with the stand-in tools the launcher calls. */
final class LauncherSandbox {
    private LauncherSandbox() {}

    /** Copies the launcher to {@code root/bin/benchsuite} and writes a {@code root/pom.xml}, as in the repository. */
    static Path copyLauncher(Path root) throws IOException {
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path launcher = bin.resolve("benchsuite");
        Files.copy(Path.of("..", "bin", "benchsuite"), launcher);
        executable(launcher);
        Files.writeString(root.resolve("pom.xml"), "<project/>");
        return launcher;
    }

    /** An (empty) {@code -all} jar as a build leaves it, built after the pom: the launcher builds nothing. */
    static Path builtJar(Path root) throws IOException {
        Path jar = Files.createDirectories(root.resolve("benchsuite-cli/target")).resolve("benchsuite-cli-0-all.jar");
        Files.writeString(jar, "");
        Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.from(Instant.now().minusSeconds(120)));
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        return jar;
    }

    /** A {@code /bin/sh} script at {@code file} running {@code body}. */
    static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body);
        executable(file);
    }

    /** How a launch ended: its exit status and what it wrote on stderr. */
    record Launch(int exit, String err) {}

    /**
     * Runs {@code root/bin/benchsuite} with {@code root/stubs/java} as its {@code java}, none of the launcher's own
     * environment variables inherited, then {@code env} ({@code NAME=value}) set.
     */
    static Launch launch(Path root, List<String> env, String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(root.resolve("bin/benchsuite").toString());
        pb.command().addAll(List.of(args));
        pb.environment().put("JAVA", root.resolve("stubs/java").toString());
        pb.environment().remove("BENCHSUITE_JAVA_OPTS");
        pb.environment().remove("BENCHSUITE_CDS");
        pb.environment().remove("BENCHSUITE_JVM");
        for (String e : env) pb.environment().put(e.substring(0, e.indexOf('=')), e.substring(e.indexOf('=') + 1));
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("launch ended").isTrue();
        return new Launch(p.exitValue(), err);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
