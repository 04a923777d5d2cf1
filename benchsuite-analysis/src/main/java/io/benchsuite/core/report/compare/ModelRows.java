package io.benchsuite.core.report.compare;

import static io.benchsuite.core.report.html.internal.Html.esc;

import io.benchsuite.core.report.model.ModelsSection;
import io.benchsuite.core.report.model.ReportNumbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The comparison's per-model rows: for runs that spread their requests over several models, each model's figures
 * in each run beside the baseline's figures for the same model. Only a model present in both a run's and the
 * baseline's {@code models} section gets a row (a model one run did not ask for has nothing to compare with).
 */
final class ModelRows {
    private ModelRows() {}

    /** The figures compared per model: key, display name, and whether higher is better. */
    private record Figure(String key, String name, boolean higherBetter, ToDoubleFunction<ModelsSection.Model> read) {}

    private static final List<Figure> FIGURES = List.of(
            new Figure("requests", "Requests", true, m -> m.requests()),
            new Figure("ttftP50Ms", "TTFT p50 (ms)", false, m -> m.ttft().p50()),
            new Figure("ttftP99Ms", "TTFT p99 (ms)", false, m -> m.ttft().p99()),
            new Figure("tpotP99Ms", "TPOT p99 (ms)", false, m -> m.tpot().p99()),
            new Figure("e2eP99Ms", "E2E p99 (ms)", false, m -> m.e2e().p99()),
            new Figure("outputTokensPerSecond", "Output tokens/s", true, m -> m.outputTokensPerSecond()));

    /**
     * The rows, baseline's first for each model.
     *
     * @param c the comparison
     * @return the rows, empty when the baseline has no per-model figures
     */
    static List<ComparisonDocument.ModelRow> of(Comparison c) {
        Optional<ModelsSection> base = c.runs().get(c.baseline()).report().section(ModelsSection.class);
        if (base.isEmpty()) return List.of();
        List<ComparisonDocument.ModelRow> rows = new ArrayList<>();
        for (ModelsSection.Model bm : base.get().models()) {
            for (int i = 0; i < c.runs().size(); i++) {
                Optional<ModelsSection.Model> m = c.runs().get(i).report().section(ModelsSection.class)
                        .flatMap(s -> s.model(bm.name()));
                if (m.isEmpty()) continue;
                Map<String, Double> values = new LinkedHashMap<>();
                Map<String, Double> deltas = new LinkedHashMap<>();
                for (Figure f : FIGURES) {
                    double v = ReportNumbers.round(f.read().applyAsDouble(m.get()));
                    double b = ReportNumbers.round(f.read().applyAsDouble(bm));
                    values.put(f.key(), v);
                    deltas.put(f.key(), Double.isFinite(v) && Double.isFinite(b) && b != 0 ? ReportNumbers.round((v - b) / b) : Double.NaN);
                }
                rows.add(new ComparisonDocument.ModelRow(bm.name(), c.runs().get(i).label(), values, deltas));
            }
        }
        return rows;
    }

    /** Appends the per-model table to the comparison page; nothing when there are no rows. */
    static void html(StringBuilder b, Comparison c) {
        List<ComparisonDocument.ModelRow> rows = of(c);
        if (rows.isEmpty()) return;
        b.append("<section id=\"models\"><h2>Per model</h2><p class=\"sub\">Each model's figures in each run; deltas "
                + "against the baseline's figures for the same model.</p><table class=\"compare\"><thead><tr><th>Model</th><th>Run</th>");
        for (Figure f : FIGURES) b.append("<th class=\"num\">").append(esc(f.name())).append("</th>");
        b.append("</tr></thead><tbody>");
        for (ComparisonDocument.ModelRow r : rows) {
            b.append("<tr data-model=\"").append(esc(r.model())).append("\"><td>").append(esc(r.model())).append("</td><td>")
                    .append(esc(r.run())).append("</td>");
            for (Figure f : FIGURES) {
                double v = r.values().get(f.key());
                double d = r.deltas().get(f.key());
                b.append("<td class=\"num\" data-col=\"").append(f.key()).append("\">")
                        .append(Double.isFinite(v) ? esc(String.format(Locale.ROOT, "%.1f", v)) : "<span class=\"absent\">absent</span>");
                if (Double.isFinite(d) && d != 0) {
                    boolean better = f.higherBetter() == (d > 0);
                    b.append(" <small class=\"").append(better ? "better" : "worse").append("\">")
                            .append(esc(String.format(Locale.ROOT, "%+.1f %%", d * 100))).append("</small>");
                }
                b.append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table></section>");
    }
}
