package io.benchsuite.api.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretMaskTest {
    @Test
    void masksTheWholeValueAndItsTokenPartsButNotSchemeWords() {
        SecretMask m = SecretMask.of(List.of("Bearer sk-abc/def+ghi"));
        assertThat(m.mask("auth: Bearer sk-abc/def+ghi")).isEqualTo("auth: ***");
        assertThat(m.mask("invalid key sk-abc/def+ghi provided")).isEqualTo("invalid key *** provided");
        assertThat(m.mask("{\"key\":\"sk-abc\\/def+ghi\"}")).isEqualTo("{\"key\":\"***\"}");
        assertThat(m.mask("key=sk-abc%2Fdef%2Bghi")).isEqualTo("key=***");
        assertThat(m.mask("use a Bearer token")).isEqualTo("use a Bearer token");
    }

    @Test
    void userAndPasswordPairsAreMaskedByPasswordAndAsBasicCredentials() {
        SecretMask m = SecretMask.of(List.of("alice:s3cret-pw"));
        String basic = Base64.getEncoder().encodeToString("alice:s3cret-pw".getBytes(StandardCharsets.UTF_8));
        assertThat(m.mask("Basic " + basic)).isEqualTo("Basic ***");
        assertThat(m.mask("password s3cret-pw rejected")).isEqualTo("password *** rejected");
        assertThat(m.mask("user alice:s3cret-pw")).isEqualTo("user ***");
    }

    @Test
    void shortPiecesAreNotMaskedOnTheirOwnAndNothingIsShownByToString() {
        SecretMask m = SecretMask.of(List.of("ab cdefgh"));
        assertThat(m.mask("ab cdefgh")).isEqualTo("***");
        assertThat(m.mask("a tab")).isEqualTo("a tab");
        assertThat(m.toString()).doesNotContain("cdefgh");
        assertThat(SecretMask.none().mask(null)).isNull();
    }

    @Test
    void userInfoIsStrippedFromUrlsEvenMalformedOnes() {
        assertThat(SecretMask.stripUserInfo("http://alice:pw@host:8000/v1?x=@y")).isEqualTo("http://host:8000/v1?x=@y");
        assertThat(SecretMask.stripUserInfo("http://bob:pw@[bad")).isEqualTo("http://[bad");
        assertThat(SecretMask.stripUserInfo("http://host/a@b")).isEqualTo("http://host/a@b");
        assertThat(SecretMask.stripUserInfo("not a url")).isEqualTo("not a url");
        assertThat(SecretMask.userInfo("https://alice:p%40ss@h")).contains("alice:p@ss");
        assertThat(SecretMask.userInfo("https://h/x@y")).isEmpty();
    }

    @Test
    void theConfigMasksSecretKeysMarkedHeadersAndUrlUserInfo() {
        BackendConfig c = BackendConfig.of(Map.of("url", "http://alice:p%40ssword@h:1", "header.X-Signature", "sig-value-1",
                "header.X-Org", "acme-corp", "header.Authorization", "Bearer tok-12345",
                BackendConfig.SECRET_HEADERS, "x-signature"));
        assertThat(c.isSecret("header.X-Signature")).isTrue();
        assertThat(c.isSecret("header.X-Org")).isFalse();
        assertThat(c.redacted()).containsEntry("url", "http://h:1").containsEntry("header.X-Signature", "***")
                .containsEntry("header.Authorization", "***").containsEntry("header.X-Org", "acme-corp");
        SecretMask m = c.secretMask();
        assertThat(m.mask("sig-value-1 tok-12345 p@ssword p%40ssword acme-corp")).isEqualTo("*** *** *** *** acme-corp");
    }
}
