package io.benchsuite.rules;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Every module's compiled main and test classes, each with the module it belongs to. */
final class CompiledCode {
    /** A compiled class and where it came from. */
    record Located(CompiledClass type, Path module) {
        /** The source file that declares it, relative to the root; empty for a generated class. */
        Optional<String> sourceFile() {
            Path source = module.resolve("src/main/java").resolve(type.topLevelName() + ".java");
            return Files.isRegularFile(source) ? Optional.of(Repository.show(source)) : Optional.empty();
        }
    }

    final List<Located> main = new ArrayList<>();
    final List<CompiledClass> tests = new ArrayList<>();

    /** Reads every module's classes; skips the calling test when a module with main code is not compiled. */
    static CompiledCode read() {
        CompiledCode code = new CompiledCode();
        for (Path module : Repository.modulesWithMainCode()) {
            Path classes = module.resolve("target/classes");
            assumeTrue(Files.isDirectory(classes), () -> Repository.show(module) + " is not compiled: run the whole build (mvn verify)");
            for (CompiledClass c : CompiledClass.readAll(classes)) code.main.add(new Located(c, module));
        }
        for (Path module : Repository.modules()) code.tests.addAll(CompiledClass.readAll(module.resolve("target/test-classes")));
        return code;
    }
}
