package io.benchsuite.core.analysis.orthogonality;

import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.CPU_PEAK;
import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.E2E;
import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.ENERGY_PER_TOKEN;
import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.GOODPUT;
import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.KV_CACHE_HIT_RATE;
import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.MEMORY_PEAK;
import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.OUTPUT_THROUGHPUT;
import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.TPOT;
import static io.benchsuite.core.analysis.orthogonality.HeadlineMetric.TTFT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/**
 * Expected values were computed independently with NumPy 2.4 (Python 3.11): the data were drawn once
 * with {@code numpy.random.default_rng(7)} (TTFT uniform 50–400; E2E = 3·TTFT + 900 + N(0, 20); throughput
 * uniform 500–3000; goodput = 0.9·throughput + N(0, 60); CPU uniform 20–90; all rounded to 0.1) and are
 * pasted below. Correlation: {@code numpy.corrcoef(X, rowvar=False)}. VIF: for each column, {@code
 * numpy.linalg.lstsq} of it on the other columns plus a column of ones, R² = 1 − RSS/TSS, VIF = 1/(1 − R²);
 * cross-checked against the diagonal of the inverse correlation matrix (agreement to 1e-12 relative).
 */
class OrthogonalityCheckTest {
    private static final double[] TTFT_MS = {268.8, 364.0, 321.5, 128.8, 155.1, 355.7, 51.8, 337.4, 329.0, 213.8};
    private static final double[] E2E_MS = {1716.2, 1999.1, 1866.6, 1267.8, 1364.7, 1981.0, 1028.5, 1903.0, 1849.0, 1515.6};
    private static final double[] TPS = {1038.3, 900.5, 2031.3, 609.9, 589.2, 1787.2, 1665.5, 2792.9, 2073.1, 1785.3};
    private static final double[] GOOD = {842.7, 781.8, 1769.5, 500.4, 593.9, 1560.0, 1497.0, 2566.7, 1830.8, 1600.1};
    private static final double[] CPU = {81.6, 55.7, 79.3, 64.8, 71.9, 26.4, 57.9, 55.5, 81.0, 45.3};

    private static final double[][] NUMPY_CORRELATION = {
        {1.0, 0.9988560141199934, 0.42347767577669043, 0.3995383662653777, -0.10389410407903807},
        {0.9988560141199933, 1.0, 0.3996316454233011, 0.37560717643582753, -0.11067530561042734},
        {0.4234776757766904, 0.3996316454233011, 1.0, 0.9973178076153849, -0.18185173164195514},
        {0.3995383662653777, 0.37560717643582753, 0.9973178076153849, 1.0, -0.19178155900618668},
        {-0.10389410407903807, -0.11067530561042734, -0.18185173164195514, -0.19178155900618668, 1.0},
    };
    private static final double[] NUMPY_VIF = {681.8843625530083, 666.5712238478047, 222.42763270698094, 217.67035364642967,
        1.1488565583042425};

    private static List<RunFigures> runs() {
        List<RunFigures> runs = new ArrayList<>();
        for (int i = 0; i < TTFT_MS.length; i++) {
            RunFigures r = RunFigures.of("run-" + i).with(TTFT, TTFT_MS[i]).with(E2E, E2E_MS[i]).with(OUTPUT_THROUGHPUT, TPS[i])
                    .with(GOODPUT, GOOD[i]).with(CPU_PEAK, CPU[i])
                    .with(KV_CACHE_HIT_RATE, 0.5) // the same in every run
                    .with(ENERGY_PER_TOKEN, i == 3 || i == 7 ? Double.NaN : 0.1 + i); // two runs without telemetry
            runs.add(r);
        }
        return runs;
    }

