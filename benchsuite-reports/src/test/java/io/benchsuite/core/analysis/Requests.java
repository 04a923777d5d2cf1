package io.benchsuite.core.analysis;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.RequestRecordBuilder;
import io.benchsuite.api.workload.Window;

/** Request records with chosen timings (milliseconds from the run start) for the analysis tests. */
public final class Requests {
    private static final long MS = 1_000_000;

    private Requests() {}

    /** A successful measured request: scheduled, sent, first token and end in ms, and its output tokens. */
    public static RequestRecord ok(long index, double scheduledMs, double sentMs, double firstTokenMs, double endMs, int outputTokens) {
        return of(index, Window.MEASURED, scheduledMs, sentMs, firstTokenMs, endMs, outputTokens, Outcome.SUCCESS);
    }

    /** A request in any window and outcome. */
    public static RequestRecord of(long index, Window window, double scheduledMs, double sentMs, double firstTokenMs, double endMs,
                                   int outputTokens, Outcome outcome) {
        long scheduled = Math.round(scheduledMs * MS);
        long sent = Math.round(sentMs * MS);
        long first = firstTokenMs < 0 ? -1 : Math.round(firstTokenMs * MS);
        RequestRecordBuilder b = RequestRecord.builder(index).window(window).scheduled(scheduled).sent(sent).firstToken(first)
                .end(Math.round(endMs * MS)).inputTokens(32).outputTokens(outputTokens);
        if (outcome != Outcome.SUCCESS) b.outcome(outcome, ErrorKind.HTTP_5XX, "boom");
        return b.build();
    }
}
