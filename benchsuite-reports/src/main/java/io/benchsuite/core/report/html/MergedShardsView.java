package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.fmtUnit;
import static io.benchsuite.core.report.html.PageBlocks.numOrAbsent;
import static io.benchsuite.core.report.html.PageBlocks.orElse;
import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ShardSection;
import io.benchsuite.core.report.model.ShardsSection;

/** The {@code shards} section of a merged report: each shard's clocks and load. */
final class MergedShardsView implements SectionView<ShardsSection> {
    @Override
    public String key() {
        return ShardsSection.KEY;
    }

    @Override
    public Class<ShardsSection> type() {
        return ShardsSection.class;
    }

    @Override
    public Place place() {
        return Place.AFTER_RATES;
    }

    /** Each shard's clocks and load, as a merged report shows them; a shard's own section, if also present, is drawn instead. */
    @Override
    public void render(StringBuilder b, ShardsSection m, Report r) {
        if (r.section(ShardSection.class).isPresent()) return;
        b.append("<section id=\"shards\"><h2>Shards</h2>");
        b.append("<p class=\"sub\">Merged from ").append(m.merged()).append(" of ").append(m.count())
                .append(" shards: counts summed, histograms added, seconds aligned on the earliest shard's zero ")
                .append(esc(orElse(m.commonStart(), "?"))).append(". Start spread ").append(esc(fmtUnit(m.startSpreadMs(), "ms")))
                .append(", largest skew after the agreed start ").append(esc(fmtUnit(m.maxStartSkewMs(), "ms")))
                .append(m.missing().isEmpty() ? "" : "; MISSING shards " + esc(m.missing().toString())).append(".</p>");
        b.append("<table><thead><tr><th>shard</th><th>zero on the wall clock</th><th>skew (ms)</th><th>offset (ms)</th>")
                .append("<th>series shift (s)</th><th>scheduled</th><th>succeeded</th><th>achieved (req/s)</th></tr></thead><tbody>");
        for (ShardsSection.Entry e : m.shards()) {
            b.append("<tr><td>").append(e.index()).append("</td><td>").append(esc(orElse(e.wallClockStart(), HtmlNumbers.ABSENT)))
                    .append("</td><td>").append(esc(numOrAbsent(e.startSkewMs()))).append("</td><td>")
                    .append(esc(numOrAbsent(e.startOffsetMs()))).append("</td><td>").append(e.seriesShiftSeconds())
                    .append("</td><td>").append(e.requests().scheduled()).append("</td><td>").append(e.requests().succeeded())
                    .append("</td><td>").append(esc(numOrAbsent(e.rate().achieved()))).append("</td></tr>");
        }
        b.append("</tbody></table></section>");
    }
}
