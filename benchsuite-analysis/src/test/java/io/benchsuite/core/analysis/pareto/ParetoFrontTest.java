package io.benchsuite.core.analysis.pareto;

import static io.benchsuite.core.analysis.pareto.Objective.ACCURACY;
import static io.benchsuite.core.analysis.pareto.Objective.ENERGY_PER_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ParetoFrontTest {
    private static final Objective TTFT_P99 = Objective.latency("ttftP99Ms");

    private static List<ParetoCandidate> configurations() {
        return List.of(
                ParetoCandidate.of("A", "energyPerToken", 0.30, "ttftP99Ms", 200, "accuracy", 0.80),
                ParetoCandidate.of("B", "energyPerToken", 0.20, "ttftP99Ms", 300, "accuracy", 0.80),
                ParetoCandidate.of("C", "energyPerToken", 0.35, "ttftP99Ms", 250, "accuracy", 0.70), // worse than A everywhere
                ParetoCandidate.of("D", "energyPerToken", 0.20, "ttftP99Ms", 300, "accuracy", 0.80), // ties with B
                ParetoCandidate.of("E", "energyPerToken", 0.50, "ttftP99Ms", 150, "accuracy", 0.90),
                ParetoCandidate.of("F", "energyPerToken", 0.40, "ttftP99Ms", 400, "accuracy", 0.60), // worse than A, B, C, D
                ParetoCandidate.of("G", "energyPerToken", 0.10, "ttftP99Ms", 100, "accuracy", Double.NaN)); // no accuracy
    }

    @Test
    void frontOverEnergyLatencyAndAccuracy() {
        ParetoFront.Ranking r = ParetoFront.of(configurations(), List.of(ENERGY_PER_TOKEN, TTFT_P99, ACCURACY));
        assertThat(r.front()).containsExactly("A", "B", "D", "E");
        assertThat(r.layers()).containsExactly(List.of("A", "B", "D", "E"), List.of("C"), List.of("F"));
        assertThat(r.dominatedBy()).containsExactly(Map.entry("C", List.of("A")), Map.entry("F", List.of("A", "B", "D")));
        assertThat(r.unranked()).containsExactly(Map.entry("G", "no value for accuracy"));
    }

    @Test
    void anySubsetOfObjectives() {
        // energy and accuracy only: B and D (0.2 J, 0.8) beat A (0.3 J, 0.8); E keeps the best accuracy
        assertThat(ParetoFront.of(configurations(), List.of(ENERGY_PER_TOKEN, ACCURACY)).front()).containsExactly("B", "D", "E");
        // energy and latency: G, lowest on both, dominates everyone and is now ranked
        ParetoFront.Ranking r = ParetoFront.of(configurations(), List.of(ENERGY_PER_TOKEN, TTFT_P99));
        assertThat(r.front()).containsExactly("G");
        assertThat(r.unranked()).isEmpty();
        // one objective: the front is every candidate sharing the best value
        assertThat(ParetoFront.of(configurations(), List.of(ACCURACY)).front()).containsExactly("E");
        assertThat(ParetoFront.of(configurations(), List.of(ENERGY_PER_TOKEN)).front()).containsExactly("G");
    }

    @Test
    void tiesDoNotDominateEachOther() {
        List<Objective> o = List.of(ENERGY_PER_TOKEN, ACCURACY);
        ParetoCandidate b = configurations().get(1), d = configurations().get(3);
        assertThat(ParetoFront.dominates(b, d, o)).isFalse();
        assertThat(ParetoFront.dominates(d, b, o)).isFalse();
        assertThat(ParetoFront.dominates(b, configurations().get(0), o)).isTrue();
    }

    @Test
    void twoDimensionalFrontMatchesTheSortAndSweepConstruction() {
        // Independent construction for two minimised objectives: sort by x (then y), keep each point whose y is
        // below every y seen so far. Equal points are both kept. 500 points from a fixed seed, on a coarse grid so
        // that ties happen.
        Random rnd = new Random(11);
        List<ParetoCandidate> cs = new ArrayList<>();
        for (int i = 0; i < 500; i++) cs.add(ParetoCandidate.of("p" + i, "x", rnd.nextInt(60), "y", rnd.nextInt(60)));
        List<ParetoCandidate> sorted = new ArrayList<>(cs);
        sorted.sort(Comparator.comparingDouble((ParetoCandidate c) -> c.values().get("x")).thenComparingDouble(c -> c.values().get("y")));
        List<String> expected = new ArrayList<>();
        double bestY = Double.POSITIVE_INFINITY, bestX = Double.NaN;
        for (ParetoCandidate c : sorted) {
            double x = c.values().get("x"), y = c.values().get("y");
            if (y < bestY || (y == bestY && x == bestX)) {
                expected.add(c.label());
                if (y < bestY) bestX = x;
                bestY = y;
            }
        }
        List<String> front = ParetoFront.of(cs, List.of(Objective.minimise("x"), Objective.minimise("y"))).front();
        assertThat(front).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(front.size()).isGreaterThan(1);
    }

    @Test
    void badInputIsNamed() {
        assertThatThrownBy(() -> ParetoFront.of(configurations(), List.of())).hasMessage("objectives must hold at least one objective");
        assertThatThrownBy(() -> ParetoFront.of(configurations(), List.of(ACCURACY, Objective.minimise("accuracy"))))
                .hasMessage("objective 'accuracy' is given twice");
        assertThatThrownBy(() -> ParetoFront.of(List.of(ParetoCandidate.of("a"), ParetoCandidate.of("a")), List.of(ACCURACY)))
                .hasMessage("candidate label 'a' is given twice");
        assertThatThrownBy(() -> ParetoCandidate.of("a", "x", Double.POSITIVE_INFINITY)).hasMessage("a: x must be finite, got Infinity");
        assertThatThrownBy(() -> new Objective(" ", true)).hasMessage("objective name must not be blank");
    }
}
