package io.benchsuite.cli;

import io.benchsuite.core.report.model.ServerSection;
import java.util.Locale;
import java.util.stream.Collectors;

/** The console's speculative-decoding line, from the report's server section. */
final class SpecDecodeSummary {
    private SpecDecodeSummary() {}

    /**
     * E.g. {@code spec decoding  acceptance 0.443 (1326 of 2992 draft tokens), mean accepted length 2.33 (748 drafts),
     * by position 0.70 0.49 0.34 0.24 (server counters over the window)}.
     */
    static void append(StringBuilder b, ServerSection server) {
        ServerSection.SpecDecode s = server == null ? null : server.specDecode();
        if (s == null) return;
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-20s acceptance %s", "spec decoding",
                Summary.num(s.acceptanceRate(), 3)));
        if (Double.isFinite(s.draftTokens()) && Double.isFinite(s.acceptedTokens())) {
            line.append(String.format(Locale.ROOT, " (%.0f of %.0f draft tokens)", s.acceptedTokens(), s.draftTokens()));
        }
        line.append(", mean accepted length ").append(Summary.num(s.meanAcceptedLength(), 2));
        if (Double.isFinite(s.drafts())) line.append(String.format(Locale.ROOT, " (%.0f drafts)", s.drafts()));
        if (!s.perPosition().isEmpty()) {
            line.append(", by position ").append(s.perPosition().stream().map(p -> Summary.num(p, 2))
                    .collect(Collectors.joining(" ")));
        }
        line.append(s.basis().equals("counters") ? " (server counters over the window)" : " (mean of the server's gauges)");
        if (s.missing() != null) line.append("; ").append(s.missing());
        b.append(line).append('\n');
    }
}
