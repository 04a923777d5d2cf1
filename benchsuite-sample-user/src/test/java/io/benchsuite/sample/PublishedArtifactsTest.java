package io.benchsuite.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What a user's build gets: the BOM manages every published artifact and the JUnit and SLF4J lines the
 * build uses; the modules that are only built and tested are neither installed nor deployed.
 */
class PublishedArtifactsTest {
    private static final List<String> UNPUBLISHED = List.of("benchsuite-examples", "benchsuite-benchmarks", "benchsuite-sample-user", "benchsuite-build-rules");

    private static Path root() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    }

    private static String pom(String module) throws IOException {
        return Files.readString(root().resolve(module).resolve("pom.xml"), StandardCharsets.UTF_8);
    }

    private static List<String> all(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void theBomManagesEveryPublishedModuleAndTheBuildsJunitAndSlf4j() throws IOException {
        String parent = pom(".");
        String bom = pom("benchsuite-bom");
        List<String> published = new ArrayList<>(all(Pattern.compile("<module>([^<]+)</module>"), parent));
        published.removeAll(UNPUBLISHED);
        published.remove("benchsuite-bom");
        List<String> managed = all(Pattern.compile("<artifactId>(benchsuite-[^<]+)</artifactId>"), bom);
        managed.remove("benchsuite-bom"); // its own coordinates
        assertThat(managed).isNotEmpty().containsExactlyInAnyOrderElementsOf(published);
        assertThat(bom).contains("<artifactId>junit-bom</artifactId>").contains("<artifactId>slf4j-bom</artifactId>");
        for (String property : List.of("junit.version", "slf4j.version")) {
            Pattern p = Pattern.compile("<" + Pattern.quote(property) + ">([^<]+)<");
            assertThat(all(p, bom)).as("the BOM's " + property + " is the build's").isEqualTo(all(p, parent)).hasSize(1);
        }
    }

    @Test
    void modulesThatAreOnlyBuiltAndTestedAreNeitherInstalledNorDeployed() throws IOException {
        for (String module : UNPUBLISHED) {
            assertThat(pom(module)).as(module).contains("<maven.install.skip>true</maven.install.skip>")
                    .contains("<maven.deploy.skip>true</maven.deploy.skip>");
        }
    }
}
