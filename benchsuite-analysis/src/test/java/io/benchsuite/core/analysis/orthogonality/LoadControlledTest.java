package io.benchsuite.core.analysis.orthogonality;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoadControlledTest {
    // on the doubling grid 1..16 the load enters as log2: x = 0..4; e and f are orthogonal to 1, x and each other,
    // so they are exactly the residuals of a line on x
    private static final double[] LOADS = {1, 2, 4, 8, 16};
    private static final double[] E = {1, -2, 0, 2, -1};
    private static final double[] F = {1, -4, 6, -4, 1};

    private static double[][] data() {
        double[][] d = new double[5][4];
        for (int i = 0; i < 5; i++) {
            double x = i;
            d[i] = new double[] {10 * x + E[i], 5 * x + 2 * E[i], 3 * x + F[i], 7 * x + 1};
        }
        return d;
    }

    @Test
    void metricsThatOnlyFollowTheLoadAreUncorrelatedBeyondItAndSharedResidualsCorrelate() {
        LoadControlled lc = LoadControlled.of("max-concurrent", LOADS, List.of("ttft", "e2e", "cpu", "memory"), data());
        assertThat(lc.logLoad()).isTrue();
        assertThat(lc.loadTerm()).isEqualTo("log2 max-concurrent");
        assertThat(lc.absent()).isNull();
        assertThat(lc.metrics()).containsExactly("ttft", "e2e", "cpu");
        assertThat(lc.partial("ttft", "e2e")).isCloseTo(1.0, within(1e-12));
        assertThat(lc.partial("ttft", "cpu")).isCloseTo(0.0, within(1e-12));
        assertThat(lc.partial("ttft", "memory")).isNaN();
        // ttft: 1000 of its 1010 squared deviations are the load's
        assertThat(lc.loadR2().get("ttft")).isCloseTo(1000.0 / 1010, within(1e-12));
        assertThat(lc.loadR2().get("memory")).isCloseTo(1.0, within(1e-12));
        assertThat(lc.leftOut()).containsOnlyKeys("memory");
        assertThat(lc.leftOut().get("memory")).isEqualTo("a straight line in the load: nothing is left once the load is accounted for");
    }

    @Test
    void aNarrowLoadRangeEntersAsItIsAndTooFewRunsSayWhy() {
        double[][] d = data();
        LoadControlled linear = LoadControlled.of("rate", new double[] {10, 20, 30, 40, 50}, List.of("ttft", "e2e", "cpu", "memory"), d);
        assertThat(linear.logLoad()).isFalse();
        // x = 10..50 is a linear map of 0..4: the same residuals
        assertThat(linear.partial("ttft", "e2e")).isCloseTo(1.0, within(1e-9));

        LoadControlled three = LoadControlled.of("max-concurrent", new double[] {1, 2, 4}, List.of("ttft", "e2e"),
                new double[][] {{1, 2}, {3, 5}, {4, 4}});
        assertThat(three.partial()).isEmpty();
        assertThat(three.absent()).isEqualTo("a partial correlation controlling for the load needs at least 4 runs, got 3");

        LoadControlled flat = LoadControlled.of("max-concurrent", new double[] {4, 4, 4, 4}, List.of("ttft"), new double[][] {{1}, {2}, {3}, {4}});
        assertThat(flat.absent()).isEqualTo("the load does not vary across the runs");
    }
}
