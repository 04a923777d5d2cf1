package io.benchsuite.core.batch;

import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.report.model.BatchSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import java.util.List;

/**
 * Folds the {@link BatchResult} of each finished request into the report's {@code batches} section
 * ({@link BatchSection}): inputs and input tokens per second of an embeddings, rerank or score run. A run
 * whose requests carried no batch gets no section. Requests are folded as they finish: memory stays flat.
 * Every run has one (the benchmark adds it).
 */
public final class BatchListener implements RunListener {
    private long requests;
    private long inputs;
    private long inputTokens;
    private long serverPromptTokens;
    private boolean serverCountedAll = true;
    private long shortResponses;
    private long measured;
    private long firstScheduled = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;

    /** A listener that has seen no request yet. */
    public BatchListener() {
        // the sums start empty
    }

    @Override
    public synchronized void onRequestFinished(RequestRecord r) {
        if (r.window() != Window.MEASURED) return;
        // the window of the report's other rates: every measured request's, batch or not
        measured++;
        firstScheduled = Math.min(firstScheduled, r.scheduledOffsetNanos());
        lastEnd = Math.max(lastEnd, r.endOffsetNanos());
        BatchResult b = r.extras().get(BatchResult.class).orElse(null);
        if (b == null) return;
        if (r.outcome() != Outcome.SUCCESS) {
            if (b.returned() < b.inputs()) shortResponses++;
            return;
        }
        requests++;
        inputs += b.inputs();
        inputTokens += b.inputTokens();
        if (r.serverPromptTokens() >= 0) serverPromptTokens += r.serverPromptTokens();
        else serverCountedAll = false;
    }

    /**
     * The section as it stands, or {@code null} when no measured request carried a batch.
     *
     * @return the section, or null
     */
    public synchronized BatchSection section() {
        if (requests == 0 && shortResponses == 0) return null;
        double window = measured == 0 ? 0 : (lastEnd - firstScheduled) / 1e9;
        double per = window > 0 ? 1 / window : Double.NaN;
        return new BatchSection(requests, inputs, inputTokens, serverCountedAll && requests > 0 ? serverPromptTokens : -1,
                requests == 0 ? Double.NaN : (double) inputs / requests, window, inputs * per, inputTokens * per,
                shortResponses);
    }

    @Override
    public List<ReportSection> reportSections() {
        BatchSection s = section();
        return s == null ? List.of() : List.of(s);
    }
}
