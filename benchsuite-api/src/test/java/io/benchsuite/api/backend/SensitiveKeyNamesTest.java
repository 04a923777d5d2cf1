package io.benchsuite.api.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which configuration key names hide their values: credentials yes, token counts no. */
class SensitiveKeyNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"api-key", "token", "hf_token", "access-token", "header.X-Auth-Token", "header.Authorization",
            "password", "client-secret", "header.Cookie", "aws-credentials", "bearer-token", "TOKEN"})
    void credentialsAreSensitive(String key) {
        assertThat(BackendConfig.isSensitive(key)).as(key).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"max-tokens", "max_tokens", "first-token", "reasoning-tokens", "tokenizer", "output-tokens",
            "model", "url", "transport", "prewarm-connections"})
    void tokenCountsAndOrdinarySettingsAreShown(String key) {
        assertThat(BackendConfig.isSensitive(key)).as(key).isFalse();
    }

    @Test
    void aMaxTokensSettingReachesTheSafeView() {
        BackendConfig c = BackendConfig.of(Map.of("url", "http://h:1", "max-tokens", "64", "api-key", "sk-abcdef123456"));
        assertThat(c.redacted()).containsEntry("max-tokens", "64").doesNotContainValue("sk-abcdef123456");
    }
}
