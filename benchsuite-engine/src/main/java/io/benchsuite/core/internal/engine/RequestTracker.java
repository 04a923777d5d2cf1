package io.benchsuite.core.internal.engine;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.PromptNotSent;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Marks;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.Reasoning;
import io.benchsuite.api.result.ReasoningTokenSource;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.CancelAfter;
import io.benchsuite.api.workload.Window;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Records the events of one request as they happen and turns them into a {@link RequestRecord}.
 *
 * <p>Times are the backend's {@code nanoTime} arguments (taken where bytes arrived), converted to
 * offsets from the run start. ITL attribution: a chunk of {@code n} tokens arriving {@code Δ} after
 * the previous token contributes {@code n} gaps of {@code Δ/n} (the tokens were generated over that
 * interval; the server batched their delivery). Tokens beyond the first in the very first chunk
 * arrived together with it and contribute gaps of 0, so ITL samples always equal output tokens − 1.
 *
 * <p>Reasoning: tokens reported by {@code onReasoningTokens} count as tokens like any other (TTFT,
 * ITL, streamed count) and, apart, as the reasoning: the first reasoning token, the reasoning
 * count. Tokens reported by {@code onTokens} are the answer: the first answer token (TTFAT) and the
 * answer's own gaps (each answer token's gap is the time since the previous answer token, spread as
 * above; the wait from the last reasoning token to the first answer token is not an answer gap).
 * Reasoning text is not kept with the answer's text: a later turn and a grader see the answer alone.
 *
 * <p>Backends deliver one event at a time per request; {@code synchronized} still guards against a
 * backend that breaks the contract, and the first terminal event wins.
 */
final class RequestTracker implements ResponseListener {
    private final long index;
    private final Outgoing content;
    private final Window window;
    private final int user;
    private final long runStartNanos;
    private final long scheduledOffset;
    private final long dispatchOffset;
    private final Tokenizer tokenizer;
    private final boolean stream;
    private final Consumer<RequestTracker> onFinish;
    private final FirstTokenListener onFirstToken;
    private final SecretMask secrets;

    private long submitOffset = -1;
    private long sentOffset = -1;
    private long connectNanos = -1;
    private int connectionRetries;
    private OutputKinds outputKinds = OutputKinds.none();
    private RequestExtras extras = RequestExtras.none();
    private Marks marks = Marks.none();
    private boolean resendPending;
    /** Why the request was re-sent (the backend's words), or null. */
    private String resendReason;
    private long firstTokenOffset = -1;
    private long lastTokenNanos;
    private int streamedTokens;
    /** Sized for the output asked for (up to 1,024 gaps): grown from 16 it was copied 4 times for 256 tokens. */
    private long[] gaps;
    private int gapCount;
    private final StringBuilder text = new StringBuilder();
    private long firstReasoningOffset = -1;
    private long firstAnswerOffset = -1;
    private long lastAnswerNanos;
    private int reasoningStreamed;
    /** Reasoning tokens of a whole (non-streamed) answer, counted by the tokenizer from its reasoning text. */
    private int reasoningTextTokens;
    /** The answer's own gaps; null until a reasoning token arrives (until then they are {@link #gaps}). */
    private long[] answerGaps;
    private int answerGapCount;
    /** Whether the answer's text is kept after the terminal event for grading (guarded by this). */
    private boolean keepAnswer;
    private boolean finished;
    private RequestRecord record;
    private volatile RequestHandle handle = RequestHandle.NONE;
    /** Where the workload aborts this request on purpose, or null (guarded by this). */
    private CancelAfter.Point cancelAt;
    private long submitNanos;
    /** The abort was asked: the backend's {@code CANCELLED} that follows is the client's doing. */
    private volatile boolean abortedByDesign;

    /** Told when a request's first token arrives (once per request, outside the tracker's lock). */
    @FunctionalInterface
    interface FirstTokenListener {
        /**
         * @param firstTokenOffset when it arrived, nanoseconds from the run start
         * @param ttftNanos its time to first token from the scheduled instant
         */
        void firstToken(long firstTokenOffset, long ttftNanos);
    }