    @Test
    void correlationAndVifMatchNumpy() {
        OrthogonalityReport r = OrthogonalityCheck.check(runs());
        assertThat(r.runs()).isEqualTo(10);
        assertThat(r.metrics()).containsExactly(TTFT, E2E, OUTPUT_THROUGHPUT, GOODPUT, CPU_PEAK);
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                assertThat(r.correlation().get(i).get(j)).as("r[%d][%d]", i, j).isCloseTo(NUMPY_CORRELATION[i][j], within(1e-12));
            }
            assertThat(r.vif().get(r.metrics().get(i))).as("VIF of %s", r.metrics().get(i))
                    .isCloseTo(NUMPY_VIF[i], Percentage.withPercentage(1e-7));
        }
        assertThat(r.correlation(E2E, TTFT)).isCloseTo(0.9988560141199934, within(1e-12));
    }

    @Test
    void flagsVifAboveFiveAndNamesWhatMeasuresTheSameThing() {
        OrthogonalityReport r = OrthogonalityCheck.check(runs());
        assertThat(r.vifLimit()).isEqualTo(5.0);
        assertThat(r.flagged()).containsExactly(TTFT, E2E, OUTPUT_THROUGHPUT, GOODPUT);
        assertThat(r.redundantGroups()).containsExactly(List.of(TTFT, E2E), List.of(OUTPUT_THROUGHPUT, GOODPUT));
        assertThat(r.notes()).isEmpty();
    }

    @Test
    void absentMissingAndConstantMetricsAreDroppedWithTheirReason() {
        OrthogonalityReport r = OrthogonalityCheck.check(runs());
        assertThat(r.dropped()).containsEntry(KV_CACHE_HIT_RATE, "constant across runs (0.5): its correlation is undefined")
                .containsEntry(ENERGY_PER_TOKEN, "missing in 2 of 10 runs (run-3, run-7)")
                .containsEntry(MEMORY_PEAK, "absent in every run")
                .hasSize(7);
        assertThatThrownBy(() -> r.correlation(KV_CACHE_HIT_RATE, TTFT))
                .hasMessage("kvCacheHitRate was not analysed: constant across runs (0.5): its correlation is undefined");
    }

    @Test
    void anExactLinearDependenceHasInfiniteVif() {
        // E2E = 3 TTFT + 900 exactly: the design is singular. CPU's VIF is then 1/(1 - r²(CPU, TTFT)) (NumPy: 1.010911766302679)
        List<RunFigures> runs = new ArrayList<>();
        for (int i = 0; i < TTFT_MS.length; i++) {
            runs.add(RunFigures.of("r" + i).with(TTFT, TTFT_MS[i]).with(E2E, 3 * TTFT_MS[i] + 900).with(CPU_PEAK, CPU[i]));
        }
        OrthogonalityReport r = OrthogonalityCheck.check(runs);
        assertThat(r.vif().get(TTFT)).isInfinite();
        assertThat(r.vif().get(E2E)).isInfinite();
        assertThat(r.vif().get(CPU_PEAK)).isCloseTo(1.010911766302679, Percentage.withPercentage(1e-7));
        assertThat(r.redundantGroups()).containsExactly(List.of(TTFT, E2E));
    }

    @Test
    void oneRunMoreThanMetricsIsEnoughAndASingletonFlagIsExplained() {
        // n = 4 runs, p = 3 metrics: one residual degree of freedom. NumPy: VIF = 23.840830449826974,
        // 26.235294117647058, 6.612456747404837; r(TTFT, TPOT) = 0.8677, E2E's |r| with both is below 0.8.
        double[][] x = {{1.0, 2.0, 0.5}, {2.0, 2.5, 0.1}, {3.0, 4.5, 0.7}, {4.0, 4.0, 0.2}};
        List<RunFigures> runs = new ArrayList<>();
        for (double[] row : x) runs.add(RunFigures.of("r").with(TTFT, row[0]).with(TPOT, row[1]).with(E2E, row[2]));
        OrthogonalityReport r = OrthogonalityCheck.check(runs);
        assertThat(r.vif().get(TTFT)).isCloseTo(23.840830449826974, Percentage.withPercentage(1e-7));
        assertThat(r.vif().get(TPOT)).isCloseTo(26.235294117647058, Percentage.withPercentage(1e-7));
        assertThat(r.vif().get(E2E)).isCloseTo(6.612456747404837, Percentage.withPercentage(1e-7));
        assertThat(r.redundantGroups()).containsExactly(List.of(TTFT, TPOT), List.of(E2E));
        assertThat(r.notes()).containsExactly("e2e has VIF 6.6 but no other flagged metric correlates with it at |r| >= 0.8: "
                + "it is collinear with a combination of several others");
    }

    @Test
    void tooFewRunsLeaveVifOrCorrelationAbsentWithTheReason() {
        List<RunFigures> three = runs().subList(0, 3);
        OrthogonalityReport r = OrthogonalityCheck.check(three);
        assertThat(r.metrics()).hasSize(6); // energy is present in runs 0-2 here
        assertThat(r.correlation()).hasSize(6);
        assertThat(r.vif()).isEmpty();
        assertThat(r.vifAbsent()).hasValue("VIF needs more runs than metrics: 3 runs, 6 metrics (regressing one metric on the "
                + "other 5 with an intercept leaves no residual degrees of freedom)");
        assertThat(r.flagged()).isEmpty();

        OrthogonalityReport two = OrthogonalityCheck.check(runs().subList(0, 2), EnumSet.of(TTFT));
        assertThat(two.correlation()).isEmpty();
        assertThat(two.correlationAbsent()).hasValue("correlation needs at least 3 runs, got 2 (two points always correlate +1 or -1)");
        assertThat(two.vif()).containsExactly(Map.entry(TTFT, 1.0));
    }

    @Test
    void nothingToAnalyseIsSaidNotThrown() {
        OrthogonalityReport r = OrthogonalityCheck.check(List.of(RunFigures.of("a"), RunFigures.of("b")));
        assertThat(r.metrics()).isEmpty();
        assertThat(r.correlationAbsent()).hasValue("no metric was measured and varied in every run");
        assertThat(r.dropped()).hasSize(12).containsEntry(TTFT, "absent in every run");
        assertThatThrownBy(() -> OrthogonalityCheck.check(List.of())).hasMessage("runs must hold at least one run");
        assertThatThrownBy(() -> RunFigures.of("x").with(TTFT, Double.POSITIVE_INFINITY)).hasMessage("x: ttft must be finite, got Infinity");
    }
}
