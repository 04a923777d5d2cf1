package io.benchsuite.api.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Declared options: unknown keys named with the nearest known one, values checked by type, secrets from the declaration. */
class BackendOptionTest {
    static final List<BackendOption> HTTP = List.of(
            BackendOption.URL.withDefault("http://localhost:8000"),
            BackendOption.duration("read-timeout", "longest silence").withDefault("60s"),
            BackendOption.duration("request-timeout", "whole request").withDefault("10m"),
            BackendOption.bool("insecure", "skip TLS checks").withDefault("false"),
            BackendOption.oneOf("endpoint", "which API", "chat", "completions").withDefault("chat"),
            BackendOption.integer("max-batch", "batch"),
            BackendOption.number("jitter", "noise"),
            BackendOption.string("org-id", "organisation sent with requests").asSecret(),
            BackendOption.HEADERS,
            BackendOption.SECRET_HEADERS);

    private static ConfigurationException rejected(Map<String, String> values) {
        try {
            BackendConfig.of(values).declaredBy("vllm", HTTP);
        } catch (ConfigurationException e) {
            return e;
        }
        throw new AssertionError("accepted " + values);
    }

    @Test
    void aMisspeltKeyIsRejectedNamingTheNearestDeclaredKey() {
        ConfigurationException e = rejected(Map.of("read-timout", "30s"));
        assertThat(e).hasMessage("unknown option 'read-timout' for backend 'vllm'; did you mean read-timeout?");
        assertThat(e.key()).contains("read-timout");
        assertThat(rejected(Map.of("insecrue", "true"))).hasMessageEndingWith("did you mean insecure?"); // transposition: 1 edit
        assertThat(rejected(Map.of("Endpoint", "chat"))).hasMessageEndingWith("did you mean endpoint?");
        assertThat(rejected(Map.of("modle", "m"))).as("run options are candidates too").hasMessageEndingWith("did you mean model?");
        assertThat(rejected(Map.of("headr.X-Org", "acme"))).hasMessageEndingWith("did you mean header.X-Org?");
        assertThat(rejected(Map.of("header", "acme"))).hasMessageEndingWith("did you mean header.<name>?");
    }

    @Test
    void aKeyFarFromEveryDeclaredKeyGetsTheListInstead() {
        ConfigurationException e = rejected(Map.of("colour", "blue"));
        assertThat(e.getMessage()).startsWith("unknown option 'colour' for backend 'vllm'; known options: url, read-timeout,")
                .contains("header.<name>").doesNotContain("did you mean");
        assertThat(rejected(Map.of("engine", "tgi")).getMessage()).doesNotContain("did you mean");
    }

    @Test
    void valuesAreCheckedAgainstTheirTypeNamingKeyAndExpectation() {
        assertThat(rejected(Map.of("read-timeout", "soon")))
                .hasMessage("backend config key 'read-timeout' of backend 'vllm': expected a duration such as 200ms, 30s or 5m, got 'soon'");
        assertThat(rejected(Map.of("insecure", "maybe"))).hasMessage("backend config key 'insecure' of backend 'vllm': expected true or false, got 'maybe'");
        assertThat(rejected(Map.of("endpoint", "embeddings")))
                .hasMessage("backend config key 'endpoint' of backend 'vllm': expected one of chat, completions, got 'embeddings'");
        assertThat(rejected(Map.of("max-batch", "1.5"))).hasMessage("backend config key 'max-batch' of backend 'vllm': expected an integer, got '1.5'");
        assertThat(rejected(Map.of("jitter", "NaN"))).hasMessage("backend config key 'jitter' of backend 'vllm': expected a finite number, got 'NaN'");
        assertThat(rejected(Map.of("url", "ftp://host")))
                .hasMessage("backend config key 'url' of backend 'vllm': expected an http:// or https:// URL, got 'ftp://host'");
        assertThat(rejected(Map.of("max-concurrency", "lots"))).as("run options are typed too")
                .hasMessage("backend config key 'max-concurrency' of backend 'vllm': expected an integer, got 'lots'");
        assertThat(rejected(Map.of("seed", "xyz"))).hasMessage("backend config key 'seed' of backend 'vllm': expected hex digits, got 'xyz'");
        assertThat(rejected(Map.of("quantization", "q3"))).hasMessage(
                "backend config key 'quantization' of backend 'vllm': expected one of none, fp8, awq, gptq, int8, got 'q3'");
        assertThat(rejected(Map.of("header.Bad Name", "x"))).hasMessage("backend config key 'header.Bad Name' of backend 'vllm': 'Bad Name' is not a valid header name");
        assertThat(rejected(Map.of("header.", "x"))).hasMessageContaining("needs a name after the prefix: header.<name>");
    }

