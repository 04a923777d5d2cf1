package io.benchsuite.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The repository the build runs in: its modules with main code, their source trees and compiled classes. */
final class Repository {
    private Repository() {}

    /** The repository's root: Surefire runs the tests in this module's directory. */
    static Path root() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize().getParent();
    }

    /** Every module directory (one level below the root) but this one, sorted. */
    static List<Path> modules() {
        try (Stream<Path> dirs = Files.list(root())) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml")))
                    .filter(d -> !d.getFileName().toString().equals("benchsuite-build-rules"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every module with a {@code src/main/java} tree, sorted. */
    static List<Path> modulesWithMainCode() {
        return modules().stream().filter(d -> Files.isDirectory(d.resolve("src/main/java"))).toList();
    }

    /** Every file below {@code dir} whose name ends with {@code suffix}, sorted; none when it does not exist. */
    static List<Path> files(Path dir, String suffix) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code path} relative to the root, with forward slashes, for messages. */
    static String show(Path path) {
        return root().relativize(path.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