    /**
     * @param index the request's position in the run
     * @param content what is sent; when another turn of its session follows, the answer's text is kept for it
     */
    RequestTracker(long index, Outgoing content, Window window, int user, long runStartNanos, long scheduledOffset,
                   long dispatchOffset, Tokenizer tokenizer, boolean stream, SecretMask secrets,
                   Consumer<RequestTracker> onFinish, FirstTokenListener onFirstToken) {
        this.secrets = secrets;
        this.onFirstToken = onFirstToken;
        this.index = index;
        this.content = content;
        this.window = window;
        this.user = user;
        this.runStartNanos = runStartNanos;
        this.scheduledOffset = scheduledOffset;
        this.dispatchOffset = dispatchOffset;
        this.tokenizer = tokenizer;
        this.stream = stream;
        this.onFinish = onFinish;
        this.gaps = new long[Math.max(16, Math.min(content.outputTokens(), 1024))];
    }

    Outgoing content() {
        return content;
    }

    /** The request's position in the run. */
    long index() {
        return index;
    }

    /** Keeps the answer's text after a successful terminal event, for grading against a reference answer. */
    synchronized void keepAnswer() {
        keepAnswer = true;
    }

    /**
     * The answer's text, kept after the terminal event when another turn of the session follows or when
     * {@link #keepAnswer} was asked; else empty.
     */
    synchronized String text() {
        return text.toString();
    }

    int user() {
        return user;
    }

    Window window() {
        return window;
    }

    /** The engine is about to hand the request to the backend (it holds a concurrency slot now). */
    synchronized void submitted(long nanoTime) {
        submitOffset = nanoTime - runStartNanos;
        submitNanos = nanoTime;
    }

    /** The workload cancels this request on purpose at {@code point} (null: never). */
    synchronized void cancelAt(CancelAfter.Point point) {
        cancelAt = point;
    }

    void handle(RequestHandle handle) {
        this.handle = handle == null ? RequestHandle.NONE : handle;
        // the abort point may have passed before the backend handed the handle back
        if (abortedByDesign && !finished()) this.handle.cancel();
    }

    /** Whether the abort point is reached now; asks it once. Call with the lock held. */
    private boolean abortDue(long nanoTime) {
        if (cancelAt == null || abortedByDesign || finished) return false;
        if (!cancelAt.reached(streamedTokens, nanoTime - submitNanos)) return false;
        abortedByDesign = true;
        return true;
    }

    void cancel() {
        handle.cancel();
    }

    /** The finished record; only valid after the terminal event. */
    synchronized RequestRecord record() {
        return record;
    }

    synchronized boolean finished() {
        return finished;
    }

    @Override
    public synchronized void onConnected(long nanos) {
        if (!finished && nanos >= 0) connectNanos = nanos;
    }

    @Override
    public synchronized void onOutputKinds(OutputKinds kinds) {
        if (!finished && kinds != null) outputKinds = kinds;
    }

    @Override
    public synchronized void onExtra(Object extra) {
        if (!finished && extra != null) extras = extras.with(extra);
    }

    /** A named instant: the first value of a name wins, as for the first token; an invalid name is not kept. */
    @Override
    public synchronized void onMark(String mark, long nanoTime) {
        if (finished || !Marks.isName(mark) || marks.offset(mark) >= 0) return;
        marks = marks.with(mark, Math.max(0, nanoTime - runStartNanos));
    }

    @Override
    public synchronized void onConnectionRetry(long nanoTime, String reason) {
        if (finished || firstTokenOffset >= 0) return;
        connectionRetries++;
        resendPending = true;
        if (resendReason == null) {
            resendReason = reason == null || reason.isBlank() ? "re-sent on a fresh connection (no reason given)" : reason;
        }
    }

    @Override
    public synchronized void onSent(long nanoTime) {
        if (finished || (sentOffset >= 0 && !resendPending)) return;
        // After a connection retry the request is on the wire only when the re-send is written: that
        // is the send the server answers, so TTFT-from-send excludes the dead connection's round trip
        // (TTFT from the schedule includes it).
        sentOffset = nanoTime - runStartNanos;
        resendPending = false;
        if (abortDue(nanoTime)) handle.cancel(); // a zero delay: the backend cancels and reports later, never within onSent
    }

    @Override
    public void onTokens(long nanoTime, int tokenCount, String chunk) {
        tokens(nanoTime, tokenCount, chunk, false);
    }