    @Test
    void messagesNeverShowSecretValuesNorUrlPasswords() {
        assertThat(rejected(Map.of("url", "ftp://alice:hunter22@host")).getMessage()).doesNotContain("hunter22").contains("ftp://host");
        assertThat(rejected(Map.of("url", "http://bob:hunter22@[bad")).getMessage()).doesNotContain("hunter22");
        BackendConfig ok = BackendConfig.of(Map.of("header.X-Token", "tok-123456"));
        assertThat(ok.declaredBy("vllm", HTTP).asMap()).containsKey("header.X-Token");
        List<BackendOption> secretNumber = List.of(BackendOption.integer("pin", "a secret number").asSecret());
        assertThatThrownBy(() -> BackendConfig.of(Map.of("pin", "12x34")).declaredBy("bank", secretNumber))
                .hasMessage("backend config key 'pin' of backend 'bank': expected an integer (the value is secret and not shown)");
        List<BackendOption> tokenDelay = List.of(BackendOption.duration("session-delay", "named like a secret"));
        assertThatThrownBy(() -> BackendConfig.of(Map.of("session-delay", "s3cr3t-value")).declaredBy("x", tokenDelay))
                .hasMessageNotContaining("s3cr3t-value");
    }

    @Test
    void optionsDeclaredSecretAreMaskedEverywhereAlthoughTheirNameLooksHarmless() {
        BackendConfig plain = BackendConfig.of(Map.of("org-id", "org-7f3a9c", "read-timeout", "5s"));
        assertThat(plain.redacted()).as("undeclared: the name rule alone").containsEntry("org-id", "org-7f3a9c");
        BackendConfig declared = plain.declaredBy("vllm", HTTP);
        assertThat(declared.isSecret("org-id")).isTrue();
        assertThat(declared.redacted()).containsEntry("org-id", SecretMask.MASK).containsEntry("read-timeout", "5s");
        assertThat(declared.secretMask().mask("server said: bad org org-7f3a9c")).isEqualTo("server said: bad org ***");
        assertThat(declared.toString()).doesNotContain("org-7f3a9c");
        assertThat(declared.with("max-concurrency", "8").redacted()).as("copies keep the declarations")
                .containsEntry("org-id", SecretMask.MASK);
        assertThat(declared.options()).isEqualTo(HTTP);
    }

