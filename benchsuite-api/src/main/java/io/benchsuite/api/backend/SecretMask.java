package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Masks secret values (API keys, credential headers, passwords in URLs) in any text that may leave
 * the process: error messages, report fields, log lines.
 *
 * <p>A server that echoes a credential rarely echoes it whole and verbatim: a 401 body may quote
 * only the token after {@code Bearer }, a JSON error escapes {@code /} as {@code \/}, a proxy may
 * URL-encode it. So each secret is masked as a whole <em>and</em> by each of its token parts (the
 * pieces between white space, {@code ,} and {@code ;}, except authentication scheme words such as
 * {@code Bearer}), in plain, JSON-escaped and URL-encoded form; a {@code user:password} pair is
 * masked as a pair, by its password and by its Base64 form (what HTTP Basic sends). Pieces shorter
 * than {@value #MIN_LENGTH} characters are not masked on their own: masking {@code "a"} everywhere
 * would mangle every message while protecting nothing.
 *
 * <p>Immutable and thread-safe; {@link #toString()} never shows a value.
 */
public final class SecretMask {
    /** What every secret is replaced by. */
    public static final String MASK = "***";
    /** Shortest piece of a secret that is masked on its own. */
    public static final int MIN_LENGTH = 4;

    private static final Set<String> SCHEMES = Set.of("bearer", "basic", "token", "digest", "apikey", "api-key",
            "key", "negotiate", "hoba", "mutual", "aws4-hmac-sha256");
    private static final SecretMask NONE = new SecretMask(List.of());

    private final List<String> needles;

    private SecretMask(List<String> needles) {
        this.needles = needles;
    }

    /**
     * A mask that masks nothing.
     *
     * @return a mask that masks nothing
     */
    public static SecretMask none() {
        return NONE;
    }

    /**
     * A mask for {@code secrets}; {@code null} and blank entries are ignored.
     *
     * @param secrets secret values, e.g. header values, API keys
     * @return a mask for the values and their parts
     */
    public static SecretMask of(Collection<String> secrets) {
        notNull(secrets, "secrets");
        Set<String> pieces = new LinkedHashSet<>();
        for (String s : secrets) {
            if (s == null || s.isBlank()) continue;
            addWithParts(pieces, s.strip());
        }
        return fromPieces(pieces);
    }

    /**
     * This mask and {@code other} together.
     *
     * @param other another mask
     * @return a mask that masks what either masks
     */
    public SecretMask and(SecretMask other) {
        notNull(other, "other");
        if (other.needles.isEmpty()) return this;
        if (needles.isEmpty()) return other;
        Set<String> all = new LinkedHashSet<>(needles);
        all.addAll(other.needles);
        return fromPieces(all);
    }

    /**
     * Whether this mask masks nothing.
     *
     * @return whether there is no secret to mask
     */
    public boolean isEmpty() {
        return needles.isEmpty();
    }

    /**
     * {@code text} with every secret and every secret part replaced by {@value #MASK}.
     *
     * @param text any text; {@code null} gives {@code null}
     * @return the masked text
     */
    public String mask(String text) {
        if (text == null || needles.isEmpty()) return text;
        String t = text;
        for (String n : needles) {
            if (t.contains(n)) t = t.replace(n, MASK);
        }
        return t;
    }

    /**
     * The user information ({@code user:password}) of a URL given as text, if it has any. Works on
     * text that is not a valid URI too (a malformed URL may still carry a password).
     *
     * @param url a URL as typed
     * @return the user information, URL-decoded
     */
    public static Optional<String> userInfo(String url) {
        if (url == null) return Optional.empty();
        int scheme = url.indexOf("://");
        if (scheme < 0) return Optional.empty();
        int start = scheme + 3;
        int end = authorityEnd(url, start);
        int at = url.lastIndexOf('@', end - 1);
        if (at < start) return Optional.empty();
        return Optional.of(java.net.URLDecoder.decode(url.substring(start, at).replace("+", "%2B"), StandardCharsets.UTF_8));
    }

    /**
     * {@code url} without its user information ({@code http://alice:pw@host} becomes
     * {@code http://host}); other text is returned unchanged.
     *
     * @param url a URL as typed, possibly malformed
     * @return the URL, safe to show
     */
    public static String stripUserInfo(String url) {
        if (url == null) return null;
        int scheme = url.indexOf("://");
        if (scheme < 0) return url;
        int start = scheme + 3;
        int end = authorityEnd(url, start);
        int at = url.lastIndexOf('@', end - 1);
        if (at < start) return url;
        return url.substring(0, start) + url.substring(at + 1);
    }

    private static int authorityEnd(String url, int start) {
        int end = url.length();
        for (char c : new char[] {'/', '?', '#'}) {
            int i = url.indexOf(c, start);
            if (i >= 0 && i < end) end = i;
        }
        return end;
    }

    private static void addWithParts(Set<String> pieces, String secret) {
        addForms(pieces, secret);
        for (String part : secret.split("[\\s,;]+")) {
            if (part.isEmpty() || SCHEMES.contains(part.toLowerCase(Locale.ROOT))) continue;
            addForms(pieces, part);
            int colon = part.indexOf(':');
            if (colon > 0 && colon < part.length() - 1 && !part.contains("://")) {
                // user:password (URL user information, or the decoded form of a Basic credential)
                addForms(pieces, part.substring(colon + 1));
                addForms(pieces, Base64.getEncoder().encodeToString(part.getBytes(StandardCharsets.UTF_8)));
            }
        }
    }

    private static void addForms(Set<String> pieces, String s) {
        if (s.length() < MIN_LENGTH) return;
        pieces.add(s);
        pieces.add(s.replace("\\", "\\\\").replace("\"", "\\\"").replace("/", "\\/"));
        pieces.add(URLEncoder.encode(s, StandardCharsets.UTF_8));
    }

    private static SecretMask fromPieces(Collection<String> pieces) {
        List<String> sorted = new ArrayList<>(new LinkedHashSet<>(pieces));
        // Longest first, so a secret that contains another is masked whole.
        sorted.sort((a, b) -> Integer.compare(b.length(), a.length()));
        return sorted.isEmpty() ? NONE : new SecretMask(List.copyOf(sorted));
    }

    @Override
    public String toString() {
        return "SecretMask[" + needles.size() + " forms hidden]";
    }
}
