package io.benchsuite.core.report.text;

import static io.benchsuite.core.report.text.SummaryRows.row;

import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.core.report.model.ModelsSection;
import java.util.Locale;

/** The {@link ModelsSection} in text: console lines and {@code summary.csv} rows. */
public final class ModelsText {
    private ModelsText() {}

    /**
     * A table of the per-model figures for the console, one line per model under a heading line.
     *
     * @param s the section
     * @return the lines, each ending in a newline
     */
    public static String console(ModelsSection s) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-20s per %s (%s)%n", "Models", s.by(), s.mix()));
        b.append(String.format(Locale.ROOT, "  %-18s %8s %7s %6s %10s %10s %10s %10s %10s%n", "model", "requests", "share",
                "failed", "TTFT p50", "TTFT p99", "TPOT p50", "E2E p99", "out tok/s"));
        for (ModelsSection.Model m : s.models()) {
            b.append(String.format(Locale.ROOT, "  %-18s %8d %6s%% %6d %10s %10s %10s %10s %10s%n", m.name(), m.requests(),
                    num(m.share() * 100, 1), m.failed(), ms(m.ttft().p50()), ms(m.ttft().p99()), ms(m.tpot().p50()),
                    ms(m.e2e().p99()), num(m.outputTokensPerSecond(), 1)));
        }
        return b.toString();
    }

    /**
     * The per-model rows of {@code summary.csv}: metric {@code model:<name>}, statistics such as {@code requests},
     * {@code ttft_p99}, {@code output_tokens_per_second}.
     *
     * @param b where the rows go
     * @param s the section
     */
    public static void csv(StringBuilder b, ModelsSection s) {
        for (ModelsSection.Model m : s.models()) {
            String metric = "model:" + m.name().replace(',', '_');
            row(b, metric, "requests", m.requests(), "count");
            row(b, metric, "share", m.share(), "ratio");
            row(b, metric, "configured_share", m.configuredShare(), "ratio");
            row(b, metric, "succeeded", m.succeeded(), "count");
            row(b, metric, "failed", m.failed(), "count");
            row(b, metric, "cancelled", m.cancelled(), "count");
            latency(b, metric, "ttft", m.ttft());
            latency(b, metric, "tpot", m.tpot());
            latency(b, metric, "e2e", m.e2e());
            row(b, metric, "requests_per_second", m.requestsPerSecond(), "1/s");
            row(b, metric, "output_tokens_per_second", m.outputTokensPerSecond(), "tokens/s");
        }
    }

    private static void latency(StringBuilder b, String metric, String name, LatencyStats l) {
        row(b, metric, name + "_mean", l.mean(), "ms");
        row(b, metric, name + "_p50", l.p50(), "ms");
        row(b, metric, name + "_p90", l.p90(), "ms");
        row(b, metric, name + "_p99", l.p99(), "ms");
    }


    private static String ms(double v) {
        return Double.isFinite(v) ? num(v, 1) + " ms" : "-";
    }

    private static String num(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
    }
}
