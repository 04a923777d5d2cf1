package io.benchsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.openai.OpenAiSettings;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every built-in provider declares its options, and the registry holds configurations to them. */
class DeclaredOptionsTest {
    private static final List<String> BUILT_IN = List.of("openai", "vllm", "sglang", "llamacpp", "transformers", "tgi",
            "tgi-native", "inprocess");
    private final BackendRegistry registry = BackendRegistry.load();

    @Test
    void everyBuiltInProviderDeclaresItsOptionsOnceEach() {
        for (String name : BUILT_IN) {
            List<BackendOption> options = registry.provider(name).options();
            assertThat(options).as(name).isNotEmpty();
            Set<String> keys = new HashSet<>();
            for (BackendOption o : options) {
                assertThat(keys.add(o.key())).as(name + " declares " + o.key() + " twice").isTrue();
                assertThat(o.description()).as(name + " " + o.key()).isNotBlank();
            }
        }
    }

    @Test
    void httpProvidersDeclareEveryKeyTheirSettingsRead() {
        for (String name : List.of("openai", "vllm", "sglang", "llamacpp", "transformers", "tgi", "tgi-native")) {
            BackendProvider p = registry.provider(name);
            assertThat(p.options()).extracting(BackendOption::key).as(name).contains(BackendConfig.URL, BackendConfig.MODEL,
                    BackendConfig.API_KEY_ENV, BackendConfig.HEADER_PREFIX, BackendConfig.SECRET_HEADERS,
                    BackendConfig.MAX_CONCURRENCY, HttpSettings.CONNECT_TIMEOUT, HttpSettings.READ_TIMEOUT,
                    HttpSettings.REQUEST_TIMEOUT, HttpSettings.PREFLIGHT_TIMEOUT, HttpSettings.INSECURE,
                    HttpSettings.MAX_EVENT_SIZE);
        }
        assertThat(registry.provider("vllm").options()).extracting(BackendOption::key).contains(OpenAiSettings.ENDPOINT,
                OpenAiSettings.EXACT_LENGTH, OpenAiSettings.INCLUDE_USAGE, OpenAiSettings.REQUIRE_DONE, OpenAiSettings.PARAM_PREFIX);
        assertThat(registry.provider("tgi-native").options()).extracting(BackendOption::key).doesNotContain(OpenAiSettings.ENDPOINT);
    }

    @Test
    void presetDefaultsAreDeclared() {
        assertThat(option("sglang", BackendConfig.URL).defaultValue()).isEqualTo("http://localhost:30000");
        assertThat(option("llamacpp", BackendConfig.URL).defaultValue()).isEqualTo("http://localhost:8080");
        assertThat(option("vllm", OpenAiSettings.EXACT_LENGTH).defaultValue()).isEqualTo("true");
        assertThat(option("openai", OpenAiSettings.EXACT_LENGTH).defaultValue()).isEqualTo("false");
        assertThat(option("tgi", OpenAiSettings.REQUIRE_DONE).defaultValue()).isEqualTo("false");
        assertThat(option("vllm", HttpSettings.READ_TIMEOUT).defaultValue()).isEqualTo("60s");
    }

    @Test
    void aMisspeltKeyNeverReachesTheBackend() {
        assertThatThrownBy(() -> registry.create("vllm", BackendConfig.of(Map.of("read-timout", "30s"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("unknown option 'read-timout' for backend 'vllm'; did you mean read-timeout?");
        assertThatThrownBy(() -> registry.create("tgi-native", BackendConfig.of(Map.of("header.X-Org", "a", "connect-timeout", "fast"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend config key 'connect-timeout' of backend 'tgi-native': expected a duration");
        assertThatThrownBy(() -> registry.create("inprocess", BackendConfig.of(Map.of("generater", "x.Y"))))
                .hasMessageEndingWith("did you mean generator?");
        assertThatThrownBy(() -> registry.create("inprocess", BackendConfig.of(Map.of("threads", "0", "generator", "no.such.Gen"))))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("'generator': class 'no.such.Gen' is not on the class path");
    }

    @Test
    void aDeclaredConfigurationCreatesTheBackend() {
        try (Backend b = registry.create("vllm", BackendConfig.of(Map.of("url", "http://127.0.0.1:9", "read-timeout", "5s",
                "param.top_p", "0.9", "header.X-Org", "acme", "seed", "0123456789abcdef", "max-concurrency", "4",
                "device", "h100", "quantization", "awq")))) {
            assertThat(b.info().name()).isEqualTo("vllm");
        }
    }

    private BackendOption option(String backend, String key) {
        return registry.provider(backend).options().stream().filter(o -> o.key().equals(key)).findFirst().orElseThrow();
    }
}
