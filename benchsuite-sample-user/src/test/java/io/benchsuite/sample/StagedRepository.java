package io.benchsuite.sample;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Maven local repository for a nested, offline build of a user's project: benchsuite's artifacts as
 * this build made them (jars packed from each module's {@code target/classes}, so that a stale jar
 * from an earlier build can never stand in), and every other artifact through symbolic links into the
 * real local repository. Nothing is installed into the real one, which may hold other builds'
 * snapshots of the same version.
 */
final class StagedRepository {
    private static final Pattern MANAGED = Pattern.compile("<artifactId>(benchsuite-[^<]+)</artifactId>");

    private StagedRepository() {}

    /**
     * Builds the repository at {@code stage} (emptied first).
     *
     * @param root the reactor's root directory
     * @param real the real local repository
     * @param stage where the repository goes
     * @param version benchsuite's version
     */
    static Path create(Path root, Path real, Path stage, String version) throws IOException {
        deleteRecursively(stage);
        Files.createDirectories(stage.resolve("io"));
        try (Stream<Path> top = Files.list(real)) {
            for (Path entry : top.toList()) {
                String name = entry.getFileName().toString();
                if (name.equals("io")) continue;
                Files.createSymbolicLink(stage.resolve(name), entry);
            }
        }
        Path io = real.resolve("io");
        if (Files.isDirectory(io)) {
            try (Stream<Path> children = Files.list(io)) {
                for (Path child : children.toList()) {
                    if (child.getFileName().toString().equals("benchsuite")) continue;
                    Files.createSymbolicLink(stage.resolve("io").resolve(child.getFileName().toString()), child);
                }
            }
        }
        Path ours = stage.resolve("io/benchsuite");
        copyPom(root.resolve("pom.xml"), ours, "benchsuite-parent", version);
        copyPom(root.resolve("benchsuite-bom/pom.xml"), ours, "benchsuite-bom", version);
        // every artifact the BOM manages that this build has compiled (this module's dependencies order the
        // ones the sample needs before it; the others are staged when an earlier build left their classes)
        Matcher m = MANAGED.matcher(Files.readString(root.resolve("benchsuite-bom/pom.xml"), StandardCharsets.UTF_8));
        while (m.find()) {
            String module = m.group(1);
            Path classes = root.resolve(module).resolve("target/classes");
            if (module.equals("benchsuite-bom") || !Files.isDirectory(classes)) continue;
            Path dir = copyPom(root.resolve(module).resolve("pom.xml"), ours, module, version);
            jar(classes, dir.resolve(module + "-" + version + ".jar"));
        }
        return stage;
    }

    private static Path copyPom(Path pom, Path ours, String artifact, String version) throws IOException {
        Path dir = Files.createDirectories(ours.resolve(artifact).resolve(version));
        Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        return dir;
    }

    private static void jar(Path classes, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                Stream<Path> walk = Files.walk(classes)) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                Files.copy(p, out);
                out.closeEntry();
            }
        }
    }

    /** Deletes {@code dir} and what is under it, without following symbolic links. */
    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return;
        try (Stream<Path> walk = Files.walk(dir)) { // Files.walk does not follow links by default
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
