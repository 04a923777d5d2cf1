package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.benchsuite.cli.LauncherSandbox.Launch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchsuite}'s class-data sharing, run for real in a copy of the repository's layout with a
 * {@code java} that writes what the real one would (a class list, an archive) and logs how it was called: the
 * first {@code run} of a jar lists its classes, the next launch turns the list into an archive before it runs
 * and uses it, later launches only use it, and a dump that fails is said, not retried for that jar, and
 * costs nothing but the archive.
 */
class LauncherClassSharingTest {
    @TempDir
    Path root;
    private Path calls;
    private String jar;

    @BeforeEach
    void layout() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "the launcher is a bash script");
        LauncherSandbox.copyLauncher(root);
        jar = LauncherSandbox.builtJar(root).toString();
        calls = root.resolve("calls");
    }

    @Test
    void theFirstRunListsItsClassesTheNextTurnsThemIntoAnArchiveAndLaterOnesOnlyMapIt() throws Exception {
        java(0);
        String archive = jar.replace(".jar", ".jsa");

        Launch first = launch("run", "--rate", "1");
        assertThat(first.exit()).as("stderr: %s", first.err()).isZero();
        assertThat(callLines()).singleElement().asString()
                .startsWith("java -XX:+UseZGC")
                .containsPattern("-XX:DumpLoadedClassList=" + archive.replace(".", "\\.") + "\\.\\d+\\.classlist ")
                .doesNotContain("SharedArchiveFile")
                .endsWith("-jar " + jar + " run --rate 1");
        assertThat(lists()).as("the class list the first run left").hasSize(1);

        Files.delete(calls);
        Launch second = launch("run", "--rate", "1");
        assertThat(second.exit()).as("stderr: %s", second.err()).isZero();
        assertThat(second.err()).contains("benchsuite: sharing the classes the first run loaded with later runs");
        List<String> secondCalls = callLines();
        assertThat(secondCalls).hasSize(2);
        assertThat(secondCalls.get(0)).as("the dump, with the run's collector")
                .startsWith("java -XX:+UseZGC")
                .contains(" -Xshare:dump -XX:SharedClassListFile=" + archive + ".")
                .containsPattern("-XX:SharedArchiveFile=" + archive.replace(".", "\\.") + "\\.\\d+\\.tmp -cp " + jar + "$");
        assertThat(secondCalls.get(1)).as("the run, on the archive")
                .contains("-XX:SharedArchiveFile=" + archive + " ")
                .doesNotContain("DumpLoadedClassList")
                .endsWith("-jar " + jar + " run --rate 1");
        assertThat(Files.readString(Path.of(archive))).isEqualTo("archive of 2 classes\n");
        assertThat(lists()).as("the list, used up").isEmpty();

        Files.delete(calls);
        Launch third = launch("run", "--rate", "1");
        assertThat(third.err()).doesNotContain("sharing the classes");
        assertThat(callLines()).singleElement().asString().contains("-XX:SharedArchiveFile=" + archive + " ")
                .doesNotContain("Xshare:dump").doesNotContain("DumpLoadedClassList");

        // a virtual-clock run is a batch one: the Parallel collector, whose archive is another file, not made yet
        Files.delete(calls);
        launch("run", "--backend-option", "clock=virtual");
        assertThat(callLines()).singleElement().asString().startsWith("java -XX:+UseParallelGC")
                .contains("-XX:DumpLoadedClassList=" + jar.replace(".jar", "-batch.jsa") + ".")
                .doesNotContain("SharedArchiveFile");
    }

    @Test
    void aDumpThatFailsIsSaidAndNotTriedAgainForThatJar() throws Exception {
        java(1);
        launch("run");
        Files.delete(calls);

        Launch second = launch("run");
        assertThat(second.exit()).as("stderr: %s", second.err()).isZero();
        assertThat(second.err()).contains("benchsuite: preparing the class-data archive failed; running without it");
        List<String> secondCalls = callLines();
        assertThat(secondCalls).hasSize(2);
        assertThat(secondCalls.get(1)).doesNotContain("SharedArchiveFile").doesNotContain("DumpLoadedClassList");
        assertThat(Path.of(jar.replace(".jar", ".jsa"))).doesNotExist();
        assertThat(lists()).isEmpty();

        Files.delete(calls);
        Launch third = launch("run");
        assertThat(third.err()).doesNotContain("class-data");
        assertThat(callLines()).singleElement().asString().doesNotContain("SharedArchiveFile")
                .doesNotContain("DumpLoadedClassList");
    }

    @Test
    void aListWhoseRunNeverStartedIsDroppedAndTheNextRunListsAgain() throws Exception {
        java(0, "io/benchsuite/cli/BenchsuiteCli\\npicocli/CommandLine\\n"); // a usage error: the engine never loaded
        launch("run", "--rate", "x");
        assertThat(lists()).hasSize(1);
        Files.delete(calls);

        Launch second = launch("run");
        assertThat(second.err()).doesNotContain("class-data").doesNotContain("sharing the classes");
        assertThat(callLines()).as("no dump; this run lists again").singleElement().asString()
                .doesNotContain("Xshare:dump").doesNotContain("SharedArchiveFile").contains("-XX:DumpLoadedClassList=");
        assertThat(Path.of(jar.replace(".jar", ".jsa"))).doesNotExist();
    }

    @Test
    void theClassTheLauncherTakesForAStartedRunExists() throws Exception {
        // the launcher keeps a class list only when it names this class: renamed without the launcher, no archive
        // would ever be made again, silently
        var marker = Pattern.compile("grep -qx '([\\w/$]+)'").matcher(Files.readString(Path.of("..", "bin", "benchsuite")));
        assertThat(marker.find()).as("the launcher's marker class").isTrue();
        String name = marker.group(1).replace('/', '.');
        // throws ClassNotFoundException once the class is renamed or moved
        assertThat(Class.forName(name, false, getClass().getClassLoader()).getSimpleName()).isEqualTo("RunEngine");
    }

    @Test
    void classSharingOffOrChosenByTheUserLeavesTheFlagsOut() throws Exception {
        java(0);
        launch(List.of("BENCHSUITE_CDS=off"), "run");
        assertThat(callLines()).singleElement().asString().doesNotContain("SharedArchiveFile")
                .doesNotContain("DumpLoadedClassList");
        Files.delete(calls);
        launch(List.of("BENCHSUITE_JAVA_OPTS=-XX:SharedArchiveFile=/elsewhere.jsa"), "run");
        assertThat(callLines()).singleElement().asString().contains("-XX:SharedArchiveFile=/elsewhere.jsa -jar")
                .doesNotContain("DumpLoadedClassList");
    }

    /** A {@code java} that logs its arguments, writes the class list or archive it is asked for, and exits 0 (a dump: {@code dumpExit}). */
    private void java(int dumpExit) throws IOException {
        java(dumpExit, "io/benchsuite/cli/BenchsuiteCli\\nio/benchsuite/core/internal/engine/RunEngine\\n");
    }

    /** As {@link #java(int)}, listing {@code listed} (printf's text) for a run. */
    private void java(int dumpExit, String listed) throws IOException {
        Path stubs = Files.createDirectories(root.resolve("stubs"));
        LauncherSandbox.script(stubs.resolve("java"), ""
                + "echo \"java $*\" >> \"" + calls + "\"\n"
                + "dump=; out=\n"
                + "for a in \"$@\"; do case \"$a\" in\n"
                + "  -XX:DumpLoadedClassList=*) printf '" + listed + "' > \"${a#*=}\" ;;\n"
                + "  -XX:SharedClassListFile=*) list=\"${a#*=}\" ;;\n"
                + "  -XX:SharedArchiveFile=*) out=\"${a#*=}\" ;;\n"
                + "  -Xshare:dump) dump=yes ;;\n"
                + "esac; done\n"
                + "if [ -n \"$dump\" ]; then\n"
                + "  [ " + dumpExit + " -eq 0 ] || exit " + dumpExit + "\n"
                + "  echo \"archive of $(wc -l < \"$list\") classes\" > \"$out\"\n"
                + "fi\n");
    }

    private Launch launch(String... args) throws Exception {
        return launch(List.of(), args);
    }

    private Launch launch(List<String> env, String... args) throws Exception {
        return LauncherSandbox.launch(root, env, args);
    }

    private List<String> callLines() throws IOException {
        return Files.readAllLines(calls);
    }

    private List<Path> lists() throws IOException {
        try (var files = Files.list(Path.of(jar).getParent())) {
            return files.filter(f -> f.toString().endsWith(".classlist")).toList();
        }
    }
}
