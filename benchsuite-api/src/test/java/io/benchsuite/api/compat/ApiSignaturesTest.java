package io.benchsuite.api.compat;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The baseline check every module with a published API runs: a line added or removed fails, naming it. */
class ApiSignaturesTest {

    @Test
    void aMatchingBaselinePassesAndAnAddedOrRemovedSignatureFailsNamingIt(@TempDir Path dir) throws Exception {
        Path baseline = dir.resolve("x.api");
        Files.write(baseline, List.of("public interface a.B", "  public abstract void a.B.c()"), StandardCharsets.UTF_8);
        assertThatCode(() -> ApiSignatures.assertMatchesBaseline(List.of("public interface a.B", "  public abstract void a.B.c()"),
                baseline, "m")).doesNotThrowAnyException();
        assertThatThrownBy(() -> ApiSignatures.assertMatchesBaseline(List.of("public interface a.B",
                "  public abstract void a.B.c()", "  public abstract void a.B.d()"), baseline, "m"))
                .isInstanceOf(AssertionError.class).hasMessageContaining("signatures added to the API but not to its baseline")
                .hasMessageContaining("a.B.d()").hasMessageContaining("mvn -pl m test");
        assertThatThrownBy(() -> ApiSignatures.assertMatchesBaseline(List.of("public interface a.B"), baseline, "m"))
                .isInstanceOf(AssertionError.class).hasMessageContaining("signatures removed or changed since the baseline")
                .hasMessageContaining("a.B.c()");
    }
}
