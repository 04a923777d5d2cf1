package io.benchsuite.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A user's project, built by a nested offline Maven run in {@code target/}: its pom is the README's
 * Maven section (the BOM import, benchsuite-junit, benchsuite-sim, JUnit, a binding for SLF4J) and its
 * one test is the README's JUnit gate, as pasted, run against the simulator. Two builds, side by side:
 * the oldest supported JUnit imported before the BOM, as the README says; and the shape in which a
 * JUnit that benchsuite-junit brought used to run no test at all (the user's own {@code junit-jupiter}
 * 5.11.4, no {@code junit-bom}), which now runs on the BOM's JUnit, the newest supported.
 */
// Nested Maven builds: more than the build's default two minutes on a loaded machine (each has its own five-minute cap).
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class SampleUserBuildTest {
    /** The oldest and the newest JUnit the README says benchsuite-junit works with (the newest is the BOM's). */
    static final String OLDEST_JUNIT = "5.10.2";
    static final String NEWEST_JUNIT = "5.14.4";

    private static final Pattern JUNIT_BOM_VERSION = Pattern.compile("(<artifactId>junit-bom</artifactId>\\s*<version>)([^<]+)");
    private static final Pattern JUPITER_JAR = Pattern.compile("junit-jupiter-(api|engine)-([0-9][^/\\\\]*?)\\.jar");

    private static Path repository;
    private static Build oldest;
    private static Build usersOwn;

    @BeforeAll
    static void startBothBuilds() throws IOException {
        Path root = moduleDir().getParent();
        repository = StagedRepository.create(root, Path.of(System.getProperty("sample.localRepository")),
                moduleDir().resolve("target/sample-user/repository"), benchsuiteVersion());
        oldest = Build.start("junit-oldest", withJunitBom(readmePom(), OLDEST_JUNIT));
        // The reported failure: junit-jupiter 5.11.4 declared by the user, no junit-bom import; benchsuite-junit
        // used to add junit-jupiter-api 5.14.4, and Surefire, meeting two JUnit Platform versions, ran 0 tests.
        String pom = readmePom().replaceFirst("(?s)\\s*<!-- Optional, and before benchsuite-bom.*?</dependency>", "")
                .replace("<artifactId>junit-jupiter</artifactId>", "<artifactId>junit-jupiter</artifactId>\n    <version>5.11.4</version>");
        assertThat(pom).doesNotContain("junit-bom").contains("<version>5.11.4</version>");
        usersOwn = Build.start("junit-users-own-5.11.4", pom);
    }

    @AfterAll
    static void stopWhatStillRuns() {
        for (Build b : new Build[] {oldest, usersOwn}) {
            if (b != null) b.process.destroyForcibly();
        }
    }

    @Test
    void readmeProjectRunsItsGateOnTheOldestSupportedJunit() throws Exception {
        oldest.awaitGatePassed();
        assertThat(oldest.jupiterVersions()).containsOnly(OLDEST_JUNIT);
    }

    @Test
    void usersOwnJupiterVersionWithoutJunitBomRunsTheGateOnOneJunitTheNewest() throws Exception {
        usersOwn.awaitGatePassed();
        assertThat(usersOwn.jupiterVersions()).containsOnly(NEWEST_JUNIT);
    }

    /** The README's Maven section in a project of its own. */
    private static String readmePom() {
        String section = ReadmeBlocks.blockContaining("xml", "benchsuite-bom");
        assertThat(section).as("the README's benchsuite version").contains("<version>" + benchsuiteVersion() + "</version>");
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.example</groupId>
                  <artifactId>chat-latency-gate</artifactId>
                  <version>1.0</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                %s
                  <!-- the plugin versions the offline build has -->
                  <build>
                    <plugins>
                      <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
                      <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.14.0</version></plugin>
                      <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.4</version></plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(section);
    }

    private static String withJunitBom(String pom, String version) {
        Matcher m = JUNIT_BOM_VERSION.matcher(pom);
        assertThat(m.find()).as("the README imports junit-bom").isTrue();
        return m.replaceFirst("$1" + version);
    }

    /** One nested build, started at once; {@link #awaitGatePassed()} waits for it. */
    private static final class Build {
        private final Path project;
        private final Process process;
        private final Path log;

        private Build(Path project, Process process, Path log) {
            this.project = project;
            this.process = process;
            this.log = log;
        }

        static Build start(String name, String pom) throws IOException {
            Path project = moduleDir().resolve("target/sample-user").resolve(name);
            StagedRepository.deleteRecursively(project);
            Path tests = Files.createDirectories(project.resolve("src/test/java"));
            Files.writeString(project.resolve("pom.xml"), pom, StandardCharsets.UTF_8);
            Files.writeString(tests.resolve("ChatLatencyTest.java"), ReadmeBlocks.blockContaining("java", "@BenchsuiteTest"),
                    StandardCharsets.UTF_8);
            Path log = project.resolve("build.log");
            // offline when the outer build is (what it needs is then already in the local repository); an online
            // outer build lets the nested one fetch what a fresh local repository lacks (the oldest JUnit's jars)
            List<String> command = new ArrayList<>(List.of(mvn(), "-B", "-Dmaven.repo.local=" + repository, "test"));
            if (!"[false]".equals(System.getProperty("sample.offline"))) command.add(1, "-o");
            Process p = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            return new Build(project, p, log);
        }

        void awaitGatePassed() throws IOException, InterruptedException {
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("the sample build did not end in 5 minutes; its log: " + log);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(process.exitValue()).as("exit code of the sample build; its log:%n%s", output).isZero();
            Path report = project.resolve("target/surefire-reports/TEST-ChatLatencyTest.xml");
            String xml = Files.readString(report, StandardCharsets.UTF_8);
            assertThat(attribute(xml, "tests")).as("tests run").isEqualTo("1");
            assertThat(attribute(xml, "failures")).isEqualTo("0");
            assertThat(attribute(xml, "errors")).isEqualTo("0");
            assertThat(attribute(xml, "skipped")).isEqualTo("0");
            assertThat(project.resolve("target/benchsuite-reports/ChatLatencyTest/p99WithinBudget/report.json")).isRegularFile();
            assertThat(output).as("the user's test run prints no SLF4J warning").doesNotContain("SLF4J");
        }

        /** The versions of junit-jupiter-api and -engine on the test class path Surefire reported. */
        List<String> jupiterVersions() throws IOException {
            String xml = Files.readString(project.resolve("target/surefire-reports/TEST-ChatLatencyTest.xml"), StandardCharsets.UTF_8);
            Matcher m = Pattern.compile("name=\"surefire.test.class.path\" value=\"([^\"]*)\"").matcher(xml);
            assertThat(m.find()).as("the test class path in the Surefire report").isTrue();
            List<String> versions = new ArrayList<>();
            Matcher jar = JUPITER_JAR.matcher(m.group(1));
            while (jar.find()) versions.add(jar.group(2));
            assertThat(versions).as("junit-jupiter-api and -engine on the class path").hasSize(2);
            return versions.stream().distinct().toList();
        }

        private static String attribute(String xml, String name) {
            Matcher m = Pattern.compile("<testsuite[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(xml);
            assertThat(m.find()).as("attribute %s of the Surefire report", name).isTrue();
            return m.group(1);
        }
    }

    private static String mvn() {
        String home = System.getProperty("sample.mavenHome", "");
        Path launcher = Path.of(home, "bin", isWindows() ? "mvn.cmd" : "mvn");
        return !home.isEmpty() && Files.isExecutable(launcher) ? launcher.toString() : "mvn";
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    private static String benchsuiteVersion() {
        return System.getProperty("sample.benchsuiteVersion");
    }

    private static Path moduleDir() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
    }
}
