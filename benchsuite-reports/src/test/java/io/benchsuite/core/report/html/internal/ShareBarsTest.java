package io.benchsuite.core.report.html.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShareBarsTest {

    private static String svg(double queueing) {
        return new ShareBars("split", List.of("queueing", "rest")).row("client", queueing, 1 - 0.014043).svg();
    }

    @Test
    void sharesThatPrintAlikeDrawAlike() {
        // a report regenerated from report.json carries its shares with different last bits; 0.0140434 and
        // 0.0140429 both print as 0.014043, and their widths straddled a rounding step (5.51 against 5.50)
        assertThat(svg(0.0140434)).isEqualTo(svg(0.0140429)).contains("data-share=\"0.014043\"");
        assertThat(svg(0.0140434)).isNotEqualTo(svg(0.0141));
    }

    @Test
    void missingAndInfiniteSharesAreNotDrawn() {
        String s = new ShareBars("split", List.of("a", "b", "c")).row("r", Double.NaN, Double.POSITIVE_INFINITY, 0.5).svg();
        assertThat(s).contains("data-bars=\"1\"");
    }
}
