package io.benchsuite.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The unused-method analysis on classes whose calls are known. */
class UnusedPublicMethodsTest {
    private static CompiledClass compiled(String simpleName) throws IOException {
        try (InputStream in = UnusedPublicMethodsTest.class.getResourceAsStream("/io/benchsuite/rules/fixture/" + simpleName + ".class")) {
            return CompiledClass.read(in.readAllBytes());
        }
    }

    @Test
    void reportsTheMethodsNobodyCallsAndTheOnesOnlyTestsCallAndNothingElse() throws IOException {
        List<CompiledClass> main = List.of(compiled("Subject"), compiled("SubjectSubclass"), compiled("MainCaller"), compiled("Subject$Pair"),
                compiled("Subject$Kind"));
        List<CompiledClass> tests = List.of(compiled("TestCaller"));
        List<CompiledClass> checked = List.of(main.get(0), main.get(3), main.get(4));

        List<String> findings = new UnusedPublicMethods(main, tests, getClass().getClassLoader()).find(checked, c -> "F.java");

        String subject = "F.java: io.benchsuite.rules.fixture.Subject.";
        assertThat(findings).containsExactlyInAnyOrder(
                subject + "calledByTestsOnly()V is public and only tests call it (io.benchsuite.rules.fixture.TestCaller): make it package-private",
                subject + "calledByNobody()V is public and nobody calls it: delete it",
                subject + "calledByNobody(I)V is public and only tests call it (io.benchsuite.rules.fixture.TestCaller): make it package-private",
                "F.java: io.benchsuite.rules.fixture.Subject$Pair.sumNobodyCalls()I is public and nobody calls it: delete it");
    }
}
