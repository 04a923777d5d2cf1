package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Masks secret values (API keys, credential headers, passwords in URLs) in any text that may leave
 * the process: error messages, report fields, log lines.
 *
 * <p>A server that echoes a credential rarely echoes it whole and verbatim: a 401 body may quote only
 * the token after {@code Bearer }, or its first characters ("{@code Incorrect API key provided:
 * sk-proj-abc****}"), a JSON error escapes {@code /} as {@code \/}, a proxy may URL-encode it or
 * upper-case it, a gateway may log its Base64 form. The rule, for every secret:
 * <ol>
 *   <li>Its <b>parts</b> are the secret itself and the pieces between white space, {@code ,} and
 *       {@code ;}, except authentication scheme words such as {@code Bearer}; a {@code user:password}
 *       part adds its password. (Runs of characters, rule 4, are taken from the pieces, not across
 *       the white space of the whole: {@code Bearer s} is no secret.)</li>
 *   <li>Each part of at least {@value #MIN_LENGTH} characters is masked wherever it appears in any of
 *       its <b>forms</b>: plain, JSON-escaped, URL-encoded, and Base64 in the standard and the URL-safe
 *       alphabet, with or without padding (HTTP Basic sends {@code user:password} so).</li>
 *   <li>Matching ignores <b>case</b> ({@code SK-ABC…} is {@code sk-abc…}).</li>
 *   <li><b>Any run of at least {@value #MIN_FRAGMENT} characters</b> of a part of at least that length,
 *       or of one of its forms, is masked too: a prefix, a suffix, a piece between two
 *       {@code /}. Eight characters of a random key do not occur by chance in ordinary text.</li>
 *   <li>The pieces of a part between {@code / : . = +} of {@value #MIN_SPLIT_PIECE} or
 *       {@value #MIN_SPLIT_PIECE}+1 characters are masked on their own when they do not read as a word
 *       (they hold a digit or a symbol, or mix case not as a capitalised word): the {@code a1b2c3} of
 *       {@code a1b2c3/…} is masked, a host name's {@code example} is not.</li>
 * </ol>
 * Shorter pieces are not masked on their own: masking {@code "a"} everywhere would mangle every message
 * while protecting nothing. Where masked stretches touch or overlap, one {@value #MASK} replaces them.
 *
 * <p>Cost: one pass over the text per call with a rolling key of the last eight characters and one
 * table probe per position, plus one search per whole form of a short piece (about 5 µs for a
 * 550-character error message and three secrets); it runs on messages (errors, log lines, report
 * fields), never per streamed token.
 * Immutable and thread-safe; {@link #toString()} never shows a value.
 */
public final class SecretMask {
    /** What every secret is replaced by. */
    public static final String MASK = "***";
    /** Shortest part of a secret that is masked on its own. */
    public static final int MIN_LENGTH = 4;
    /** Shortest run of a secret's characters that is masked wherever it appears. */
    public static final int MIN_FRAGMENT = 8;
    /** Shortest piece between {@code / : . = +} masked on its own when it does not read as a word. */
    public static final int MIN_SPLIT_PIECE = 6;

    private static final Set<String> SCHEMES = Set.of("bearer", "basic", "token", "digest", "apikey", "api-key",
            "key", "negotiate", "hoba", "mutual", "aws4-hmac-sha256");
    private static final SecretMask NONE = new SecretMask(List.of(), Set.of());

    /** Whole forms, lower-cased, longest first. */
    private final List<String> needles;
    /** Every {@value #MIN_FRAGMENT}-character run of a long part or form, lower-cased. */
    private final Set<String> fragments;

    /** The ASCII fragments, each packed 7 bits a character with {@link #PACKED}, in an open-addressing table. */
    private final long[] packed;
    /** The fragments with a character outside ASCII, looked up as text. */
    private final Set<String> wide;

    private static final long PACKED = 1L << 56;
    private static final long LOW_56 = PACKED - 1;

    private SecretMask(List<String> needles, Set<String> fragments) {
        this.needles = needles;
        this.fragments = fragments;
        Set<String> w = new HashSet<>();
        long[] t = new long[Integer.highestOneBit(Math.max(1, fragments.size()) * 4 - 1) << 1];
        for (String f : fragments) {
            long k = pack(f);
            if (k == 0) {
                w.add(f);
            } else {
                int i = slot(k, t.length);
                while (t[i] != 0 && t[i] != k) i = (i + 1) & (t.length - 1);
                t[i] = k;
            }
        }
        this.packed = t;
        this.wide = Set.copyOf(w);
    }

    /** Eight ASCII characters as one number (with the {@link #PACKED} bit), or 0 when one is not ASCII. */
    private static long pack(String fragment) {
        long k = 0;
        for (int i = 0; i < fragment.length(); i++) {
            char c = fragment.charAt(i);
            if (c >= 128) return 0;
            k = (k << 7) | c;
        }
        return k | PACKED;
    }

    private static int slot(long key, int size) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & (size - 1);
    }

    private boolean packedContains(long key) {
        for (int i = slot(key, packed.length); packed[i] != 0; i = (i + 1) & (packed.length - 1)) {
            if (packed[i] == key) return true;
        }
        return false;
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
        Set<String> fragments = new HashSet<>();
        for (String s : secrets) {
            if (s == null || s.isBlank()) continue;
            addWithParts(pieces, fragments, s.strip());
        }
        return of(pieces, fragments);
    }

    /**
     * This mask and {@code other} together.
     *
     * @param other another mask
     * @return a mask that masks what either masks
     */
    public SecretMask and(SecretMask other) {
        notNull(other, "other");
        if (other.isEmpty()) return this;
        if (isEmpty()) return other;
        Set<String> all = new LinkedHashSet<>(needles);
        all.addAll(other.needles);
        Set<String> runs = new HashSet<>(fragments);
        runs.addAll(other.fragments);
        return of(all, runs);
    }

    /**
     * Whether this mask masks nothing.
     *
     * @return whether there is no secret to mask
     */
    public boolean isEmpty() {
        return needles.isEmpty() && fragments.isEmpty();
    }

    /**
     * {@code text} with every secret and every secret part replaced by {@value #MASK}.
     *
     * @param text any text; {@code null} gives {@code null}
     * @return the masked text
     */
    public String mask(String text) {
        if (text == null || isEmpty() || text.length() < MIN_LENGTH) return text;
        String lower = lower(text);
        boolean[] hidden = null;
        for (String n : needles) {
            for (int at = lower.indexOf(n); at >= 0; at = lower.indexOf(n, at + 1)) {
                if (hidden == null) hidden = new boolean[text.length()];
                Arrays.fill(hidden, at, at + n.length(), true);
            }
        }
        if (!fragments.isEmpty()) {
            // a rolling key of the last eight characters: one table probe per position, no allocation
            long key = 0;
            int asciiRun = 0;
            for (int end = 0; end < lower.length(); end++) {
                char c = lower.charAt(end);
                if (c < 128) {
                    key = ((key << 7) | c) & LOW_56;
                    asciiRun++;
                } else {
                    asciiRun = 0;
                }
                int start = end + 1 - MIN_FRAGMENT;
                if (start < 0) continue;
                boolean hit = asciiRun >= MIN_FRAGMENT ? packedContains(key | PACKED)
                        : !wide.isEmpty() && wide.contains(lower.substring(start, end + 1));
                if (hit) {
                    if (hidden == null) hidden = new boolean[text.length()];
                    Arrays.fill(hidden, start, end + 1, true);
                }
            }
        }
        if (hidden == null) return text;
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            if (!hidden[i]) {
                out.append(text.charAt(i));
            } else if (i == 0 || !hidden[i - 1]) {
                out.append(MASK);
            }
        }
        return out.toString();
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
        return Optional.of(URLDecoder.decode(url.substring(start, at).replace("+", "%2B"), StandardCharsets.UTF_8));
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

    private static void addWithParts(Set<String> pieces, Set<String> fragments, String secret) {
        boolean onePart = !secret.matches("(?s).*[\\s,;].*");
        if (onePart) {
            addForms(pieces, fragments, secret);
        } else {
            addWholeForms(pieces, secret); // whole only: its runs would span the white space
        }
        for (String part : secret.split("[\\s,;]+", -1)) {
            if (part.isEmpty() || SCHEMES.contains(part.toLowerCase(Locale.ROOT))) continue;
            addForms(pieces, fragments, part);
            int colon = part.indexOf(':');
            if (colon > 0 && colon < part.length() - 1 && !part.contains("://")) {
                // user:password (URL user information, or the decoded form of a Basic credential)
                addForms(pieces, fragments, part.substring(colon + 1));
            }
            for (String piece : part.split("[/:.=+]+", -1)) {
                if (piece.length() >= MIN_SPLIT_PIECE && piece.length() < MIN_FRAGMENT && !readsAsAWord(piece)) {
                    addForms(pieces, fragments, piece);
                }
            }
        }
    }

    /** Adds the forms of {@code s}, and their runs of {@value #MIN_FRAGMENT} characters. */
    private static void addForms(Set<String> pieces, Set<String> fragments, String s) {
        if (s.length() < MIN_LENGTH) return;
        for (String form : forms(s)) {
            String f = lower(form);
            if (s.length() < MIN_FRAGMENT) {
                pieces.add(f);
            } else {
                // every occurrence of the whole form is covered by its runs, so the runs alone do
                for (int i = 0; i + MIN_FRAGMENT <= f.length(); i++) fragments.add(f.substring(i, i + MIN_FRAGMENT));
            }
        }
    }

    /** Adds the forms of {@code s} as whole needles. */
    private static void addWholeForms(Set<String> pieces, String s) {
        for (String form : forms(s)) pieces.add(lower(form));
    }

    private static List<String> forms(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        String standard = Base64.getEncoder().encodeToString(bytes);
        String urlSafe = Base64.getUrlEncoder().encodeToString(bytes);
        return List.of(s, s.replace("\\", "\\\\").replace("\"", "\\\"").replace("/", "\\/"),
                URLEncoder.encode(s, StandardCharsets.UTF_8), standard, urlSafe, strip(standard), strip(urlSafe));
    }

    /** Letters only, in one case or capitalised: a word, not a piece of a random key. */
    private static boolean readsAsAWord(String piece) {
        for (int i = 0; i < piece.length(); i++) {
            char c = piece.charAt(i);
            if (!Character.isLetter(c) || (i > 0 && Character.isUpperCase(c) != Character.isUpperCase(piece.charAt(1)))) {
                return false;
            }
        }
        return true;
    }

    private static String strip(String base64) {
        int end = base64.length();
        while (end > 0 && base64.charAt(end - 1) == '=') end--;
        return base64.substring(0, end);
    }

    /** Lower-cased char by char, so positions match the original text. */
    private static String lower(String s) {
        char[] c = s.toCharArray();
        for (int i = 0; i < c.length; i++) c[i] = Character.toLowerCase(c[i]);
        return new String(c);
    }

    private static SecretMask of(Collection<String> pieces, Set<String> fragments) {
        List<String> sorted = new ArrayList<>(new LinkedHashSet<>(pieces));
        sorted.sort((a, b) -> Integer.compare(b.length(), a.length()));
        return sorted.isEmpty() && fragments.isEmpty() ? NONE : new SecretMask(List.copyOf(sorted), Set.copyOf(fragments));
    }

    @Override
    public String toString() {
        return "SecretMask[" + needles.size() + " forms hidden]";
    }
}
