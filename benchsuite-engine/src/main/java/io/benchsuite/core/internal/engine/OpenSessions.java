package io.benchsuite.core.internal.engine;

import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.Window;
import io.benchsuite.api.workload.injection.Injection;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SessionTurn;
import io.benchsuite.core.injection.InjectionCounts;
import io.benchsuite.core.injection.InjectionQueue;
import io.benchsuite.core.injection.QueuedInjection;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.internal.dispatch.Dispatcher.DueRequest;
import io.benchsuite.core.internal.engine.WorkloadStats.SessionEnd;
import io.benchsuite.core.schedule.RequestPlanner;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import io.benchsuite.core.workload.SessionTranscript;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions of a run in progress, and the preparation of every request's content.
 *
 * <p>Starts are prepared on the planner's thread ({@link #prepare}): an independent request as it is,
 * a session's first turn through its {@link SessionTranscript}. When a turn's answer arrives and another
 * turn follows, the next turn is prepared on a thread of its own (the answer goes into the history,
 * injections due at this turn boundary are delivered, the whole conversation is counted and hashed),
 * then resumed at the answer's instant plus a think time drawn from the scenario seed, the session's
 * place in the source and the turn. So no prompt is assembled or tokenized on the dispatcher's path;
 * a preparation slower than the think time shows as the turn's dispatch lag.
 *
 * <p>Context limit: a request that does not fit is sent anyway ({@link ContextLimit.Policy#SEND}),
 * recorded as {@code context_exceeded} without being sent ({@link ContextLimit.Policy#MARK}, ending its
 * session), or left out ({@link ContextLimit.Policy#SKIP}: starts before the run, a later turn whose
 * history has grown past the context ends its session there).
 */
final class OpenSessions {
    private static final Logger log = LoggerFactory.getLogger(OpenSessions.class);

    /** What the engine does with the dispatcher on the preparer's behalf (under its lock, waking it). */
    interface Dispatch {
        /** A paused session's next turn is ready and due at {@code at}; false when the schedule is over. */
        boolean resume(int user, long key, long at);

        /** A paused session ends at {@code now} without another turn. */
        void ended(int user, long now);

        /** The engine's clock now, nanoseconds from the run start. */
        long now();
    }

    /** What the engine tells the dispatcher after a request's terminal event. */
    enum After {
        /** The request was independent: {@code finished(user, now)}. */
        FINISHED,
        /** The request ended a session the dispatcher had opened: {@code finished(user, now, true)}. */
        SESSION_ENDED,
        /** Another turn follows: {@code paused(now)}, then {@link #prepareNext}. */
        CONTINUES
    }

    private static final class Session {
        final long key;
        final String id;
        final List<RequestPlan> turns;
        final SessionTranscript transcript;
        final long ordinal;
        final int user;
        final long startScheduled;
        final Window window;
        InjectionQueue injections;
        int nextInjection;
        int sent = 1;
        Outgoing prepared;

        Session(long key, String id, PreparedStart start, int user, long startScheduled, Window window) {
            this.key = key;
            this.id = id;
            this.turns = start.turns();
            this.transcript = start.transcript();
            this.ordinal = start.ordinal();
            this.user = user;
            this.startScheduled = startScheduled;
            this.window = window;
        }

        boolean opened() {
            return turns.size() > 1;
        }
    }

    private final Tokenizer tokenizer;
    private final SessionOptions options;
    private final ContextLimit limit;
    private final ContextLimit.Policy policy;
    private final List<TimedInjection> injections;
    private final AtomicIntegerArray injectionTakers;
    private final long thinkSeed;
    private final WorkloadStats stats;
    private final String runName;
    private final Map<Long, Session> open = new ConcurrentHashMap<>();
    private volatile Dispatch dispatch;
    private ExecutorService preparer;
    /** Prepare later turns on the caller's thread, not a preparer thread (a virtual-time run). */
    private final boolean inline;
    private final BiFunction<List<ChatMessage>, RequestExtras, PreparedPrompt> renderer;
    private long ordinal; // planner thread only

    /**
     * @param tokenizer counts assembled conversations
     * @param options think time, answers, concurrency unit
     * @param limit the model's context, or {@code null} when unknown
     * @param policy what to do with a request that does not fit
     * @param injections the scenario's injections
     * @param thinkSeed the seed of think times (from the scenario seed)
     * @param stats where figures go
     * @param runName for the preparer thread's name
     * @param inline prepare later turns on the thread that reports the answer, with no thread of its own
     *     (a virtual-time run, whose clock does not move meanwhile)
     * @param renderer the backend's rendering of a prompt ahead of time ({@code Backend::prepare})
     */
    OpenSessions(Tokenizer tokenizer, SessionOptions options, ContextLimit limit, ContextLimit.Policy policy,
                 List<TimedInjection> injections, long thinkSeed, WorkloadStats stats, String runName, boolean inline,
                 BiFunction<List<ChatMessage>, RequestExtras, PreparedPrompt> renderer) {
        this.tokenizer = tokenizer;
        this.renderer = renderer;
        this.options = options;
        this.limit = limit;
        this.policy = policy;
        this.injections = injections.stream().sorted(Comparator.comparing(TimedInjection::at)).toList();
        this.injectionTakers = new AtomicIntegerArray(this.injections.size());
        this.thinkSeed = thinkSeed;
        this.stats = stats;
        this.runName = runName;
        this.inline = inline;
    }

    void bind(Dispatch d) {
        this.dispatch = d;
    }

    /** Prepares a start on the planner's thread: the first request's whole content. */
    PreparedStart prepare(List<RequestPlan> turns) {
        RequestPlan first = turns.get(0);
        boolean more = turns.size() > 1;
        SessionTranscript transcript = null;
        List<ChatMessage> messages = first.messages();
        int promptTokens = first.inputTokens();
        if (more) {
            transcript = new SessionTranscript(tokenizer, options.answers());
            SessionTranscript.Turn t = transcript.next(first, List.of());
            messages = t.messages();
            promptTokens = t.promptTokens();
        }
        long held = 0;
        for (RequestPlan p : turns) held += p.inputTokens();
        String sessionId = first.session().map(SessionTurn::sessionId).orElse(null);
        Outgoing o = content(first, -1, sessionId, sessionId == null ? 0 : 1, !more, messages, promptTokens,
                first.outputTokens(), List.of());
        if (o.prepared() != null) held += promptTokens; // its rendering holds about as much again as its text
        return new PreparedStart(ordinal++, turns, transcript, o, first.arrivalNanos().orElse(-1), held);
    }

    /** A request's content: its prompt hashed, and rendered by the backend unless it will not be sent. */
    private Outgoing content(RequestPlan plan, long key, String sessionId, int turn, boolean last, List<ChatMessage> messages,
                             int promptTokens, int outputTokens, List<QueuedInjection> injected) {
        List<ChatMessage> sent = List.copyOf(messages);
        String excess = markedExcess(promptTokens, outputTokens);
        return new Outgoing(plan, key, sessionId, turn, last, sent, promptTokens, outputTokens,
                RequestPlanner.hash(ChatMessage.join(sent)), excess, injected, excess == null ? render(sent, plan.extras()) : null);
    }

    /** The backend's rendering of {@code messages}; a failure only leaves it to the send. */
    private PreparedPrompt render(List<ChatMessage> messages, RequestExtras extras) {
        try {
            return renderer.apply(messages, extras);
        } catch (RuntimeException e) {
            log.debug("rendering a prompt ahead failed; it is rendered when sent: {}", e.toString());
            return null;
        }
    }

    /** The message of a request that does not fit when the policy is to record it unsent, else {@code null}. */
    private String markedExcess(long promptTokens, int outputTokens) {
        if (limit == null || policy != ContextLimit.Policy.MARK) return null;
        return limit.excess(promptTokens, outputTokens).orElse(null);
    }

    /** The first request of a start about to be sent as {@code d}; a session is opened under the key {@code d.index()}. */
    Outgoing begin(PreparedStart start, DueRequest d) {
        Outgoing o = start.first();
        if (o.sessionId() == null) return o;
        Session s = new Session(d.index(), o.sessionId(), start, d.user(), d.scheduled(), d.window());
        open.put(s.key, s);
        stats.sessionStarted();
        if (!s.opened() && !injections.isEmpty()) {
            // A session of one turn has no boundary after an answer: its start is its only one.
            List<QueuedInjection> delivered = deliverInjections(s, d.scheduled(), 0);
            if (!delivered.isEmpty()) {
                List<ChatMessage> messages = new ArrayList<>(delivered.size() + o.messages().size());
                for (QueuedInjection q : delivered) messages.add(ChatMessage.user(q.injection().content()));
                messages.addAll(o.messages());
                return content(o.plan(), s.key, o.sessionId(), o.turn(), o.last(), messages,
                        tokenizer.countTokens(ChatMessage.join(messages)), o.outputTokens(), delivered);
            }
        }
        return new Outgoing(o.plan(), s.key, o.sessionId(), o.turn(), o.last(), o.messages(), o.promptTokens(),
                o.outputTokens(), o.promptHash(), o.contextExcess(), o.injected(), o.prepared());
    }

    /** The prepared next turn of the session {@code key}, about to be sent. */
    Outgoing next(long key) {
        Session s = open.get(key);
        if (s == null || s.prepared == null) throw new IllegalStateException("session " + key + " has no turn prepared");
        Outgoing o = s.prepared;
        s.prepared = null;
        s.sent++;
        return o;
    }

    /**
     * A request reached its terminal event: the figures of the injections it carried, and what follows.
     *
     * @param o what was sent
     * @param r its record
     * @param now the engine's clock
     * @return what the engine tells the dispatcher
     */
    After afterRequest(Outgoing o, RequestRecord r, long now) {
        if (o.sessionKey() < 0) return After.FINISHED;
        Session s = open.get(o.sessionKey());
        if (s == null) return After.SESSION_ENDED; // closed already (the run is ending)
        if (r.window() == Window.MEASURED && r.firstTokenOffsetNanos() >= 0) {
            for (QueuedInjection q : o.injected()) {
                stats.firstTokenAfterInjection(q.injection().priority(), r.firstTokenOffsetNanos() - q.queuedAtNanos());
            }
        }
        After ended = s.opened() ? After.SESSION_ENDED : After.FINISHED;
        if (!r.succeeded()) {
            close(s, r.errorKind() == ErrorKind.CONTEXT_EXCEEDED ? SessionEnd.OVER_CONTEXT : SessionEnd.FAILED, now, -1);
            return ended;
        }
        if (o.last()) {
            close(s, SessionEnd.COMPLETED, now, s.window == Window.MEASURED ? r.endOffsetNanos() - s.startScheduled : -1);
            return ended;
        }
        return After.CONTINUES;
    }

    /**
     * Prepares the session's next turn on the preparer's thread, then resumes it (or ends the session)
     * through the dispatch. Call after the dispatcher was told the session paused.
     *
     * @param o the turn just answered
     * @param user the closed-loop user running the session, or -1
     * @param answer the text received
     * @param answerTokens its length in tokens
     * @param now when the answer ended
     */
    void prepareNext(Outgoing o, int user, String answer, int answerTokens, long now) {
        Session s = open.get(o.sessionKey());
        if (s == null) {
            dispatch.ended(user, now);
            return;
        }
        if (inline) {
            prepare(s, answer, answerTokens, now);
            return;
        }
        try {
            preparer().execute(() -> prepare(s, answer, answerTokens, now));
        } catch (RejectedExecutionException e) {
            close(s, SessionEnd.CUT, now, -1); // the run is ending
            dispatch.ended(s.user, now);
        }
    }

    private synchronized ExecutorService preparer() {
        if (preparer == null) {
            preparer = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "benchsuite-sessions-" + runName);
                t.setDaemon(true);
                return t;
            });
        }
        return preparer;
    }

    private void prepare(Session s, String answer, int answerTokens, long answeredAt) {
        try {
            s.transcript.answered(answer);
            RequestPlan answered = s.turns.get(s.sent - 1);
            RequestPlan plan = s.turns.get(s.sent);
            int kept = answerTokens;
            if (options.answers() == SessionTranscript.Answers.RECORDED && answered.referenceAnswer().isPresent()) {
                kept = tokenizer.countTokens(answered.referenceAnswer().get());
            }
            stats.answered(s.id, kept);
            List<QueuedInjection> delivered = deliverInjections(s, answeredAt, s.transcript.tokens());
            List<Injection> contents = new ArrayList<>(delivered.size());
            for (QueuedInjection q : delivered) contents.add(q.injection());
            SessionTranscript.Turn t = s.transcript.next(plan, contents);
            int turn = plan.session().orElseThrow().turn();
            boolean last = s.sent + 1 == s.turns.size();
            if (limit != null && policy == ContextLimit.Policy.SKIP && !limit.fits(t.promptTokens(), plan.outputTokens())) {
                close(s, SessionEnd.OVER_CONTEXT, answeredAt, -1);
                dispatch.ended(s.user, dispatch.now());
                return;
            }
            s.prepared = content(plan, s.key, s.id, turn, last, t.messages(), t.promptTokens(), plan.outputTokens(),
                    delivered);
            long think = options.thinkTime().sampleNanos(new SplittableRandom(thinkSeed + s.ordinal * 0x9E3779B97F4A7C15L + turn));
            if (!dispatch.resume(s.user, s.key, answeredAt + think)) close(s, SessionEnd.CUT, dispatch.now(), -1);
        } catch (RuntimeException e) {
            log.warn("session '{}': preparing turn {} failed, the session ends: {}", s.id, s.sent + 1, e.toString(), e);
            close(s, SessionEnd.FAILED, answeredAt, -1);
            dispatch.ended(s.user, dispatch.now());
        }
    }

    /**
     * Queues the injections that have arrived for this session, then delivers those due at this boundary, where
     * the session holds {@code tokens} tokens.
     */
    private List<QueuedInjection> deliverInjections(Session s, long now, long tokens) {
        if (injections.isEmpty()) return List.of();
        while (s.nextInjection < injections.size()) {
            TimedInjection i = injections.get(s.nextInjection);
            long at = i.at().toNanos();
            if (at > now) break;
            s.nextInjection++;
            if (i.sessions() > 0 && injectionTakers.getAndIncrement(s.nextInjection - 1) >= i.sessions()) continue;
            if (s.injections == null) s.injections = new InjectionQueue();
            s.injections.offer(i.injection(), Math.max(at, s.startScheduled));
        }
        return s.injections == null ? List.of() : s.injections.deliver(tokens, now);
    }

    private void close(Session s, SessionEnd end, long now, long e2eNanos) {
        if (open.remove(s.key) == null) return;
        InjectionCounts counts = null;
        if (s.injections != null) {
            s.injections.close(now);
            counts = s.injections.counts();
        }
        stats.sessionEnded(end, s.sent, e2eNanos, counts);
    }

    /** Cuts the session of a turn that will not be sent (the schedule ended). */
    void cut(Outgoing o, long now) {
        Session s = open.get(o.sessionKey());
        if (s != null) close(s, SessionEnd.CUT, now, -1);
    }

    /**
     * The run is over: stops the preparer (waiting briefly for a preparation in progress) and cuts every
     * session still open.
     */
    void closeAll(long now) {
        ExecutorService p;
        synchronized (this) {
            p = preparer;
        }
        if (p != null) {
            p.shutdownNow();
            try {
                if (!p.awaitTermination(5, TimeUnit.SECONDS)) log.warn("the session preparer did not stop within 5 s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Session s : List.copyOf(open.values())) close(s, SessionEnd.CUT, now, -1);
    }
}
