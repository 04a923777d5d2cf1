package io.benchsuite.core.internal.engine;

import io.benchsuite.api.accuracy.AccuracyTally;
import io.benchsuite.api.accuracy.Answer;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.report.model.AccuracySection;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.WorkloadSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.workload.SessionOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the engine adds to a run's report beside the figures: the {@code workload} section (what was sent),
 * the grades of the answers, and every listener's sections, gathered by key. Kept apart from
 * {@link RunEngine}, whose job is the run loop.
 */
final class RunSections {
    private static final Logger log = LoggerFactory.getLogger(RunSections.class);

    private RunSections() {}

    /** The {@code workload} section: what was sent, from where, paced how, and what the source skipped. */
    static WorkloadSection workload(Workload workload, EngineFeed feed, SourceCounts counts, RuntimeException failure,
                                    WorkloadStats stats) {
        String pacing = workload.paceBySource() ? "source" : workload.load() instanceof LoadModel.OpenLoop ? "arrivals" : "users";
        SessionOptions so = feed.sessions();
        String[] sessionOptions = {so.thinkTime().describe(), so.answers().name().toLowerCase(Locale.ROOT),
                so.concurrency().name().toLowerCase(Locale.ROOT)};
        WorkloadSection.Context context = null;
        if (feed.contextLimit() != null) {
            long skipped = counts.skipped().entrySet().stream()
                    .filter(e -> e.getKey().startsWith("over the model's context")).mapToLong(Map.Entry::getValue).sum();
            context = new WorkloadSection.Context(feed.contextLimit().contextTokens(), feed.contextFrom(),
                    feed.contextPolicy().name().toLowerCase(Locale.ROOT), 0, skipped);
        }
        List<String> injections = new ArrayList<>();
        for (TimedInjection i : feed.injections()) injections.add(i.describe());
        return stats.section(feed.source().describe(), pacing, counts, failure == null ? null : failure.getMessage(),
                sessionOptions, context, injections);
    }

    /** Grades a finished request's answer against its plan's reference answer (measured requests only). */
    static void grade(AccuracyTally accuracy, RequestPlan plan, RequestRecord r, String text) {
        if (r.window() != Window.MEASURED) return;
        Optional<String> reference = plan.referenceAnswer();
        if (reference.isEmpty() && accuracy.needsReference()) {
            accuracy.ungraded("no reference answer");
        } else if (!r.succeeded()) {
            accuracy.ungraded("request failed");
        } else {
            // the extras let a scorer judge tool calls and structured output, not only the text
            accuracy.grade(new Answer(text, reference, plan.extras(), r.extras()));
        }
    }

    /**
     * The engine's sections, then each listener's, by key; a key given twice keeps the first (with a warning),
     * and a listener that fails to give its sections loses them, not the run.
     */
    static Map<String, ReportSection> collect(WorkloadSection workload, ClientSection client, AccuracyTally accuracy,
                                              List<RunListener> listeners) {
        Map<String, ReportSection> sections = new LinkedHashMap<>();
        sections.put(WorkloadSection.KEY, workload);
        sections.put(ClientSection.KEY, client);
        if (accuracy != null) sections.put(AccuracySection.KEY, AccuracySection.of(accuracy.summary()));
        for (RunListener l : listeners) {
            try {
                for (ReportSection s : l.reportSections()) {
                    if (s == null || s.key() == null) continue;
                    if (sections.containsKey(s.key())) {
                        log.warn("report section '{}' from {} clashes with another listener's; dropped", s.key(),
                                l.getClass().getName());
                    } else {
                        sections.put(s.key(), s);
                    }
                }
            } catch (RuntimeException e) {
                log.warn("run listener {} failed to give its report sections: {}", l.getClass().getName(), e.toString(), e);
            }
        }
        return sections;
    }
}
