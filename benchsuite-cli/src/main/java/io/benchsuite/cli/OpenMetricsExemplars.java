package io.benchsuite.cli;

/**
 * Keeps an OpenMetrics exposition's exemplars only where every supported Prometheus accepts them: on
 * the {@code _bucket} lines of a histogram and the {@code _total} line of a counter. The Prometheus
 * client also writes them on the {@code _count} line of timers and summaries; Prometheus before 2.43
 * (Debian 12 ships 2.42) refuses the whole scrape for it ("metric name ..._count does not support
 * exemplars") and marks the target down for the rest of the run. A trace stays reachable from the
 * latency histograms' buckets, which is where dashboards look for exemplars.
 */
final class OpenMetricsExemplars {
    /** The oldest Prometheus the exposition is checked against (Debian 12's package). */
    static final String MINIMUM_PROMETHEUS = "2.42";

    private OpenMetricsExemplars() {}

    /** {@code text} (OpenMetrics) with the exemplars removed from every line but histogram buckets and counter totals. */
    static String keepWhereEveryPrometheusAccepts(String text) {
        StringBuilder out = new StringBuilder(text.length());
        String family = "";
        String type = "";
        int from = 0;
        while (from < text.length()) {
            int nl = text.indexOf('\n', from);
            int end = nl < 0 ? text.length() : nl + 1;
            String line = text.substring(from, nl < 0 ? end : nl);
            from = end;
            if (line.startsWith("# TYPE ")) {
                String[] parts = line.split(" ", -1);
                family = parts.length > 2 ? parts[2] : "";
                type = parts.length > 3 ? parts[3] : "";
            }
            int exemplar = line.startsWith("#") ? -1 : exemplarStart(line);
            if (exemplar >= 0 && !accepted(metricName(line), family, type)) line = line.substring(0, exemplar);
            out.append(line);
            if (nl >= 0) out.append('\n');
        }
        return out.toString();
    }

    private static boolean accepted(String name, String family, String type) {
        return type.equals("counter") && name.equals(family + "_total")
                || type.equals("histogram") && name.equals(family + "_bucket");
    }

    private static String metricName(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') i++;
        return line.substring(0, i);
    }

    /** Where {@code " # "} starts the exemplar after the labels and the value, or -1; label values may hold {@code #}. */
    private static int exemplarStart(String line) {
        int i = metricName(line).length();
        if (i < line.length() && line.charAt(i) == '{') {
            boolean quoted = false;
            for (i++; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quoted && c == '\\') {
                    i++;
                } else if (c == '"') {
                    quoted = !quoted;
                } else if (c == '}' && !quoted) {
                    break;
                }
            }
        }
        return line.indexOf(" # ", i);
    }
}
