package io.benchsuite.api.backend;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Checks configuration keys and values against declared {@link BackendOption}s, and finds the
 * declared key nearest to a misspelt one (Damerau-Levenshtein distance, optimal string alignment).
 */
final class OptionCheck {
    private OptionCheck() {
    }

    /**
     * The declaration that governs {@code key}: a declared option first, then a run option.
     */
    static Optional<BackendOption> find(List<BackendOption> declared, String key) {
        for (BackendOption o : declared) {
            if (o.matches(key)) return Optional.of(o);
        }
        for (BackendOption o : BackendOption.RUN_OPTIONS) {
            if (o.matches(key)) return Optional.of(o);
        }
        return Optional.empty();
    }

    /**
     * Throws for the first key (in key order) that is unknown or has a bad value.
     *
     * @param config the configuration, which knows which of its values are secret
     */
    static void check(String backend, List<BackendOption> declared, BackendConfig config) {
        for (Map.Entry<String, String> e : config.asMap().entrySet()) {
            String key = e.getKey();
            Optional<BackendOption> option = find(declared, key);
            if (option.isEmpty()) {
                String hint = nearest(declared, key).map(s -> "; did you mean " + s + "?")
                        .orElse("; known options: " + known(declared));
                throw new ConfigurationException(key, "unknown option '" + key + "' for backend '" + backend + "'" + hint);
            }
            BackendOption o = option.get();
            if (o.isFamily()) {
                String name = key.substring(o.key().length());
                if (name.isBlank()) {
                    throw new ConfigurationException(key, "backend config key '" + key + "' of backend '" + backend
                            + "' needs a name after the prefix: " + o.displayKey());
                }
                if (o.key().equalsIgnoreCase(BackendConfig.HEADER_PREFIX) && !BackendConfig.isHeaderName(name)) {
                    throw new ConfigurationException(key, "backend config key '" + key + "' of backend '" + backend + "': '" + name
                            + "' is not a valid header name");
                }
            }
            BackendOption typed = config.isSecret(key) && !o.secret() ? o.asSecret() : o;
            Optional<String> problem = typed.problem(e.getValue());
            if (problem.isPresent()) {
                throw new ConfigurationException(key, "backend config key '" + key + "' of backend '" + backend + "': " + problem.get());
            }
        }
    }

    /** The declared (or run) key nearest to {@code key}, as the user should write it; empty when none is close. */
    static Optional<String> nearest(List<BackendOption> declared, String key) {
        String k = key.toLowerCase(Locale.ROOT);
        int dot = k.indexOf('.');
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        List<BackendOption> all = new ArrayList<>(declared);
        all.addAll(BackendOption.RUN_OPTIONS);
        for (BackendOption o : all) {
            int d;
            String suggestion;
            String candidate;
            if (!o.isFamily()) {
                candidate = o.key();
                d = distance(k, candidate);
                suggestion = o.key();
            } else if (dot >= 0) {
                // "headr.X-Org": compare the prefixes, keep the member's name
                candidate = o.key();
                d = distance(k.substring(0, dot + 1), candidate);
                suggestion = o.key() + key.substring(dot + 1);
            } else {
                candidate = o.key().substring(0, o.key().length() - 1);
                d = distance(k, candidate);
                suggestion = o.displayKey();
            }
            if (d <= threshold(candidate) && d < bestDistance) {
                best = suggestion;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** How many edits still count as a typo: one for short keys, up to three for long ones. */
    private static int threshold(String candidate) {
        return Math.max(1, Math.min(3, candidate.length() / 4));
    }

    private static String known(List<BackendOption> declared) {
        List<String> keys = new ArrayList<>();
        declared.forEach(o -> keys.add(o.displayKey()));
        return String.join(", ", keys);
    }

    /**
     * Damerau-Levenshtein distance (optimal string alignment): insertions, deletions, substitutions
     * and transpositions of two adjacent characters each cost one.
     */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    v = Math.min(v, d[i - 2][j - 2] + 1);
                }
                d[i][j] = v;
            }
        }
        return d[a.length()][b.length()];
    }
}
