package io.benchsuite.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** CONTRIBUTING.md: every package of main code has a {@code package-info.java}. */
class PackageInfoRuleTest {

    /** Every directory of main sources holding a {@code .java} file that has no {@code package-info.java}. */
    static List<String> packagesWithoutInfo(List<Path> sourceTrees) {
        List<String> missing = new ArrayList<>();
        for (Path tree : sourceTrees) {
            Set<Path> packages = new TreeSet<>();
            for (Path source : Repository.files(tree, ".java")) {
                if (!source.getFileName().toString().equals("module-info.java")) packages.add(source.getParent());
            }
            for (Path dir : packages) {
                if (!Files.isRegularFile(dir.resolve("package-info.java"))) missing.add(Repository.show(dir) + " has no package-info.java");
            }
        }
        return missing;
    }

    @Test
    void everyPackageOfMainCodeHasAPackageInfo() {
        List<Path> trees = Repository.modulesWithMainCode().stream().map(m -> m.resolve("src/main/java")).toList();
        assertThat(trees).as("modules with main code").isNotEmpty();
        assertThat(packagesWithoutInfo(trees)).as("packages without package-info.java (say what the package is for)").isEmpty();
    }

    @Test
    void aPackageWithoutInfoIsNamed() {
        Path fixtures = Repository.root().resolve("benchsuite-build-rules/src/test/resources/package-info-fixture");
        assertThat(packagesWithoutInfo(List.of(fixtures)))
                .containsExactly("benchsuite-build-rules/src/test/resources/package-info-fixture/bare has no package-info.java");
    }
}
