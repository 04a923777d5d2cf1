package io.benchsuite.core.analysis.pareto;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The non-dominated configurations (SPEC §4.4) over any set of objectives, typically energy per token
 * (minimised), a latency figure (minimised) and accuracy (maximised).
 *
 * <h2>Definitions</h2>
 * Candidate a <em>dominates</em> b when a is at least as good as b on every objective and strictly better on
 * at least one. The <em>front</em> is the set of candidates no other candidate dominates. Candidates with
 * equal values on every objective (ties) do not dominate each other, so both stay on the front when nothing
 * else dominates them. The <em>layers</em> are non-dominated sorting: layer 0 is the front, layer k the
 * front of what remains after removing layers 0 to k − 1 (a rank for configurations off the front).
 *
 * <p>A candidate missing a value for some objective cannot be compared on it; rather than guess (treating
 * missing as worst would push it off the front, as best would put it on), it is left out and listed as
 * unranked with the objectives it lacks. The computation is the direct O(n² k) pairwise comparison, ample
 * for the hundreds of configurations a sweep or comparison holds.
 */
public final class ParetoFront {
    private ParetoFront() {}

    /**
     * The result.
     *
     * @param objectives the objectives compared
     * @param front labels on the front, in input order
     * @param layers non-dominated layers, layer 0 the front, each in input order
     * @param dominatedBy for each ranked candidate off the front, the labels of the front members that dominate it
     * @param unranked candidates left out, each with what it lacks
     */
    public record Ranking(List<Objective> objectives, List<String> front, List<List<String>> layers,
                         Map<String, List<String>> dominatedBy, Map<String, String> unranked) {
        /**
         * Copies the collections.
         *
         * @param objectives the objectives
         * @param front the front
         * @param layers the layers
         * @param dominatedBy who dominates whom
         * @param unranked candidates left out
         */
        public Ranking {
            objectives = List.copyOf(objectives);
            front = List.copyOf(front);
            layers = layers.stream().map(List::copyOf).toList();
            Map<String, List<String>> d = new LinkedHashMap<>();
            notNull(dominatedBy, "dominatedBy").forEach((k, v) -> d.put(k, List.copyOf(v)));
            dominatedBy = Collections.unmodifiableMap(d);
            unranked = Collections.unmodifiableMap(new LinkedHashMap<>(notNull(unranked, "unranked")));
        }
    }

    /**
     * Computes the front.
     *
     * @param candidates the configurations, labels unique
     * @param objectives at least one, names unique
     * @return the front, the layers and the unranked
     */
    public static Ranking of(List<ParetoCandidate> candidates, List<Objective> objectives) {
        notNull(candidates, "candidates");
        notNull(objectives, "objectives");
        if (objectives.isEmpty()) throw new IllegalArgumentException("objectives must hold at least one objective");
        Set<String> names = new HashSet<>();
        for (Objective o : objectives) {
            if (!names.add(notNull(o, "objective").name())) throw new IllegalArgumentException("objective '" + o.name() + "' is given twice");
        }
        Set<String> labels = new HashSet<>();
        List<ParetoCandidate> ranked = new ArrayList<>();
        Map<String, String> unranked = new LinkedHashMap<>();
        for (ParetoCandidate c : candidates) {
            if (!labels.add(notNull(c, "candidate").label())) throw new IllegalArgumentException("candidate label '" + c.label() + "' is given twice");
            List<String> missing = objectives.stream().map(Objective::name).filter(n -> !c.values().containsKey(n)).toList();
            if (missing.isEmpty()) ranked.add(c);
            else unranked.put(c.label(), "no value for " + String.join(", ", missing));
        }
        List<List<String>> layers = new ArrayList<>();
        List<ParetoCandidate> remaining = new ArrayList<>(ranked);
        while (!remaining.isEmpty()) {
            List<ParetoCandidate> layer = new ArrayList<>();
            for (ParetoCandidate c : remaining) {
                if (remaining.stream().noneMatch(o -> dominates(o, c, objectives))) layer.add(c);
            }
            layers.add(layer.stream().map(ParetoCandidate::label).toList());
            remaining.removeAll(layer);
        }
        List<String> front = layers.isEmpty() ? List.of() : layers.get(0);
        Map<String, List<String>> dominatedBy = new LinkedHashMap<>();
        List<ParetoCandidate> frontMembers = ranked.stream().filter(c -> front.contains(c.label())).toList();
        for (ParetoCandidate c : ranked) {
            if (front.contains(c.label())) continue;
            dominatedBy.put(c.label(), frontMembers.stream().filter(f -> dominates(f, c, objectives)).map(ParetoCandidate::label).toList());
        }
        return new Ranking(objectives, front, layers, dominatedBy, unranked);
    }

    /**
     * Whether {@code a} dominates {@code b}: no worse on every objective, better on one.
     *
     * @param a one candidate, with a value for every objective
     * @param b another, likewise
     * @param objectives the objectives
     * @return whether a dominates b
     */
    public static boolean dominates(ParetoCandidate a, ParetoCandidate b, List<Objective> objectives) {
        boolean strictlyBetter = false;
        for (Objective o : objectives) {
            double va = value(a, o), vb = value(b, o);
            if (o.better(vb, va)) return false;
            if (o.better(va, vb)) strictlyBetter = true;
        }
        return strictlyBetter;
    }

    private static double value(ParetoCandidate c, Objective o) {
        Double v = c.values().get(o.name());
        if (v == null) throw new IllegalArgumentException(c.label() + " has no value for objective '" + o.name() + "'");
        return v;
    }
}
