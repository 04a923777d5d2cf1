package io.benchsuite.core.internal.engine;

import io.benchsuite.api.backend.PromptNotSent;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.injection.InjectionPriority;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.core.injection.InjectionCounts;
import io.benchsuite.core.internal.aggregate.BackendTime;
import io.benchsuite.core.report.model.WorkloadSection;
import io.benchsuite.core.workload.IdealPrefixCache;
import io.benchsuite.core.workload.PrefixSharing;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Folds what the engine sends and receives into the report's {@link WorkloadSection}: prompt and
 * output lengths, the ideal prefix sharing of the prompts in sending order, figures by turn number,
 * session ends and latency, injection counts and the latency to the first token after an injection.
 * Thread-safe: called from the dispatcher, the backends' threads and the session preparer. Records come
 * in the backend's time ({@link BackendTime}); a session's spans come on the engine's clock and are
 * turned into that time here.
 */
final class WorkloadStats {
    private static final long HIGHEST_TOKENS = 1L << 31;

    /** How a session ended. */
    enum SessionEnd {
        COMPLETED, FAILED, OVER_CONTEXT, CUT
    }

    private final IdealPrefixCache ideal = new IdealPrefixCache();
    private final TokenCounts input = new TokenCounts();
    private final TokenCounts output = new TokenCounts();
    private final Map<Integer, TurnFigures> turns = new TreeMap<>();
    private final Map<SessionEnd, Long> sessionEnds = new EnumMap<>(SessionEnd.class);
    private final Histogram sessionE2e = latencyHistogram();
    private final Map<InjectionPriority, Histogram> afterInjection = new EnumMap<>(InjectionPriority.class);
    private InjectionCounts injections = InjectionCounts.none();
    private long requests;
    private long marked;
    private long sessions;
    private long sessionTurns;
    private final BackendTime time;

    WorkloadStats() {
        this(BackendTime.WALL);
    }

    /** Figures in the backend's time {@code time}. */
    WorkloadStats(BackendTime time) {
        this.time = time;
    }

    private static final class TurnFigures {
        long requests;
        long succeeded;
        long promptTokens;
        long idealTokens;
        long idealRepeated;
        final Histogram ttft = latencyHistogram();
    }

    /** A distribution of token counts: percentiles within 0.1 %, count, sum, min and max exact. */
    static final class TokenCounts {
        private final Histogram histogram = new Histogram(1, HIGHEST_TOKENS, 3);
        private long sum;
        private long min = Long.MAX_VALUE;
        private long max;

        void record(long tokens) {
            long v = Math.max(1, Math.min(HIGHEST_TOKENS, tokens));
            histogram.recordValue(v);
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }

        /** Figures and power-of-two buckets. */
        WorkloadSection.Lengths lengths() {
            long n = histogram.getTotalCount();
            if (n == 0) return WorkloadSection.Lengths.NONE;
            List<WorkloadSection.Bucket> buckets = new ArrayList<>();
            for (long from = 1; from <= max; from <<= 1) {
                long to = from << 1;
                // powers of two are bucket bounds of the histogram, so these counts are exact
                long c = histogram.getCountBetweenValues(from, to - 1);
                if (c > 0) buckets.add(new WorkloadSection.Bucket(from, to, c));
            }
            return new WorkloadSection.Lengths(n, (double) sum / n, min, clamp(histogram.getValueAtPercentile(50)),
                    clamp(histogram.getValueAtPercentile(90)), clamp(histogram.getValueAtPercentile(99)), max, buckets);
        }

        private long clamp(long v) {
            return Math.max(min, Math.min(max, v));
        }
    }

    private static Histogram latencyHistogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    /** A request went to the backend with this content. */
    synchronized void sent(Outgoing o) {
        requests++;
        // a request whose text prompt stays home (a transcription) sends no prompt tokens to count or share
        if (o.plan().extras().get(PromptNotSent.class).isPresent()) return;
        input.record(o.promptTokens());
        PrefixSharing before = ideal.sharing();
        ideal.observe(o.plan());
        PrefixSharing after = ideal.sharing();
        if (o.turn() > 0) {
            TurnFigures t = turns.computeIfAbsent(o.turn(), k -> new TurnFigures());
            t.requests++;
            t.promptTokens += o.promptTokens();
            t.idealTokens += after.promptTokens() - before.promptTokens();
            t.idealRepeated += after.repeatedTokens() - before.repeatedTokens();
        }
    }

    /** A request was recorded as {@code context_exceeded} without being sent. */
    synchronized void marked() {
        marked++;
    }

    /** A session turn's answer, before the session's next turn is sent (its length goes into the ideal history). */
    synchronized void answered(String sessionId, int answerTokens) {
        ideal.answered(sessionId, answerTokens);
    }

