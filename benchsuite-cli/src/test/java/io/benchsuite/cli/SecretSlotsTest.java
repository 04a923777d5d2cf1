package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How each secret slot is written to a file, and how the command line overrides a file's headers. */
class SecretSlotsTest {
    private static final Set<String> MARKED = Set.of("x-custom");

    @Test
    void secretHeadersAreWrittenAsReferencesOtherHeadersAsTheyAre() {
        Object written = SecretSlots.written("header", List.of("Authorization=Bearer sk-1", "X-Custom=c-2", "X-Org=acme",
                "X-Env=secret:env:TOKEN", "X-File=secret:file:/run/t"), MARKED, k -> false);
        assertThat(written).isEqualTo(Map.of("Authorization", "secret:command-line", "X-Custom", "secret:command-line",
                "X-Org", "acme", "X-Env", "secret:env:TOKEN", "X-File", "secret:file:/run/t"));
        assertThat(SecretSlots.written("otlp-header", Map.of("X-Plain", "v"), Set.of(), k -> false))
                .as("every OTLP header value is a secret").isEqualTo(Map.of("X-Plain", "secret:command-line"));
    }

    @Test
    void urlUserInformationIsWrittenAsAReferenceInItsPlace() {
        assertThat(SecretSlots.written("url", "http://alice:pw-1@vllm:8000/v1", Set.of(), k -> false))
                .isEqualTo("http://secret:command-line@vllm:8000/v1");
        assertThat(SecretSlots.written("server-metrics-url", "http://secret:env:CREDS@vllm:8000/metrics", Set.of(), k -> false))
                .isEqualTo("http://secret:env:CREDS@vllm:8000/metrics");
        assertThat(SecretSlots.written("url", "http://vllm:8000", Set.of(), k -> false)).isEqualTo("http://vllm:8000");
        assertThat(SecretSlots.written("backend-option", List.of("org-id=o-1", "header.X-Custom=c", "read-timeout=5s",
                "url=http://a:b@h:1"), MARKED, "org-id"::equals)).isEqualTo(Map.of("org-id", "secret:command-line",
                "header.X-Custom", "secret:command-line", "read-timeout", "5s", "url", "http://secret:command-line@h:1"));
    }

    @Test
    void theCommandLineOverridesAFilesHeadersByName() {
        List<String> file = List.of("--header", "X-Org=acme", "--header", "Authorization=secret:command-line");
        assertThat(SecretSlots.notOverridden("header", file, List.of("authorization=Bearer x")))
                .containsExactly("--header", "X-Org=acme");
        assertThat(SecretSlots.notOverridden("rate", List.of("--rate", "4"), "5")).isEmpty();
        assertThat(SecretSlots.mergeWritten(Map.of("X-Org", "acme", "Authorization", "secret:command-line"),
                Map.of("authorization", "secret:env:T"))).isEqualTo(Map.of("X-Org", "acme", "authorization", "secret:env:T"));
    }
}