    @Override
    public void onReasoningTokens(long nanoTime, int tokenCount, String chunk) {
        tokens(nanoTime, tokenCount, chunk, true);
    }

    private void tokens(long nanoTime, int tokenCount, String chunk, boolean reasoning) {
        long first = -1;
        boolean abort;
        synchronized (this) {
            if (finished) return;
            if (reasoning) {
                // a whole answer's reasoning has no token count of its own: the tokenizer gives it
                if (!stream && tokenCount <= 0 && chunk != null && !chunk.isEmpty()) {
                    reasoningTextTokens += tokenizer.countTokens(chunk);
                }
            } else if (chunk != null && !chunk.isEmpty() && textNeeded(tokenCount)) {
                text.append(chunk);
            }
            if (tokenCount <= 0) return;
            if (sentOffset < 0) sentOffset = dispatchOffset; // backend skipped onSent; never leave it unknown
            if (firstTokenOffset < 0) {
                firstTokenOffset = nanoTime - runStartNanos;
                first = firstTokenOffset;
                for (int i = 1; i < tokenCount; i++) addGap(0);
            } else {
                long gap = Math.max(0, nanoTime - lastTokenNanos);
                long share = gap / tokenCount;
                long remainder = gap - share * tokenCount;
                for (int i = 0; i < tokenCount; i++) addGap(share + (i < remainder ? 1 : 0));
            }
            lastTokenNanos = nanoTime;
            streamedTokens += tokenCount;
            if (reasoning) {
                reasoningToken(nanoTime, tokenCount);
            } else {
                answerToken(nanoTime, tokenCount);
            }
            abort = abortDue(nanoTime);
        }
        if (first >= 0) onFirstToken.firstToken(first, first - scheduledOffset);
        // outside the lock: a backend may deliver the CANCELLED event from within cancel()
        if (abort) handle.cancel();
    }

    /**
     * Whether a chunk's text must be kept: for the next turn of a session or a grader (the text
     * {@link #build} keeps), or to count the answer's tokens with the tokenizer at the end, which
     * {@link #onComplete} does only when the stream counted none. A counted chunk of a stream is
     * dropped otherwise: appending every chunk of a simulated hour was 18 M appends and a fifth of
     * the client's allocations, for a text nothing read.
     */
    private boolean textNeeded(int tokenCount) {
        return !stream || tokenCount <= 0 || keepAnswer || content.continues();
    }

    /** Reasoning tokens arrived: the answer's gaps part from the run of all gaps from here on. */
    private void reasoningToken(long nanoTime, int tokenCount) {
        if (firstReasoningOffset < 0) firstReasoningOffset = nanoTime - runStartNanos;
        reasoningStreamed += tokenCount;
        if (answerGaps == null) {
            // every gap so far belonged to answer tokens (none, unless the answer came first)
            answerGapCount = Math.max(0, gapCount - tokenCount);
            answerGaps = Arrays.copyOf(gaps, Math.max(16, answerGapCount));
        }
    }

    private void answerToken(long nanoTime, int tokenCount) {
        boolean firstAnswer = firstAnswerOffset < 0;
        if (firstAnswer) firstAnswerOffset = nanoTime - runStartNanos;
        if (answerGaps != null) {
            if (firstAnswer) {
                for (int i = 1; i < tokenCount; i++) addAnswerGap(0);
            } else {
                long gap = Math.max(0, nanoTime - lastAnswerNanos);
                long share = gap / tokenCount;
                long remainder = gap - share * tokenCount;
                for (int i = 0; i < tokenCount; i++) addAnswerGap(share + (i < remainder ? 1 : 0));
            }
        }
        lastAnswerNanos = nanoTime;
    }

    private void addAnswerGap(long gap) {
        if (answerGapCount == answerGaps.length) answerGaps = Arrays.copyOf(answerGaps, answerGaps.length * 2);
        answerGaps[answerGapCount++] = gap;
    }

    private void addGap(long gap) {
        if (gapCount == gaps.length) gaps = Arrays.copyOf(gaps, gaps.length * 2);
        gaps[gapCount++] = gap;
    }

