package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Distinct canary secrets, one per secret slot, and the checks that none of them (nor a JSON-escaped,
 * URL-encoded or Base64 form, nor a credential built from it) appears in a text, a file or a directory
 * tree. Any command run with the canaries in its slots ({@link #runFlags}) is checked the same way.
 */
final class SecretCanaries {
    /** The value of the variable {@code --api-key-env} names (set for the tests by the build). */
    static final String API_KEY = "cnry-apikey-Q7w3R9t2Xe";
    /** The value of {@link #TOKEN_VAR}, given as a {@code secret:env:} reference. */
    static final String ENV_TOKEN = "cnry-envtok-M4n8B2v6Yu";
    static final String API_KEY_VAR = "BENCHSUITE_CANARY_API_KEY";
    static final String TOKEN_VAR = "BENCHSUITE_CANARY_TOKEN";
    static final String AUTHORIZATION = "cnry-auth-H4k8M2p6Wq";
    static final String CUSTOM = "cnry-custom-Z5x1C8v4Rt";
    static final String OTLP = "cnry-otlp-N3b7V2c9Kp";
    static final String URL_PASSWORD = "cnry-urlpw-J6g2F8d1Ls";
    static final String METRICS_PASSWORD = "cnry-smpw-L9k3P5s7Dh";
    static final String FILE_SECRET = "cnry-file-T2r6Y1u5Gf";

    static final List<String> ALL = List.of(API_KEY, ENV_TOKEN, AUTHORIZATION, CUSTOM, OTLP, URL_PASSWORD, METRICS_PASSWORD,
            FILE_SECRET);

    private SecretCanaries() {
    }

    /**
     * The run flags that put a canary in every secret slot: the API key variable, an Authorization header,
     * a {@code --secret-header} header, an {@code --otlp-header} (with {@code otlpEndpoint}), the password
     * of {@code --url} and of {@code --server-metrics-url}.
     *
     * @param server the server's base URL, {@code http://127.0.0.1:<port>}
     * @param otlpEndpoint the OTLP endpoint, or null for none
     */
    static List<String> runFlags(String server, String otlpEndpoint) {
        List<String> flags = new ArrayList<>(List.of("--api-key-env", API_KEY_VAR,
                "--header", "Authorization=Bearer " + AUTHORIZATION,
                "--header", "X-Custom=" + CUSTOM, "--secret-header", "X-Custom",
                "--header", "X-Org=acme",
                "--url", server.replace("http://", "http://alice:" + URL_PASSWORD + "@"),
                "--server-metrics-url", server.replace("http://", "http://bob:" + METRICS_PASSWORD + "@") + "/metrics"));
        if (otlpEndpoint != null) {
            flags.addAll(List.of("--otlp-endpoint", otlpEndpoint, "--otlp-header", "Authorization=Bearer " + OTLP));
        }
        return flags;
    }

    /** Every form in which a canary must not appear, lower case. */
    static Set<String> forms() {
        Set<String> out = new LinkedHashSet<>();
        for (String c : ALL) {
            List<String> wholes = List.of(c, "Bearer " + c, "alice:" + c, "bob:" + c);
            for (String w : wholes) {
                byte[] b = w.getBytes(StandardCharsets.UTF_8);
                out.add(strip(Base64.getEncoder().encodeToString(b)));
                out.add(strip(Base64.getUrlEncoder().encodeToString(b)));
            }
            out.add(c);
            out.add(c.replace("-", "\\u002d")); // a JSON escape of the dash
            out.add(URLEncoder.encode(c, StandardCharsets.UTF_8));
            out.add(c.replace("-", "%2d"));
        }
        List<String> lower = out.stream().map(s -> s.toLowerCase(Locale.ROOT)).toList();
        return new LinkedHashSet<>(lower);
    }

    private static String strip(String base64) {
        return base64.replaceAll("=+$", "");
    }

    /** Fails naming {@code what} and the canary form found in {@code text}. */
    static void assertNoneIn(String what, String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String f : forms()) {
            assertThat(lower.contains(f)).as(what + " holds the canary form '" + f + "'").isFalse();
        }
    }

    /** Every file under {@code root} (a directory or one file), checked with {@link #assertNoneIn(String, String)}. */
    static void assertNoneIn(Path root) throws IOException {
        if (!Files.exists(root)) return;
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1); // any bytes, gzip excepted
            assertNoneIn(f.toString(), text);
            String name = f.toString();
            assertNoneIn("the path " + name, name);
        }
    }

    /** The console of {@code cli} (stdout and stderr), checked. */
    static void assertNoneIn(CliHarness cli) {
        assertNoneIn("stdout", cli.out());
        assertNoneIn("stderr", cli.err());
    }
}