    @Test
    void runOptionsAreAcceptedByEveryDeclaringProviderAndCopiesAreChecked() {
        BackendConfig c = BackendConfig.of(Map.of("model", "m", "device", "h100", "quantization", "AWQ", "seed", "0x1f",
                "max-concurrency", "64")).declaredBy("vllm", HTTP);
        assertThat(c.asMap()).hasSize(5);
        assertThatThrownBy(() -> c.with("read-timout", "1s")).isInstanceOf(ConfigurationException.class)
                .hasMessageEndingWith("did you mean read-timeout?");
        assertThatThrownBy(() -> c.withDefaults(Map.of("jitter", "x"))).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void anUndeclaredProviderGetsEveryKeyUnchecked() {
        BackendConfig c = BackendConfig.of(Map.of("anything", "goes", "read-timout", "soon")).declaredBy("old", List.of());
        assertThat(c.asMap()).containsEntry("anything", "goes");
        assertThat(c.options()).isEmpty();
    }

    @Test
    void declarationsAreValidated() {
        assertThatThrownBy(() -> BackendOption.string("two words", "x")).hasMessageContaining("without spaces");
        assertThatThrownBy(() -> new BackendOption("e", BackendOption.Type.ENUM, "", "d", false, List.of()))
                .hasMessageContaining("needs choices");
        assertThatThrownBy(() -> BackendOption.family("header", BackendOption.Type.STRING, "d")).hasMessageContaining("ends with '.'");
        assertThatThrownBy(() -> BackendOption.string(null, "d")).hasMessageContaining("key");
        assertThat(BackendOption.HEADERS.matches("HEADER.X-Org")).isTrue();
        assertThat(BackendOption.HEADERS.displayKey()).isEqualTo("header.<name>");
        assertThat(BackendOption.QUANTIZATION.displayType()).isEqualTo("none|fp8|awq|gptq|int8");
        assertThat(BackendOption.Type.URL.problem("https://h:1/v1")).isEmpty();
        assertThat(BackendOption.Type.URL.problem("http:///nohost")).get().asString().contains("has no host name");
    }

    @Test
    void distanceCountsATranspositionAsOneEdit() {
        assertThat(OptionCheck.distance("read-timout", "read-timeout")).isEqualTo(1);
        assertThat(OptionCheck.distance("ab", "ba")).isEqualTo(1);
        assertThat(OptionCheck.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(OptionCheck.distance("", "abc")).isEqualTo(3);
    }

    @Test
    void theRegistryChecksBeforeCreateAndTurnsProviderArgumentErrorsIntoConfigurationErrors() {
        AtomicReference<BackendConfig> created = new AtomicReference<>();
        BackendProvider declaring = new BackendProvider() {
            @Override
            public String name() {
                return "strict";
            }

            @Override
            public Set<Capability> capabilities() {
                return Set.of();
            }

            @Override
            public List<BackendOption> options() {
                return HTTP;
            }

            @Override
            public Backend create(BackendConfig config) {
                created.set(config);
                if (config.string("jitter").isPresent()) throw new IllegalArgumentException("jitter must be in [0, 1)");
                return null;
            }
        };
        BackendRegistry registry = BackendRegistry.of(List.of(declaring));
        assertThatThrownBy(() -> registry.create("strict", BackendConfig.of(Map.of("read-timout", "1s"))))
                .isInstanceOf(ConfigurationException.class).hasMessageEndingWith("did you mean read-timeout?");
        assertThat(created.get()).as("not created with a bad configuration").isNull();
        assertThatThrownBy(() -> registry.create("strict", BackendConfig.of(Map.of("jitter", "2"))))
                .isInstanceOf(ConfigurationException.class).hasMessage("jitter must be in [0, 1)");
        registry.create("strict", BackendConfig.of(Map.of("org-id", "org-7f3a9c")));
        assertThat(created.get().redacted()).as("the provider gets the declared configuration")
                .containsEntry("org-id", SecretMask.MASK);
    }

    @Test
    void typedGettersThrowConfigurationExceptionsThatHideSecrets() {
        BackendConfig c = BackendConfig.of(Map.of("n", "x", "api-token", "tok-9"));
        assertThatThrownBy(() -> c.integer("n", 1)).isInstanceOf(ConfigurationException.class)
                .hasMessage("backend config key 'n': expected an integer, got 'x'");
        assertThatThrownBy(() -> c.integer("api-token", 1)).isInstanceOf(ConfigurationException.class)
                .hasMessageNotContaining("tok-9");
        assertThatThrownBy(() -> c.requireString("missing")).isInstanceOf(ConfigurationException.class)
                .satisfies(e -> assertThat(((ConfigurationException) e).key()).contains("missing"));
    }
}