    @Override
    public void onComplete(long nanoTime, Usage usage) {
        long first = -1;
        synchronized (this) {
            if (finished) return;
            Usage u = usage == null ? Usage.unknown() : usage;
            int output;
            TokenSource source;
            if (u.hasCompletionTokens()) {
                output = u.completionTokens();
                source = TokenSource.SERVER;
            } else if (stream && streamedTokens > 0) {
                output = streamedTokens;
                source = TokenSource.STREAM;
            } else {
                output = text.length() == 0 && reasoningTextTokens == 0 ? streamedTokens
                        : tokenizer.countTokens(text.toString()) + reasoningTextTokens;
                source = TokenSource.TOKENIZER;
            }
            if (firstTokenOffset < 0 && output > 0) {
                // Non-streaming: the whole answer arrived at once; the first token is the end.
                firstTokenOffset = nanoTime - runStartNanos;
                first = firstTokenOffset;
                if (output > reasoningTokens(u)) firstAnswerOffset = firstTokenOffset;
            }
            build(nanoTime, output, u, source, Outcome.SUCCESS, null, null);
        }
        if (first >= 0) onFirstToken.firstToken(first, first - scheduledOffset);
        onFinish.accept(this);
    }

    @Override
    public void onError(long nanoTime, BackendError error) {
        synchronized (this) {
            if (finished) return;
            ErrorKind kind = error == null ? ErrorKind.BACKEND_EXCEPTION : error.kind();
            String message = error == null ? "backend reported an error without details" : secrets.mask(error.message());
            if (kind == ErrorKind.CANCELLED && abortedByDesign) {
                kind = ErrorKind.CANCELLED_BY_CLIENT;
                message = "cancelled by the client after " + streamedTokens + " token(s)";
            }
            Outcome outcome = kind == ErrorKind.CANCELLED || kind == ErrorKind.CANCELLED_BY_CLIENT
                    ? Outcome.CANCELLED : Outcome.FAILED;
            build(nanoTime, streamedTokens, Usage.unknown(), TokenSource.STREAM, outcome, kind, message);
        }
        onFinish.accept(this);
    }

    /** Reasoning tokens: the server's count when it gave one, else those counted from the stream (or the reasoning text). */
    private int reasoningTokens(Usage usage) {
        return usage.hasReasoningTokens() ? usage.reasoningTokens() : reasoningStreamed + reasoningTextTokens;
    }

    /** @param itl all the request's gaps: the answer's when no reasoning token arrived (one array, not two) */
    private Reasoning reasoning(Usage usage, Gaps itl) {
        int counted = reasoningStreamed + reasoningTextTokens;
        ReasoningTokenSource source = usage.hasReasoningTokens() ? ReasoningTokenSource.USAGE
                : counted > 0 || firstReasoningOffset >= 0 ? ReasoningTokenSource.COUNTED : ReasoningTokenSource.NONE;
        Gaps answer = answerGaps == null ? itl : Gaps.of(answerGaps, answerGapCount);
        return new Reasoning(firstReasoningOffset, firstAnswerOffset, reasoningTokens(usage), source, answer);
    }

    private RequestRecord build(long nanoTime, int output, Usage usage, TokenSource source, Outcome outcome,
                                ErrorKind kind, String message) {
        finished = true;
        long end = nanoTime - runStartNanos;
        // Keep ITL samples consistent with the headline output count when the server counted more
        // or fewer tokens than the chunks we saw: the samples are what was observed on the wire.
        Gaps itl = Gaps.of(gaps, gapCount);
        Reasoning r = reasoning(usage, itl);
        // a request whose backend sent no text prompt (a transcription's clip alone) counts what the server counted
        int input = extras.get(PromptNotSent.class).isPresent() ? usage.promptTokens() : content.promptTokens();
        record = new RequestRecord(index, window, user, scheduledOffset, dispatchOffset, submitOffset, sentOffset,
                firstTokenOffset, end, input, output, usage.promptTokens(), usage.completionTokens(),
                streamedTokens, source, content.promptHash(), outcome, kind, message, itl,
                connectNanos, connectionRetries, content.sessionId(), content.turn(), 0, outputKinds, resendReason, r,
                content.plan().extras().withAll(extras), marks); // extras: what was sent (tools offered, ...) and came back
        if ((!content.continues() && !keepAnswer) || outcome != Outcome.SUCCESS) {
            text.setLength(0);
            text.trimToSize();
        }
        return record;
    }
}
