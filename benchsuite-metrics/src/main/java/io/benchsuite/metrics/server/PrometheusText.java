package io.benchsuite.metrics.server;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A parsed Prometheus text exposition (format 0.0.4): the samples of one scrape, with the helpers
 * a dialect needs (sum of a gauge over its series, a counter with or without {@code _total}, a
 * histogram's cumulative buckets merged over series).
 */
public final class PrometheusText {
    private final List<Sample> samples;
    private final Map<String, String> types;
    private final Map<String, List<Sample>> byName = new LinkedHashMap<>();

    private PrometheusText(List<Sample> samples, Map<String, String> types) {
        this.samples = List.copyOf(samples);
        this.types = Collections.unmodifiableMap(types);
        for (Sample s : this.samples) byName.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s);
    }

    /**
     * One sample line.
     *
     * @param name metric name as written (including {@code _total}, {@code _bucket}, ...)
     * @param labels label names to (unescaped) values
     * @param value the value; NaN and infinities as Java doubles
     */
    public record Sample(String name, Map<String, String> labels, double value) {
        public Sample {
            notNull(name, "name");
            labels = Collections.unmodifiableMap(new TreeMap<>(notNull(labels, "labels")));
        }
    }

    /**
     * A histogram merged over its series: cumulative counts by upper bound ({@code le}), sum and count.
     *
     * @param buckets upper bound to cumulative count, ascending, including {@code +Inf}
     * @param sum sum of observations
     * @param count number of observations
     */
    public record Histogram(TreeMap<Double, Double> buckets, double sum, double count) {}

    /**
     * Parses an exposition.
     *
     * @throws IllegalArgumentException naming the line number and what is wrong
     */
    public static PrometheusText parse(String text) {
        notNull(text, "text");
        List<Sample> samples = new ArrayList<>();
        Map<String, String> types = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) continue;
            try {
                if (line.startsWith("#")) {
                    String[] parts = line.substring(1).strip().split("\\s+", 3);
                    if (parts.length == 3 && parts[0].equals("TYPE")) types.put(parts[1], parts[2].strip());
                    continue;
                }
                samples.add(new LineParser(line).sample());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return new PrometheusText(samples, types);
    }

    /** All samples in order. */
    public List<Sample> samples() {
        return samples;
    }

    /** The declared type of a family ({@code counter}, {@code gauge}, {@code histogram}, ...), or null. */
    public String type(String family) {
        return types.get(family);
    }

    /** Whether any sample has this exact name. */
    public boolean has(String name) {
        return byName.containsKey(name);
    }

    /** Names of all samples. */
    public Set<String> names() {
        return Collections.unmodifiableSet(byName.keySet());
    }

    /** The samples named {@code name}, or an empty list. */
    public List<Sample> series(String name) {
        return byName.getOrDefault(name, List.of());
    }

    /** Sum over the series of {@code name}; NaN when absent. */
    public double sum(String name) {
        List<Sample> s = byName.get(name);
        if (s == null) return Double.NaN;
        double total = 0;
        for (Sample x : s) total += x.value();
        return total;
    }

    /** Mean over the series of {@code name} (for ratios such as cache usage); NaN when absent. */
    public double mean(String name) {
        List<Sample> s = byName.get(name);
        return s == null ? Double.NaN : sum(name) / s.size();
    }

    /** A counter's value summed over series, whether exposed as {@code name_total} or {@code name}; NaN when absent. */
    public double counter(String name) {
        String base = name.endsWith("_total") ? name.substring(0, name.length() - 6) : name;
        if (has(base + "_total")) return sum(base + "_total");
        return sum(base);
    }

    /** The histogram {@code name} (its {@code _bucket}, {@code _sum}, {@code _count} samples) merged over series, or null. */
    public Histogram histogram(String name) {
        List<Sample> buckets = byName.get(name + "_bucket");
        if (buckets == null) return null;
        TreeMap<Double, Double> merged = new TreeMap<>();
        for (Sample b : buckets) {
            String le = b.labels().get("le");
            if (le == null) continue;
            merged.merge(parseValue(le), b.value(), Double::sum);
        }
        double count = has(name + "_count") ? sum(name + "_count") : merged.isEmpty() ? 0 : merged.lastEntry().getValue();
        return new Histogram(merged, sum(name + "_sum"), count);
    }

    /** Parses a sample value: a decimal number, {@code NaN}, {@code +Inf}, {@code -Inf} or {@code Inf}. */
    static double parseValue(String v) {
        switch (v) {
            case "+Inf", "Inf", "+inf", "inf" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-Inf", "-inf" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "NaN", "nan" -> {
                return Double.NaN;
            }
            default -> {
                try {
                    return Double.parseDouble(v);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not a number: '" + v + "'");
                }
            }
        }
    }

    /** One sample line: {@code name{label="value",...} value [timestamp]}. */
    private static final class LineParser {
        private final String s;
        private int p;

        LineParser(String s) {
            this.s = s;
        }

        Sample sample() {
            String name = name(true);
            if (name.isEmpty()) throw new IllegalArgumentException("expected a metric name");
            Map<String, String> labels = new LinkedHashMap<>();
            skipSpaces();
            if (p < s.length() && s.charAt(p) == '{') {
                p++;
                while (true) {
                    skipSpaces();
                    if (p < s.length() && s.charAt(p) == '}') {
                        p++;
                        break;
                    }
                    String label = name(false);
                    if (label.isEmpty()) throw new IllegalArgumentException("expected a label name at column " + (p + 1));
                    skipSpaces();
                    expect('=');
                    skipSpaces();
                    labels.put(label, quoted());
                    skipSpaces();
                    if (p < s.length() && s.charAt(p) == ',') {
                        p++;
                    } else if (p < s.length() && s.charAt(p) == '}') {
                        p++;
                        break;
                    } else {
                        throw new IllegalArgumentException("expected ',' or '}' at column " + (p + 1));
                    }
                }
            }
            String[] rest = s.substring(p).strip().split("\\s+", -1);
            if (rest.length == 0 || rest[0].isEmpty()) throw new IllegalArgumentException("missing value for " + name);
            if (rest.length > 2) throw new IllegalArgumentException("unexpected text after the value of " + name);
            double value = parseValue(rest[0]);
            if (rest.length == 2) {
                try {
                    Long.parseLong(rest[1]); // timestamp in ms: valid but not used (we time scrapes ourselves)
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("bad timestamp '" + rest[1] + "'");
                }
            }
            return new Sample(name, labels, value);
        }

        private String name(boolean allowColon) {
            int start = p;
            while (p < s.length()) {
                char c = s.charAt(p);
                boolean ok = Character.isLetter(c) && c < 128 || c == '_' || (allowColon && c == ':')
                        || (p > start && c >= '0' && c <= '9');
                if (!ok) break;
                p++;
            }
            return s.substring(start, p);
        }

        private String quoted() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (p < s.length()) {
                char c = s.charAt(p++);
                if (c == '"') return b.toString();
                if (c == '\\') {
                    if (p >= s.length()) break;
                    char e = s.charAt(p++);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case '\\' -> b.append('\\');
                        case '"' -> b.append('"');
                        default -> b.append('\\').append(e);
                    }
                } else {
                    b.append(c);
                }
            }
            throw new IllegalArgumentException("unterminated label value");
        }

        private void expect(char c) {
            if (p >= s.length() || s.charAt(p) != c) {
                throw new IllegalArgumentException("expected '" + c + "' at column " + (p + 1));
            }
            p++;
        }

        private void skipSpaces() {
            while (p < s.length() && (s.charAt(p) == ' ' || s.charAt(p) == '\t')) p++;
        }
    }
}
