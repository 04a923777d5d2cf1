package io.benchsuite.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * CONTRIBUTING.md: one meaning per simple class name across every module's main code, and no nested type
 * named like a top-level class.
 */
class ClassNameRuleTest {
    /**
     * Nested types that keep a taken name for now (none since {@code Slo.LatencyLimit}, {@code SweepDocument.AxisEntry}
     * and {@code SweepDocument.KneeEntry} were renamed). Remove an entry with its rename.
     */
    private static final Set<String> NOT_YET_RENAMED = Set.of();

    /** The source files of every top-level class of main code, by simple name. */
    static Map<String, List<String>> topLevelClasses(List<Path> sourceTrees) {
        Map<String, List<String>> byName = new TreeMap<>();
        for (Path tree : sourceTrees) {
            for (Path source : Repository.files(tree, ".java")) {
                String file = source.getFileName().toString();
                if (file.equals("package-info.java") || file.equals("module-info.java")) continue;
                byName.computeIfAbsent(file.substring(0, file.length() - ".java".length()), k -> new ArrayList<>()).add(Repository.show(source));
            }
        }
        return byName;
    }

    @Test
    void noTwoTopLevelClassesOfMainCodeShareASimpleName() {
        List<String> clashes = new ArrayList<>();
        topLevelClasses(mainTrees()).forEach((name, files) -> {
            if (files.size() > 1) clashes.add(name + " names " + files.size() + " classes: " + String.join(", ", files));
        });
        assertThat(clashes).as("simple class names used twice (rename one so that the name says what it does)").isEmpty();
    }

    @Test
    void noNestedTypeOfMainCodeIsNamedLikeATopLevelClass() {
        Map<String, List<String>> topLevel = topLevelClasses(mainTrees());
        List<String> clashes = new ArrayList<>();
        Set<String> kept = new TreeSet<>();
        for (CompiledCode.Located c : CompiledCode.read().main) {
            String nested = c.type().memberName;
            if (nested == null || !topLevel.containsKey(nested)) continue;
            if (NOT_YET_RENAMED.contains(c.type().binaryName().replace('$', '.'))) {
                kept.add(c.type().binaryName().replace('$', '.'));
                continue;
            }
            clashes.add(c.sourceFile().orElse(Repository.show(c.module())) + ": nested type " + c.type().binaryName().replace('$', '.')
                    + " has the name of " + String.join(", ", topLevel.get(nested)));
        }
        assertThat(clashes).as("nested types named like a top-level class (rename the nested one)").isEmpty();
        assertThat(kept).as("NOT_YET_RENAMED entries that no longer clash (remove them)").isEqualTo(new TreeSet<>(NOT_YET_RENAMED));
    }

    @Test
    void aSharedNameIsReportedWithBothFiles() {
        Path fixtures = Repository.root().resolve("benchsuite-build-rules/src/test/resources/package-info-fixture");
        Map<String, List<String>> names = topLevelClasses(List.of(fixtures.resolve("bare"), fixtures.resolve("described"), fixtures.resolve("bare")));
        assertThat(names.get("Lonely")).hasSize(2).allMatch(f -> f.endsWith("package-info-fixture/bare/Lonely.java"));
        assertThat(names.get("Described")).containsExactly("benchsuite-build-rules/src/test/resources/package-info-fixture/described/Described.java");
    }

    private static List<Path> mainTrees() {
        return Repository.modulesWithMainCode().stream().map(m -> m.resolve("src/main/java")).toList();
    }
}
