package io.benchsuite.backends.http.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.compat.ApiSignatures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The HTTP plugin SPI checked against its signature baseline {@code api/http-spi.api} with the API
 * module's own check ({@link ApiSignatures}): the {@code spi} package and the public types of
 * {@code io.benchsuite.backends.http} it takes ({@code HttpSettings}, {@code EnvironmentVariables},
 * {@code HttpOptions}, {@code Transport}); {@code http.internal} is left out.
 *
 * <pre>mvn -pl benchsuite-backends test -Dtest=HttpSpiSignatureTest -Dapi.dump=true</pre>
 */
class HttpSpiSignatureTest {

    private static final Path BASELINE = Path.of("api", "http-spi.api");

    @Test
    void theSpiMatchesItsBaseline() throws Exception {
        ApiSignatures.assertMatchesBaseline(signatures(), BASELINE, "benchsuite-backends");
    }

    @Test
    void theSpiIsWhatAPluginImplementsAndNoImplementation() throws Exception {
        List<String> s = signatures();
        assertThat(s).contains("public interface io.benchsuite.backends.http.spi.ResponseDialect",
                "public interface io.benchsuite.backends.http.spi.Emitter",
                "public interface io.benchsuite.backends.http.spi.HttpTransport extends java.lang.AutoCloseable",
                "  public static io.benchsuite.backends.http.spi.HttpTransport io.benchsuite.backends.http.spi.HttpTransport"
                        + ".open(java.lang.String,io.benchsuite.backends.http.HttpSettings,"
                        + "io.benchsuite.backends.http.EnvironmentVariables)");
        assertThat(s).contains("public record io.benchsuite.backends.http.HttpSettings");
        assertThat(s).noneMatch(l -> l.contains(".internal.")).noneMatch(l -> l.contains("netty"));
    }

    private static List<String> signatures() throws Exception {
        return ApiSignatures.of(ResponseDialect.class, "io.benchsuite.backends.http.");
    }
}
