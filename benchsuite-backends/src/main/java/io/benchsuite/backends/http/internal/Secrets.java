package io.benchsuite.backends.http.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The secret values one backend holds (API key, header values from config), used to scrub any text
 * that might leave the backend: error messages, response snippets (a server may echo a header
 * back), log lines. Deliberately has no {@code toString} that shows the values.
 */
public final class Secrets {
    private static final String MASK = "***";
    // Values shorter than this are not scrubbed: masking "a" everywhere would mangle every message.
    private static final int MIN_LENGTH = 4;

    private final List<String> values;

    public Secrets(Collection<String> values) {
        List<String> v = new ArrayList<>();
        for (String s : values) {
            if (s != null && s.length() >= MIN_LENGTH) v.add(s);
        }
        // Longest first, so a secret containing another is masked whole.
        v.sort((a, b) -> Integer.compare(b.length(), a.length()));
        this.values = List.copyOf(v);
    }

    /** {@code text} with every secret value replaced by {@code ***}. */
    public String scrub(String text) {
        if (text == null) return "";
        String t = text;
        for (String s : values) {
            if (t.contains(s)) t = t.replace(s, MASK);
        }
        return t;
    }

    @Override
    public String toString() {
        return "Secrets[" + values.size() + " values hidden]";
    }
}
