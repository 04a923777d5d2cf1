package io.benchsuite.api.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretTest {
    private static final String VALUE = "sk-canary-0123456789";

    @Test
    void aSecretPrintsAsItsReferenceNeverItsValue() {
        assertThat(Secret.supplied(VALUE)).hasToString("secret:command-line");
        assertThat(Secret.env("API_TOKEN")).hasToString("secret:env:API_TOKEN");
        assertThat(Secret.file("/run/token")).hasToString("secret:file:/run/token");
        assertThat(Secret.supplied(VALUE).map(v -> "Bearer " + v).toString()).doesNotContain(VALUE);
    }

    @Test
    void theWrittenFormParsesBackToTheSameReference(@TempDir Path tmp) throws Exception {
        for (Secret s : new Secret[] {Secret.env("API_TOKEN"), Secret.file(tmp.resolve("t").toString()), Secret.supplied(VALUE)}) {
            assertThat(Secret.isReference(s.toString())).isTrue();
            assertThat(Secret.parse(s.toString())).isEqualTo(s);
        }
        assertThat(Secret.isReference("Bearer x")).isFalse();
        assertThat(Secret.parse("Bearer x").kind()).isEqualTo(Secret.Kind.COMMAND_LINE);
        assertThat(Secret.parse("Bearer x").resolve(n -> null)).isEqualTo("Bearer x");
    }

    @Test
    void referencesResolveWhenAskedEnvAndFileWithoutTheTrailingNewline(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("token");
        Files.writeString(f, VALUE + "\r\n");
        Map<String, String> env = Map.of("API_TOKEN", VALUE);
        assertThat(Secret.env("API_TOKEN").resolve(env::get)).isEqualTo(VALUE);
        assertThat(Secret.parse("secret:file:" + f).resolve(env::get)).isEqualTo(VALUE);
        assertThat(Secret.env("API_TOKEN").map(v -> "Bearer " + v).resolve(env::get)).isEqualTo("Bearer " + VALUE);
    }

    @Test
    void aMissingSecretIsNamedAndRefusedWithoutItsValue(@TempDir Path tmp) {
        assertThat(Secret.env("NOT_SET").missing(n -> null)).contains("environment variable NOT_SET is not set");
        assertThat(Secret.file(tmp.resolve("none").toString()).missing(n -> null)).get().asString().contains("cannot be read");
        Secret readBack = Secret.parse("secret:command-line");
        assertThat(readBack.missing(n -> null)).get().asString().contains("given on the command line");
        assertThatThrownBy(() -> readBack.resolve(n -> null)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("secret:command-line");
        assertThatThrownBy(() -> Secret.parse("secret:env:" + VALUE)).isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(VALUE));
    }

    @Test
    void aSealedConfigurationHoldsReferencesAndReportsThemNotTheValues() {
        BackendConfig c = BackendConfig.of(Map.of("url", "http://alice:" + VALUE + "@vllm:8000", "header.Authorization",
                "Bearer " + VALUE, "header.X-Org", "acme", "header.X-Token", "secret:env:API_TOKEN")).sealSecrets();
        assertThat(c.asMap().toString()).doesNotContain(VALUE);
        assertThat(c.redacted()).containsEntry("url", "http://vllm:8000")
                .containsEntry("url.user-info", "secret:command-line")
                .containsEntry("header.Authorization", "secret:command-line")
                .containsEntry("header.X-Token", "secret:env:API_TOKEN")
                .containsEntry("header.X-Org", "acme"); // not a secret: written as it is, so a rerun sends it
        assertThat(c.secret("header.Authorization").orElseThrow().resolve(n -> null)).isEqualTo("Bearer " + VALUE);
        assertThat(c.secret("url.user-info").orElseThrow().resolve(n -> null)).isEqualTo("alice:" + VALUE);
        assertThat(c.secretMask().mask("echo " + VALUE)).isEqualTo("echo ***");
        assertThat(c.toString()).doesNotContain(VALUE);
        assertThat(c.sealSecrets()).isEqualTo(c);
    }

    @Test
    void anUnsealedConfigurationStillMasksLiteralSecrets() {
        BackendConfig c = BackendConfig.of(Map.of("header.Authorization", "Bearer " + VALUE));
        assertThat(c.redacted()).containsEntry("header.Authorization", "***");
    }
}
