package io.benchsuite.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

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

    /** A {@code /bin/sh} script at {@code file} running {@code body}. */
    static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body);
        executable(file);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
