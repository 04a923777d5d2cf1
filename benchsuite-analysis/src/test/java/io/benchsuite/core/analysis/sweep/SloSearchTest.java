package io.benchsuite.core.analysis.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SloSearchTest {
    private static final double[] DOUBLING = {1, 2, 4, 8, 16, 32, 64, 128, 256};

    /** Records the loads asked for, in order. */
    private static final class Recorder implements SloSearch.PointRunner {
        final List<Double> asked = new ArrayList<>();

        @Override
        public SweepPoint run(double load) {
            asked.add(load);
            return ServerModel.point(load);
        }
    }

    @Test
    void bisectsBetweenTheLastPassAndTheFirstFailureAndStopsAtTheSaturatedPoint() {
        // TTFT(c) = 75 + (c - 32)/32 · 1920 ms above 32 users (prefill 75 ms at a full batch): <= 500 ms up to c = 39.
        // 64 users give 1995 ms, 3.99x the limit: saturated, so 128 and 256 are never run.
        SweepSlo slo = SweepSlo.none().with(PointFigure.TTFT_P99, 500);
        Recorder runner = new Recorder();
        SloSearch.SearchResult r = SloSearch.overIntegers(slo, DOUBLING).run(runner);
        assertThat(r.grid()).extracting(SweepPoint::load).containsExactly(1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0);
        assertThat(r.stoppedEarly()).hasValueSatisfying(s -> assertThat(s)
                .startsWith("stopped at load 64, saturated: an SLO figure is 3.99x its limit (>= 2.0x): ttft p99 1995.0 ms > 500.0 ms")
                .endsWith("; 2 higher grid loads not run"));
        // 48 fails, 40 fails (555 ms), 36 passes (315 ms), 38 passes (435), 39 passes (495): bracket [39, 40]
        assertThat(r.refinements()).extracting(SweepPoint::load).containsExactly(48.0, 40.0, 36.0, 38.0, 39.0);
        assertThat(r.highestPassing()).hasValue(39.0);
        assertThat(r.lowestFailing()).hasValue(40.0);
        assertThat(r.notes()).isEmpty();
        assertThat(r.allPoints()).extracting(SweepPoint::load)
                .containsExactly(1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 36.0, 38.0, 39.0, 40.0, 48.0, 64.0);
    }

    @Test
    void aMildFailureLetsTheGridGoOnForTheCurve() {
        // limit 1500 ms: 64 users (1995 ms, 1.33x) fail but are not saturated; 128 (5835 ms, 3.9x) are.
        // Highest passing: 75 + (c - 32) · 60 <= 1500  =>  c <= 55.75
        SweepSlo slo = SweepSlo.none().with(PointFigure.TTFT_P99, 1500);
        SloSearch.SearchResult r = SloSearch.overIntegers(slo, DOUBLING).run(new Recorder());
        assertThat(r.grid()).extracting(SweepPoint::load).endsWith(64.0, 128.0);
        assertThat(r.stoppedEarly()).hasValueSatisfying(s -> assertThat(s).startsWith("stopped at load 128, saturated")
                .endsWith("; 1 higher grid loads not run"));
        assertThat(r.highestPassing()).hasValue(55.0);
        assertThat(r.lowestFailing()).hasValue(56.0);
    }

    @Test
    void errorsSaturateAPoint() {
        SloSearch.PointRunner failingAt128 = c -> ServerModel.point(c, c >= 128 ? 150 : 0);
        SloSearch.SearchResult r = SloSearch.overIntegers(SweepSlo.none(), DOUBLING).run(failingAt128);
        assertThat(r.stoppedEarly()).hasValue("stopped at load 128, saturated: error rate 15.0% >= 10.0%; 1 higher grid loads not run");
        // without latency limits the SLO is "no failed request": 64 passes, 128 fails; bisection finds 127
        assertThat(r.highestPassing()).hasValue(127.0);
        assertThat(r.refinements()).hasSize(6);
    }

    @Test
    void theStopRuleThresholdsAreTheCallers() {
        SloSearch.PointRunner failingAt128 = c -> ServerModel.point(c, c >= 128 ? 150 : 0);
        SloSearch.SearchResult r = SloSearch.overIntegers(SweepSlo.none().withMaxErrorRate(0.2), DOUBLING)
                .stopRule(new StopRule(0.5, 3)).maxRefinements(0).run(failingAt128);
        assertThat(r.stoppedEarly()).isEmpty();
        assertThat(r.grid()).hasSize(9);
        assertThat(r.highestPassing()).hasValue(256.0);
        assertThat(r.notes()).containsExactly(
                "every grid load met the SLOs: the highest passing load is bounded by the grid (256), not by the SLOs");
    }

    @Test
    void continuousLoadsRefineToTheResolution() {
        // a rate sweep whose p99 TTFT crosses 500 ms at 5.3 requests/s
        SloSearch.PointRunner byRate = rate -> new SweepPoint(rate, 100, 0, rate, rate * 128,
                100 * rate / 1.06, 100 * rate / 1.06, 10, 10, 1000, 1000);
        SloSearch.SearchResult r = SloSearch.overReals(SweepSlo.none().with(PointFigure.TTFT_P99, 500), 0.05, 1, 2, 4, 8)
                .maxRefinements(20).run(byRate);
        assertThat(r.highestPassing().orElseThrow()).isBetween(5.25, 5.3);
        assertThat(r.lowestFailing().orElseThrow() - r.highestPassing().orElseThrow()).isLessThanOrEqualTo(0.05);
        assertThat(r.refinements()).hasSize(7); // the bracket [4, 8] halves 7 times to 0.03125
    }

    @Test
    void aCappedBisectionSaysTheBracketIsStillWide() {
        SloSearch.SearchResult r = SloSearch.overIntegers(SweepSlo.none().with(PointFigure.TTFT_P99, 500), DOUBLING)
                .maxRefinements(2).run(new Recorder());
        assertThat(r.highestPassing()).hasValue(32.0);
        assertThat(r.lowestFailing()).hasValue(40.0);
        assertThat(r.notes()).containsExactly("refinement stopped after 2 points with the bracket [32, 40] still wider than 1");
    }

    @Test
    void noPassingLoadAndNonMonotoneFiguresAreSaid() {
        SloSearch.SearchResult none = SloSearch.overIntegers(SweepSlo.none().with(PointFigure.TTFT_P99, 10), 1, 2).run(new Recorder());
        assertThat(none.highestPassing()).isEmpty();
        assertThat(none.notes()).containsExactly("no load met the SLOs; the lowest, 1, failed: ttft p99 50.8 ms > 10.0 ms");

        Map<Double, Double> ttft = Map.of(1.0, 100.0, 2.0, 900.0, 4.0, 200.0, 8.0, 5000.0);
        SloSearch.PointRunner bumpy = c -> new SweepPoint(c, 10, 0, c, c, ttft.get(c), ttft.get(c), 1, 1, 1, 1);
        SloSearch.SearchResult r = SloSearch.overIntegers(SweepSlo.none().with(PointFigure.TTFT_P99, 500), 1, 2, 4, 8).run(bumpy);
        assertThat(r.highestPassing()).hasValue(1.0);
        assertThat(r.lowestFailing()).hasValue(2.0);
        assertThat(r.notes()).containsExactly("load 4 met the SLOs above the failing load 2: the figures do not worsen "
                + "monotonically; the first failure bounds the search");
    }

    @Test
    void aPointThatCannotRunEndsTheSearchKeepingWhatWasMeasured() {
        SloSearch.PointRunner broken = c -> {
            if (c == 16) throw new IllegalStateException("backend refused");
            return ServerModel.point(c);
        };
        SloSearch.SearchResult r = SloSearch.overIntegers(SweepSlo.none().with(PointFigure.TTFT_P99, 500), DOUBLING).run(broken);
        assertThat(r.grid()).extracting(SweepPoint::load).containsExactly(1.0, 2.0, 4.0, 8.0);
        assertThat(r.highestPassing()).hasValue(8.0);
        assertThat(r.notes()).containsExactly(
                "the point at load 16 could not be run (java.lang.IllegalStateException: backend refused); the search ended there");
    }

    @Test
    void badArgumentsAreNamed() {
        SweepSlo slo = SweepSlo.none();
        assertThatThrownBy(() -> SloSearch.overIntegers(slo)).hasMessage("grid must hold at least one load");
        assertThatThrownBy(() -> SloSearch.overIntegers(slo, 1, 2.5)).hasMessage("an integer load grid must hold whole numbers, got 2.5");
        assertThatThrownBy(() -> SloSearch.overReals(slo, 0, 1)).hasMessage("resolution must be a finite number > 0, got 0.0");
        assertThatThrownBy(() -> slo.with(PointFigure.TTFT_P99, -1)).hasMessage("the limit on ttft p99 must be a finite number > 0 ms, got -1.0");
        assertThatThrownBy(() -> new StopRule(0.1, 1)).hasMessage("sloFactor must be a finite number > 1, got 1.0");
        assertThatThrownBy(() -> SloSearch.overIntegers(slo, 1).run(c -> ServerModel.point(c + 1)))
                .hasMessage("the runner returned a point for load 2 when asked for load 1");
        assertThatThrownBy(() -> new SweepPoint(1, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0)).hasMessage("errors must be in [0, requests=5], got 6");
    }
}