    /** A request sent reached its terminal event. */
    synchronized void finished(Outgoing o, RequestRecord r) {
        if (r.succeeded() && r.outputTokens() > 0) output.record(r.outputTokens());
        if (o.turn() > 0) {
            TurnFigures t = turns.computeIfAbsent(o.turn(), k -> new TurnFigures());
            if (r.succeeded()) {
                t.succeeded++;
                if (r.window() == Window.MEASURED && r.ttftNanos() >= 0) t.ttft.recordValue(r.ttftNanos());
            }
        }
    }

    /** A session's first turn went out. */
    synchronized void sessionStarted() {
        sessions++;
    }

    /**
     * A session ended.
     *
     * @param end how
     * @param turnsSent turns sent (or recorded without sending)
     * @param e2eNanos first turn's scheduled instant to last turn's end for a completed session of the measured window, else -1
     * @param counts its injections
     */
    synchronized void sessionEnded(SessionEnd end, int turnsSent, long e2eNanos, InjectionCounts counts) {
        sessionEnds.merge(end, 1L, Long::sum);
        sessionTurns += turnsSent;
        if (e2eNanos >= 0) sessionE2e.recordValue(time.span(e2eNanos));
        if (counts != null) injections = injections.plus(counts);
    }

    /** The first token of a turn that carried an injection arrived {@code nanos} after the injection was queued. */
    synchronized void firstTokenAfterInjection(InjectionPriority priority, long nanos) {
        afterInjection.computeIfAbsent(priority, p -> latencyHistogram()).recordValue(time.span(Math.max(0, nanos)));
    }

    /**
     * The section.
     *
     * @param source the source's description
     * @param pacing {@code source}, {@code arrivals} or {@code users}
     * @param counts the source cursor's counts
     * @param sourceError why the source stopped early, or {@code null}
     * @param sessionsBlock the session options as text ({@code thinkTime, answers, concurrency}), or {@code null} when no session ran
     * @param context the context block, without its counts, or {@code null}
     * @param scheduledInjections the scenario's injections described, empty without any
     */
    synchronized WorkloadSection section(String source, String pacing, SourceCounts counts, String sourceError,
                                         String[] sessionsBlock, WorkloadSection.Context context,
                                         List<String> scheduledInjections) {
        PrefixSharing s = ideal.sharing();
        WorkloadSection.Sharing sharing = new WorkloadSection.Sharing(s.promptTokens(), s.repeatedTokens(),
                s.promptTokens() == 0 ? Double.NaN : s.ratio());
        WorkloadSection.Sessions sessionFigures = null;
        if (sessions > 0) {
            String[] o = sessionsBlock == null ? new String[3] : sessionsBlock;
            sessionFigures = new WorkloadSection.Sessions(sessions, ends(SessionEnd.COMPLETED), ends(SessionEnd.FAILED),
                    ends(SessionEnd.OVER_CONTEXT), ends(SessionEnd.CUT),
                    (double) sessionTurns / Math.max(1, sessionEnds.values().stream().mapToLong(Long::longValue).sum()),
                    o[0], o[1], o[2], millis(sessionE2e));
        }
        List<WorkloadSection.Turn> turnRows = new ArrayList<>();
        turns.forEach((n, t) -> turnRows.add(new WorkloadSection.Turn(n, t.requests, t.succeeded,
                t.requests == 0 ? Double.NaN : (double) t.promptTokens / t.requests,
                t.idealTokens == 0 ? Double.NaN : (double) t.idealRepeated / t.idealTokens, millis(t.ttft))));
        WorkloadSection.Context ctx = context == null ? null : new WorkloadSection.Context(context.limitTokens(),
                context.from(), context.policy(), marked, context.skipped());
        WorkloadSection.Injections inj = null;
        if (!scheduledInjections.isEmpty()) {
            Map<String, WorkloadSection.Millis> after = new LinkedHashMap<>();
            afterInjection.forEach((p, h) -> after.put(p.label(), millis(h)));
            inj = new WorkloadSection.Injections(scheduledInjections, byLabel(injections.offered()),
                    byLabel(injections.delivered()), byLabel(injections.expired()), byLabel(injections.undelivered()), after);
        }
        return new WorkloadSection(source, pacing, counts.plans(), counts.skipped(), counts.adjusted(), sourceError,
                requests, input.lengths(), output.lengths(), sharing, sessionFigures, turnRows, ctx, inj);
    }

    private long ends(SessionEnd e) {
        return sessionEnds.getOrDefault(e, 0L);
    }

    private static Map<String, Long> byLabel(Map<InjectionPriority, Long> m) {
        Map<String, Long> out = new LinkedHashMap<>();
        m.forEach((p, n) -> out.put(p.label(), n));
        return out;
    }

    private static WorkloadSection.Millis millis(Histogram h) {
        if (h.getTotalCount() == 0) return WorkloadSection.Millis.NONE;
        return new WorkloadSection.Millis(h.getTotalCount(), h.getMean() / 1e6, h.getValueAtPercentile(50) / 1e6,
                h.getValueAtPercentile(90) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6);
    }
}
