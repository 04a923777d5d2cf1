package io.benchsuite.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * CONTRIBUTING.md: outside {@code benchsuite-api} (and {@code benchsuite-junit} and {@code benchsuite-backend-tck},
 * which users call), no public method of main code is unused: a method only tests
 * call is package-private, one nobody calls is deleted. The exceptions, each with its reason, are in
 * {@code unused-public-methods-allowed.txt}.
 */
class UnusedPublicMethodRuleTest {
    /** The API, the assertions users write tests with and the kit that tests their backends: public for users. */
    private static final Set<String> PUBLIC_API_MODULES = Set.of("benchsuite-api", "benchsuite-junit", "benchsuite-backend-tck");
    /**
     * Packages outside those modules that plugins and listeners implement or call, each checked by a signature
     * baseline of its own or bound for the API: the HTTP SPI, and what listeners see of a run.
     */
    private static final Set<String> PUBLIC_API_PACKAGES = Set.of("io/benchsuite/backends/http/spi", "io/benchsuite/core/run");

    @Test
    void everyPublicMethodOutsideTheApiIsCalledByMainCode() {
        CompiledCode code = CompiledCode.read();
        List<CompiledClass> main = code.main.stream().map(CompiledCode.Located::type).toList();
        List<CompiledClass> checked = new ArrayList<>();
        Map<CompiledClass, String> files = new IdentityHashMap<>();
        for (CompiledCode.Located c : code.main) {
            if (PUBLIC_API_MODULES.contains(c.module().getFileName().toString())) continue;
            if (PUBLIC_API_PACKAGES.contains(c.type().packageName())) continue;
            c.sourceFile().ifPresent(file -> {
                checked.add(c.type());
                files.put(c.type(), file);
            });
        }
        List<String> findings = new UnusedPublicMethods(main, code.tests, getClass().getClassLoader()).find(checked, files::get);
        Set<String> allowed = allowed();
        List<String> reported = findings.stream().filter(f -> allowed.stream().noneMatch(a -> f.contains(": " + a + " is public"))).toList();
        assertThat(reported).as("public methods of main code that main code does not call").isEmpty();
        List<String> stale = allowed.stream().filter(a -> findings.stream().noneMatch(f -> f.contains(": " + a + " is public"))).toList();
        assertThat(stale).as("entries of unused-public-methods-allowed.txt that no longer match a finding (remove them)").isEmpty();
    }

    /** The allowed methods, {@code a.b.Class.method(descriptor)}; a line's text after {@code #} is its reason. */
    static Set<String> allowed() {
        try (InputStream in = UnusedPublicMethodRuleTest.class.getResourceAsStream("/unused-public-methods-allowed.txt")) {
            Set<String> out = new HashSet<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1)) {
                int hash = line.indexOf('#');
                String entry = (hash < 0 ? line : line.substring(0, hash)).strip();
                if (!entry.isEmpty()) out.add(entry);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
