package io.benchsuite.api.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
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

    /** A realistic key with '/', '+' and '=' in it, whose Base64 forms differ between the two alphabets. */
    private static final String KEY = "sk-proj-Q7vX2mLp9/Rt4sYw8Kz+N3bC6dH???";

    @Test
    void everyEncodedFormOfTheSecretIsMasked() {
        SecretMask m = SecretMask.of(List.of("Bearer " + KEY));
        byte[] bytes = KEY.getBytes(StandardCharsets.UTF_8);
        String standard = Base64.getEncoder().encodeToString(bytes);
        String urlSafe = Base64.getUrlEncoder().encodeToString(bytes);
        assertThat(standard).as("the test key exercises both alphabets").isNotEqualTo(urlSafe).endsWith("=");
        for (String form : List.of(KEY, KEY.replace("/", "\\/"), URLEncoder.encode(KEY, StandardCharsets.UTF_8),
                standard, standard.replace("=", ""), urlSafe, urlSafe.replace("=", ""), KEY.toUpperCase(Locale.ROOT),
                KEY.toLowerCase(Locale.ROOT))) {
            assertThat(m.mask("rejected [" + form + "] here")).as("form %s", form).isEqualTo("rejected [***] here");
        }
    }

    @Test
    void partialEchoesOfEightCharactersOrMoreAreMasked() {
        SecretMask m = SecretMask.of(List.of(KEY));
        // the first 10 characters, as OpenAI's "Incorrect API key provided: sk-proj-Q7****" shows them
        assertThat(m.mask("Incorrect API key provided: " + KEY.substring(0, 10) + "****"))
                .isEqualTo("Incorrect API key provided: *******");
        // the key split at '/': each side on its own
        assertThat(m.mask("token tail Rt4sYw8Kz+N3bC6dH??? unknown")).isEqualTo("token tail *** unknown");
        assertThat(m.mask("prefix sk-proj-Q7vX2mLp9 only")).isEqualTo("prefix *** only");
        // the last 8 characters, upper-cased
        assertThat(m.mask("ends in " + KEY.substring(KEY.length() - 8).toUpperCase(Locale.ROOT))).isEqualTo("ends in ***");
        // the first 10 characters of the Base64 form
        String b64 = Base64.getEncoder().encodeToString(KEY.getBytes(StandardCharsets.UTF_8));
        assertThat(m.mask("auth=" + b64.substring(0, 10) + "...")).isEqualTo("auth=***...");
        // seven characters of the key are not enough on their own
        assertThat(m.mask("Q7vX2mL")).isEqualTo("Q7vX2mL");
    }

    @Test
    void shortPiecesBetweenSeparatorsAreMaskedOnlyWhenTheyDoNotReadAsWords() {
        SecretMask m = SecretMask.of(List.of("a1b2c3/xy.example.org:7Fq9zz"));
        assertThat(m.mask("user a1b2c3 denied")).isEqualTo("user *** denied");
        assertThat(m.mask("port 7Fq9zz")).isEqualTo("port ***");
        assertThat(m.mask("see the example below, an ordinary sentence")).isEqualTo("see the example below, an ordinary sentence");
    }

    @Test
    void ordinaryTextAroundASecretIsLeftAlone() {
        SecretMask m = SecretMask.of(List.of("Bearer " + KEY, "X-Org-Token-value-4417"));
        String text = "HTTP 401 from http://127.0.0.1:8000/v1/chat/completions: invalid authentication, "
                + "the request was rejected by the server (Bearer token expired)";
        assertThat(m.mask(text)).isEqualTo(text);
        assertThat(m.mask("Bearer someone-elses-key")).isEqualTo("Bearer someone-elses-key");
        // touching masked stretches become one mask
        assertThat(m.mask(KEY + "X-Org-Token-value-4417")).isEqualTo("***");
    }
}
