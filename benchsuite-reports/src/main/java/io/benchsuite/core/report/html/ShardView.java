package io.benchsuite.core.report.html;

import static io.benchsuite.core.report.html.PageBlocks.box;
import static io.benchsuite.core.report.html.PageBlocks.fmtUnit;
import static io.benchsuite.core.report.html.PageBlocks.orElse;

import io.benchsuite.core.report.html.internal.HtmlNumbers;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ShardSection;

/** The {@code shard} section: which shard of a split run this report is, and its start gate and skew. */
final class ShardView implements SectionView<ShardSection> {
    @Override
    public String key() {
        return ShardSection.KEY;
    }

    @Override
    public Class<ShardSection> type() {
        return ShardSection.class;
    }

    @Override
    public Place place() {
        return Place.AFTER_RATES;
    }

    /** Which shard this is, as a shard's own report shows it. */
    @Override
    public void render(StringBuilder b, ShardSection s, Report r) {
        b.append("<section id=\"shards\"><h2>Shards</h2>");
        b.append("<p class=\"sub\">This run is shard ").append(s.index()).append(" of ").append(s.count())
                .append(" of a split run (benchsuite merge combines the shards).</p><div class=\"honesty\">");
        box(b, "Start gate", s.startGate());
        box(b, "Agreed start", orElse(s.agreedStart(), HtmlNumbers.ABSENT));
        box(b, "Wall clock at zero", orElse(s.wallClockStart(), HtmlNumbers.ABSENT));
        box(b, "Start skew", fmtUnit(s.startSkewMs(), "ms"));
        b.append("</div></section>");
    }
}
