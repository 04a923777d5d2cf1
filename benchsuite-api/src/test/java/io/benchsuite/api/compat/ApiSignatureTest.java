package io.benchsuite.api.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.Backend;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The published API, checked against its signature baseline ({@code api/benchsuite-api.api}, see
 * {@link ApiSignatures}):
 *
 * <pre>mvn -pl benchsuite-api test -Dtest=ApiSignatureTest -Dapi.dump=true</pre>
 */
class ApiSignatureTest {

    private static final Path BASELINE = Path.of("api", "benchsuite-api.api");

    @Test
    void thePublicApiMatchesItsBaseline() throws Exception {
        ApiSignatures.assertMatchesBaseline(signatures(), BASELINE, "benchsuite-api");
    }

    @Test
    void theSignaturesSayWhatAUserCompilesAgainst() throws Exception {
        List<String> s = signatures();
        assertThat(s).contains("public interface io.benchsuite.api.backend.Backend extends java.lang.AutoCloseable",
                "  public static io.benchsuite.api.backend.RequestExtras io.benchsuite.api.backend.RequestExtras.none()");
        assertThat(s).noneMatch(l -> l.contains(".internal."));
        assertThat(s).noneMatch(l -> l.contains("private "));
    }

    static List<String> signatures() throws Exception {
        return ApiSignatures.of(Backend.class, "io.benchsuite.api.");
    }
}
