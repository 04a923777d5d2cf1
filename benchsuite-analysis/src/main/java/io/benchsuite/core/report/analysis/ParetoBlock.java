package io.benchsuite.core.report.analysis;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.core.analysis.ReportFigures;
import io.benchsuite.core.analysis.pareto.Objective;
import io.benchsuite.core.analysis.pareto.ParetoCandidate;
import io.benchsuite.core.analysis.pareto.ParetoFront;
import io.benchsuite.core.analysis.sweep.PointFigure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Pareto front over a set of runs as {@code sweep.json} and {@code comparison.json} hold it
 * ({@link ParetoFront}; {@code docs/analysis.md} §3): the objectives compared, those left out because no run
 * measured them (with the reason), each candidate's values, the front, the layers, who dominates whom and the
 * runs that could not be ranked.
 *
 * @param objectives the objectives compared
 * @param leftOut objectives asked for but measured by no run, each with the reason
 * @param candidates every run with its values (objectives and context figures such as throughput)
 * @param front labels on the front
 * @param layers non-dominated layers, layer 0 the front
 * @param dominatedBy for each ranked run off the front, the front members that dominate it
 * @param unranked runs left out, each with what they lack
 * @param notes how to read the front
 */
public record ParetoBlock(List<ObjectiveEntry> objectives, Map<String, String> leftOut, List<Candidate> candidates,
                          List<String> front, List<List<String>> layers, Map<String, List<String>> dominatedBy,
                          Map<String, String> unranked, List<String> notes) {

    /**
     * An objective.
     *
     * @param name the figure's key
     * @param maximise whether larger is better
     */
    public record ObjectiveEntry(String name, boolean maximise) {}

    /**
     * A run.
     *
     * @param label its label
     * @param values its figures by key ({@code NaN} where not measured)
     */
    public record Candidate(String label, Map<String, Double> values) {}

    /** Why a run may lack a Pareto objective. */
    public static final Map<String, String> WHY_ABSENT = Map.of(
            ReportFigures.ENERGY_PER_TOKEN, "energy comes from GPU telemetry, RAPL or the simulator's power model",
            ReportFigures.ACCURACY, "accuracy needs a workload whose prompts carry reference answers and a scorer that grades the responses");

    /**
     * The objectives of the runs' front: energy per token and a latency figure minimised, accuracy maximised.
     *
     * @param latency the latency figure compared
     * @return the three objectives
     */
    public static List<Objective> objectives(PointFigure latency) {
        return List.of(Objective.ENERGY_PER_TOKEN, Objective.latency(ReportFigures.latencyKey(latency)), Objective.ACCURACY);
    }

    /**
     * The front over energy per token, the latency figure and accuracy, as far as the runs measured them.
     *
     * @param candidates the runs ({@link ReportFigures#paretoCandidate})
     * @param latency the latency figure compared
     * @return the block
     */
    public static ParetoBlock over(List<ParetoCandidate> candidates, PointFigure latency) {
        return of(candidates, objectives(latency), WHY_ABSENT);
    }

    /**
     * The front over the wanted objectives that some run measured.
     *
     * @param candidates the runs
     * @param wanted the objectives asked for, in order
     * @param whyAbsent for each objective, why a run may lack it (used when no run has it)
     * @return the block
     */
    public static ParetoBlock of(List<ParetoCandidate> candidates, List<Objective> wanted, Map<String, String> whyAbsent) {
        notNull(candidates, "candidates");
        notNull(wanted, "wanted");
        List<Objective> used = new ArrayList<>();
        Map<String, String> leftOut = new LinkedHashMap<>();
        for (Objective o : wanted) {
            boolean anyone = candidates.stream().anyMatch(c -> c.values().containsKey(o.name()));
            if (anyone) used.add(o);
            else leftOut.put(o.name(), "no run measured it" + (whyAbsent.containsKey(o.name()) ? ": " + whyAbsent.get(o.name()) : ""));
        }
        List<Candidate> entries = candidates.stream().map(c -> new Candidate(c.label(), c.values())).toList();
        List<String> notes = new ArrayList<>();
        if (used.isEmpty()) {
            notes.add("no objective was measured by any run: there is no front");
            return new ParetoBlock(List.of(), leftOut, entries, List.of(), List.of(), Map.of(), Map.of(), notes);
        }
        if (!leftOut.isEmpty()) {
            notes.add("the front is over " + String.join(", ", used.stream().map(Objective::name).toList()) + " only; left out: "
                    + String.join(", ", leftOut.keySet()));
        }
        if (used.size() == 1) notes.add("with one objective the front is the best run(s) on it");
        ParetoFront.Ranking r = ParetoFront.of(candidates, used);
        return new ParetoBlock(used.stream().map(o -> new ObjectiveEntry(o.name(), o.maximise())).toList(), leftOut, entries,
                r.front(), r.layers(), r.dominatedBy(), r.unranked(), notes);
    }

    /** A candidate's value, NaN when it has none. */
    public double value(String label, String key) {
        for (Candidate c : candidates) {
            if (c.label().equals(label)) {
                Double v = c.values().get(key);
                return v == null ? Double.NaN : v;
            }
        }
        return Double.NaN;
    }
}
