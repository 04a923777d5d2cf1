package io.benchsuite.core.models;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.RouteChoice;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.ModelMix;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.report.model.ModelsSection;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Collects a mixed run's figures per model from the finished requests' {@link RouteChoice}: counts by outcome and
 * one set of latency histograms per model, and contributes them as the {@link ModelsSection}. A request without a
 * choice (refused before it was sent, as one longer than the model's context) is counted in no model.
 */
public final class ModelBreakdown implements RunListener {
    private final ModelMix mix;
    private final Map<String, Tally> tallies = new LinkedHashMap<>();
    private long firstScheduled = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;

    /**
     * A breakdown over the models of {@code mix}.
     *
     * @param mix the run's mix
     */
    public ModelBreakdown(ModelMix mix) {
        this.mix = notNull(mix, "mix");
        for (ModelMix.Entry e : mix.entries()) tallies.put(e.name(), new Tally());
    }

    private static final class Tally {
        final LatencyHistograms.Builder latency = LatencyHistograms.builder();
        long requests;
        long succeeded;
        long failed;
        long cancelled;
        long outputTokens;
    }

    @Override
    public synchronized void onRequestFinished(RequestRecord r) {
        if (r.window() != Window.MEASURED) return;
        String model = r.extras().get(RouteChoice.class).map(RouteChoice::model).orElse("");
        Tally t = tallies.get(model);
        if (t == null) return;
        firstScheduled = Math.min(firstScheduled, r.scheduledOffsetNanos());
        if (r.endOffsetNanos() >= 0) lastEnd = Math.max(lastEnd, r.endOffsetNanos());
        t.requests++;
        if (r.outcome() == Outcome.SUCCESS) {
            t.succeeded++;
            t.outputTokens += r.outputTokens();
            t.latency.recordAll(r);
        } else if (r.outcome() == Outcome.CANCELLED) {
            t.cancelled++;
        } else {
            t.failed++;
        }
    }

    @Override
    public synchronized List<ReportSection> reportSections() {
        return List.of(section());
    }

    /**
     * The figures collected so far.
     *
     * @return the section
     */
    public synchronized ModelsSection section() {
        double window = lastEnd > firstScheduled ? (lastEnd - firstScheduled) / 1e9 : Double.NaN;
        long all = tallies.values().stream().mapToLong(t -> t.requests).sum();
        Map<String, Double> shares = mix.shares();
        List<ModelsSection.Model> models = new ArrayList<>();
        tallies.forEach((name, t) -> models.add(new ModelsSection.Model(name, shares.get(name), t.requests,
                all == 0 ? Double.NaN : (double) t.requests / all, t.succeeded, t.failed, t.cancelled, t.outputTokens,
                t.succeeded / window, t.outputTokens / window, t.latency.stats(LatencyMetric.TTFT),
                t.latency.stats(LatencyMetric.TPOT), t.latency.stats(LatencyMetric.E2E))));
        return new ModelsSection(mix.by().name().toLowerCase(Locale.ROOT), mix.describe(), window, models);
    }
}
