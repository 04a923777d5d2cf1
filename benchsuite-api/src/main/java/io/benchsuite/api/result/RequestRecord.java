package io.benchsuite.api.result;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.workload.Window;

/**
 * Everything measured about one request. All offsets are nanoseconds from the run start on the
 * monotonic clock; {@code -1} means the event did not happen.
 *
 * <p>Latencies are measured from the <em>scheduled</em> instant, so time a request spent waiting
 * for the client (late dispatch, concurrency slot) counts against the server-plus-client system,
 * as a user would feel it. {@link #ttftFromSendNanos()} gives the server-only view beside it.
 *
 * @param index position in the schedule
 * @param window warm-up, measured or cool-down
 * @param user closed-loop user id, or -1 for open loop
 * @param scheduledOffsetNanos when the request was meant to be sent
 * @param dispatchOffsetNanos when the dispatcher took it up (late timer wake-ups show here)
 * @param submitOffsetNanos when the engine handed it to the backend, after any wait for a concurrency slot
 * @param sentOffsetNanos when the backend reported it on the wire (after its connection lease, connect and write)
 * @param firstTokenOffsetNanos when the first token arrived
 * @param endOffsetNanos when it completed or failed
 * @param inputTokens prompt tokens under the run's tokenizer; for a request that sent no text prompt
 *     ({@link io.benchsuite.api.backend.PromptNotSent}: a transcription) the prompt tokens the server reported, or -1
 *     when it reported none
 * @param outputTokens output tokens (server count when reported, else streamed count)
 * @param serverPromptTokens server-reported prompt tokens, or -1
 * @param serverCompletionTokens server-reported completion tokens, or -1
 * @param streamedTokens tokens counted from the stream by the client
 * @param tokenSource who counted {@code outputTokens}
 * @param promptHash first 16 hex digits of SHA-256 of the prompt, to check prompt sets match across runs
 * @param outcome success, failure or cancelled
 * @param errorKind the error category, or {@code null} on success
 * @param errorMessage a short message (no secrets), or {@code null}
 * @param itl every inter-token gap
 * @param connectNanos time to open the new connection this request needed, or -1 when it reused one (or the backend opens none)
 * @param connectionRetries times the request was re-sent on a fresh connection because its reused
 *     connection closed before any response byte (0 or 1)
 * @param sessionId the multi-turn session the request belongs to, or {@code null} for an independent request
 * @param turn its turn number in the session, from 1; 0 for an independent request
 * @param clientStallNanos the longest stall of the client itself (its threads could not run: a GC
 *     pause, a starved CPU) that overlapped the request's window from its scheduled instant to its
 *     end and was longer than the run's threshold; 0 when none did (or the run did not watch for them).
 *     A request with one was timed by a client that was not running for that long.
 * @param outputKinds which kinds of generated output (content, reasoning, tool calls) the request
 *     received, as its backend reported them; empty when none arrived or the backend does not tell
 * @param resendReason why the request was sent a second time, on a fresh connection (what happened to
 *     the kept-alive connection it first went out on), or {@code null} when it was sent once
 * @param reasoning its reasoning and its answer: first reasoning and first answer token, reasoning
 *     tokens and who counted them, the answer's inter-token gaps
 * @param extras what the response reported beyond its tokens (tool calls made, payload bytes, the model
 *     an adapter mix chose, ...), beside what the request carried (its plan's extras: tools offered, a
 *     response format; the response's value wins for a type both hold); values that are
 *     {@link io.benchsuite.api.backend.RequestExtras.Logged} go into the request log
 * @param marks the request's named instants beyond the fixed ones (the first byte of the response, ...),
 *     as offsets from the run start that its backend reported with
 *     {@link io.benchsuite.api.backend.ResponseListener#onMark(String, long)}; empty when it reported none
 */
public record RequestRecord(long index, Window window, int user, long scheduledOffsetNanos, long dispatchOffsetNanos,
                            long submitOffsetNanos, long sentOffsetNanos, long firstTokenOffsetNanos, long endOffsetNanos, int inputTokens,
                            int outputTokens, int serverPromptTokens, int serverCompletionTokens, int streamedTokens,
                            TokenSource tokenSource, String promptHash, Outcome outcome, ErrorKind errorKind,
                            String errorMessage, Gaps itl, long connectNanos,
                            int connectionRetries, String sessionId, int turn, long clientStallNanos,
                            OutputKinds outputKinds, String resendReason, Reasoning reasoning,
                            RequestExtras extras, Marks marks) {

    /**
     * Checks the components: window, token source, prompt hash, outcome, gaps, extras and marks present, an
     * error kind on failure.
     *
     * @param index position in the schedule
     * @param window warm-up, measured or cool-down
     * @param user closed-loop user id, or -1 for open loop
     * @param scheduledOffsetNanos when the request was meant to be sent
     * @param dispatchOffsetNanos when the dispatcher took it up (late timer wake-ups show here)
     * @param submitOffsetNanos when the engine handed it to the backend, after any wait for a concurrency slot
     * @param sentOffsetNanos when the backend reported it on the wire (after its connection lease, connect and write)
     * @param firstTokenOffsetNanos when the first token arrived
     * @param endOffsetNanos when it completed or failed
     * @param inputTokens prompt tokens under the run's tokenizer
     * @param outputTokens output tokens (server count when reported, else streamed count)
     * @param serverPromptTokens server-reported prompt tokens, or -1
     * @param serverCompletionTokens server-reported completion tokens, or -1
     * @param streamedTokens tokens counted from the stream by the client
     * @param tokenSource who counted {@code outputTokens}
     * @param promptHash first 16 hex digits of SHA-256 of the prompt, to check prompt sets match across runs
     * @param outcome success, failure or cancelled
     * @param errorKind the error category, or {@code null} on success
     * @param errorMessage a short message (no secrets), or {@code null}
     * @param itl every inter-token gap
     * @param connectNanos time to open the new connection this request needed, or -1
     * @param connectionRetries times the request was re-sent on a fresh connection (0 or 1)
     * @param sessionId the session the request belongs to, or {@code null}
     * @param turn its turn number in the session (from 1), 0 without a session
     * @param clientStallNanos the longest client stall above the threshold during the request, or 0
     * @param outputKinds the kinds of generated output received (empty when unknown)
     * @param resendReason why the request was re-sent on a fresh connection, or {@code null}
     * @param reasoning its reasoning and its answer
     * @param extras what the response reported beyond its tokens
     * @param marks the request's named instants as offsets from the run start (empty when none)
     */
    public RequestRecord {
        notNull(extras, "extras");
        notNull(marks, "marks");
        notNull(outputKinds, "outputKinds");
        notNull(reasoning, "reasoning");
        notNull(window, "window");
        notNull(tokenSource, "tokenSource");
        notNull(promptHash, "promptHash");
        notNull(outcome, "outcome");
        notNull(itl, "itl");
        if (outcome != Outcome.SUCCESS) notNull(errorKind, "errorKind");
        if (sessionId == null ? turn != 0 : turn < 1) {
            throw new IllegalArgumentException("turn must be >= 1 with a session and 0 without one, got " + turn
                    + (sessionId == null ? " without a session" : " in session '" + sessionId + "'"));
        }
        if (clientStallNanos < 0) throw new IllegalArgumentException("clientStallNanos must be >= 0, got " + clientStallNanos);
        if (resendReason != null && connectionRetries < 1) {
            throw new IllegalArgumentException("a resend reason needs connectionRetries >= 1, got " + connectionRetries);
        }
    }

    /**
     * A record without marks: its backend reported no named instant.
     *
     * @param index position in the schedule
     * @param window warm-up, measured or cool-down
     * @param user closed-loop user id, or -1 for open loop
     * @param scheduledOffsetNanos when the request was meant to be sent
     * @param dispatchOffsetNanos when the dispatcher took it up (late timer wake-ups show here)
     * @param submitOffsetNanos when the engine handed it to the backend, after any wait for a concurrency slot
     * @param sentOffsetNanos when the backend reported it on the wire (after its connection lease, connect and write)
     * @param firstTokenOffsetNanos when the first token arrived
     * @param endOffsetNanos when it completed or failed
     * @param inputTokens prompt tokens under the run's tokenizer
     * @param outputTokens output tokens (server count when reported, else streamed count)
     * @param serverPromptTokens server-reported prompt tokens, or -1
     * @param serverCompletionTokens server-reported completion tokens, or -1
     * @param streamedTokens tokens counted from the stream by the client
     * @param tokenSource who counted {@code outputTokens}
     * @param promptHash first 16 hex digits of SHA-256 of the prompt, to check prompt sets match across runs
     * @param outcome success, failure or cancelled
     * @param errorKind the error category, or {@code null} on success
     * @param errorMessage a short message (no secrets), or {@code null}
     * @param itl every inter-token gap
     * @param connectNanos time to open the new connection this request needed, or -1
     * @param connectionRetries times the request was re-sent on a fresh connection (0 or 1)
     * @param sessionId the session the request belongs to, or {@code null}
     * @param turn its turn number in the session (from 1), 0 without a session
     * @param clientStallNanos the longest client stall above the threshold during the request, or 0
     * @param outputKinds the kinds of generated output received (empty when unknown)
     * @param resendReason why the request was re-sent on a fresh connection, or {@code null}
     * @param reasoning its reasoning and its answer
     * @param extras what the response reported beyond its tokens
     */
    public RequestRecord(long index, Window window, int user, long scheduledOffsetNanos, long dispatchOffsetNanos,
                         long submitOffsetNanos, long sentOffsetNanos, long firstTokenOffsetNanos, long endOffsetNanos,
                         int inputTokens, int outputTokens, int serverPromptTokens, int serverCompletionTokens,
                         int streamedTokens, TokenSource tokenSource, String promptHash, Outcome outcome,
                         ErrorKind errorKind, String errorMessage, Gaps itl, long connectNanos, int connectionRetries,
                         String sessionId, int turn, long clientStallNanos, OutputKinds outputKinds, String resendReason,
                         Reasoning reasoning, RequestExtras extras) {
        this(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos, sentOffsetNanos,
                firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens, serverCompletionTokens,
                streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl, connectNanos,
                connectionRetries, sessionId, turn, clientStallNanos, outputKinds, resendReason, reasoning, extras,
                Marks.none());
    }

    /**
     * A record without extras.
     *
     * @param index position in the schedule
     * @param window warm-up, measured or cool-down
     * @param user closed-loop user id, or -1 for open loop
     * @param scheduledOffsetNanos when the request was meant to be sent
     * @param dispatchOffsetNanos when the dispatcher took it up
     * @param submitOffsetNanos when the engine handed it to the backend
     * @param sentOffsetNanos when the backend reported it on the wire
     * @param firstTokenOffsetNanos when the first token arrived
     * @param endOffsetNanos when it completed or failed
     * @param inputTokens prompt tokens under the run's tokenizer
     * @param outputTokens output tokens
     * @param serverPromptTokens server-reported prompt tokens, or -1
     * @param serverCompletionTokens server-reported completion tokens, or -1
     * @param streamedTokens tokens counted from the stream by the client
     * @param tokenSource who counted {@code outputTokens}
     * @param promptHash first 16 hex digits of SHA-256 of the prompt
     * @param outcome success, failure or cancelled
     * @param errorKind the error category, or {@code null} on success
     * @param errorMessage a short message (no secrets), or {@code null}
     * @param itl every inter-token gap
     * @param connectNanos time to open the new connection this request needed, or -1
     * @param connectionRetries times the request was re-sent on a fresh connection (0 or 1)
     * @param sessionId the session the request belongs to, or {@code null}
     * @param turn its turn number in the session (from 1), 0 without a session
     * @param clientStallNanos the longest client stall above the threshold during the request, or 0
     * @param outputKinds the kinds of generated output received (empty when unknown)
     * @param resendReason why the request was re-sent on a fresh connection, or {@code null}
     * @param reasoning its reasoning and its answer
     */
    public RequestRecord(long index, Window window, int user, long scheduledOffsetNanos, long dispatchOffsetNanos,
                         long submitOffsetNanos, long sentOffsetNanos, long firstTokenOffsetNanos, long endOffsetNanos,
                         int inputTokens, int outputTokens, int serverPromptTokens, int serverCompletionTokens,
                         int streamedTokens, TokenSource tokenSource, String promptHash, Outcome outcome,
                         ErrorKind errorKind, String errorMessage, Gaps itl, long connectNanos, int connectionRetries,
                         String sessionId, int turn, long clientStallNanos, OutputKinds outputKinds, String resendReason,
                         Reasoning reasoning) {
        this(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos, sentOffsetNanos,
                firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens, serverCompletionTokens,
                streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl, connectNanos,
                connectionRetries, sessionId, turn, clientStallNanos, outputKinds, resendReason, reasoning,
                RequestExtras.none());
    }

    /**
     * A record without reasoning: every token is answer.
     *
     * @param index position in the schedule
     * @param window warm-up, measured or cool-down
     * @param user closed-loop user id, or -1 for open loop
     * @param scheduledOffsetNanos when the request was meant to be sent
     * @param dispatchOffsetNanos when the dispatcher took it up
     * @param submitOffsetNanos when the engine handed it to the backend
     * @param sentOffsetNanos when the backend reported it on the wire
     * @param firstTokenOffsetNanos when the first token arrived
     * @param endOffsetNanos when it completed or failed
     * @param inputTokens prompt tokens under the run's tokenizer
     * @param outputTokens output tokens
     * @param serverPromptTokens server-reported prompt tokens, or -1
     * @param serverCompletionTokens server-reported completion tokens, or -1
     * @param streamedTokens tokens counted from the stream by the client
     * @param tokenSource who counted {@code outputTokens}
     * @param promptHash first 16 hex digits of SHA-256 of the prompt
     * @param outcome success, failure or cancelled
     * @param errorKind the error category, or {@code null} on success
     * @param errorMessage a short message (no secrets), or {@code null}
     * @param itl every inter-token gap
     * @param connectNanos time to open the new connection this request needed, or -1
     * @param connectionRetries times the request was re-sent on a fresh connection (0 or 1)
     * @param sessionId the session the request belongs to, or {@code null}
     * @param turn its turn number in the session (from 1), 0 without a session
     * @param clientStallNanos the longest client stall above the threshold during the request, or 0
     * @param outputKinds the kinds of generated output received (empty when unknown)
     * @param resendReason why the request was re-sent on a fresh connection, or {@code null}
     */
    public RequestRecord(long index, Window window, int user, long scheduledOffsetNanos, long dispatchOffsetNanos,
                         long submitOffsetNanos, long sentOffsetNanos, long firstTokenOffsetNanos, long endOffsetNanos,
                         int inputTokens, int outputTokens, int serverPromptTokens, int serverCompletionTokens,
                         int streamedTokens, TokenSource tokenSource, String promptHash, Outcome outcome,
                         ErrorKind errorKind, String errorMessage, Gaps itl, long connectNanos, int connectionRetries,
                         String sessionId, int turn, long clientStallNanos, OutputKinds outputKinds, String resendReason) {
        this(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos, sentOffsetNanos,
                firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens, serverCompletionTokens,
                streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl, connectNanos,
                connectionRetries, sessionId, turn, clientStallNanos, outputKinds, resendReason,
                Reasoning.none(firstTokenOffsetNanos, itl == null ? Gaps.empty() : itl));
    }

    /**
     * A record whose backend did not say which kinds of output it received, of a request sent once.
     *
     * @param index position in the schedule
     * @param window warm-up, measured or cool-down
     * @param user closed-loop user id, or -1 for open loop
     * @param scheduledOffsetNanos when the request was meant to be sent
     * @param dispatchOffsetNanos when the dispatcher took it up
     * @param submitOffsetNanos when the engine handed it to the backend
     * @param sentOffsetNanos when the backend reported it on the wire
     * @param firstTokenOffsetNanos when the first token arrived
     * @param endOffsetNanos when it completed or failed
     * @param inputTokens prompt tokens under the run's tokenizer
     * @param outputTokens output tokens
     * @param serverPromptTokens server-reported prompt tokens, or -1
     * @param serverCompletionTokens server-reported completion tokens, or -1
     * @param streamedTokens tokens counted from the stream by the client
     * @param tokenSource who counted {@code outputTokens}
     * @param promptHash first 16 hex digits of SHA-256 of the prompt
     * @param outcome success, failure or cancelled
     * @param errorKind the error category, or {@code null} on success
     * @param errorMessage a short message (no secrets), or {@code null}
     * @param itl every inter-token gap
     * @param connectNanos time to open the new connection this request needed, or -1
     * @param connectionRetries times the request was re-sent on a fresh connection (0 or 1)
     * @param sessionId the session the request belongs to, or {@code null}
     * @param turn its turn number in the session (from 1), 0 without a session
     * @param clientStallNanos the longest client stall above the threshold during the request, or 0
     */
    public RequestRecord(long index, Window window, int user, long scheduledOffsetNanos, long dispatchOffsetNanos,
                         long submitOffsetNanos, long sentOffsetNanos, long firstTokenOffsetNanos, long endOffsetNanos,
                         int inputTokens, int outputTokens, int serverPromptTokens, int serverCompletionTokens,
                         int streamedTokens, TokenSource tokenSource, String promptHash, Outcome outcome,
                         ErrorKind errorKind, String errorMessage, Gaps itl, long connectNanos, int connectionRetries,
                         String sessionId, int turn, long clientStallNanos) {
        this(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos, sentOffsetNanos,
                firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens, serverCompletionTokens,
                streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl, connectNanos,
                connectionRetries, sessionId, turn, clientStallNanos, OutputKinds.none(), null);
    }

    /**
     * A record without a client stall.
     *
     * @param index position in the schedule
     * @param window warm-up, measured or cool-down
     * @param user closed-loop user id, or -1 for open loop
     * @param scheduledOffsetNanos when the request was meant to be sent
     * @param dispatchOffsetNanos when the dispatcher took it up
     * @param submitOffsetNanos when the engine handed it to the backend
     * @param sentOffsetNanos when the backend reported it on the wire
     * @param firstTokenOffsetNanos when the first token arrived
     * @param endOffsetNanos when it completed or failed
     * @param inputTokens prompt tokens under the run's tokenizer
     * @param outputTokens output tokens
     * @param serverPromptTokens server-reported prompt tokens, or -1
     * @param serverCompletionTokens server-reported completion tokens, or -1
     * @param streamedTokens tokens counted from the stream by the client
     * @param tokenSource who counted {@code outputTokens}
     * @param promptHash first 16 hex digits of SHA-256 of the prompt
     * @param outcome success, failure or cancelled
     * @param errorKind the error category, or {@code null} on success
     * @param errorMessage a short message (no secrets), or {@code null}
     * @param itl every inter-token gap
     * @param connectNanos time to open the new connection this request needed, or -1
     * @param connectionRetries times the request was re-sent on a fresh connection (0 or 1)
     * @param sessionId the session the request belongs to, or {@code null}
     * @param turn its turn number in the session (from 1), 0 without a session
     */
    public RequestRecord(long index, Window window, int user, long scheduledOffsetNanos, long dispatchOffsetNanos,
                         long submitOffsetNanos, long sentOffsetNanos, long firstTokenOffsetNanos, long endOffsetNanos,
                         int inputTokens, int outputTokens, int serverPromptTokens, int serverCompletionTokens,
                         int streamedTokens, TokenSource tokenSource, String promptHash, Outcome outcome,
                         ErrorKind errorKind, String errorMessage, Gaps itl, long connectNanos, int connectionRetries,
                         String sessionId, int turn) {
        this(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos, sentOffsetNanos,
                firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens, serverCompletionTokens,
                streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl, connectNanos,
                connectionRetries, sessionId, turn, 0);
    }

    /**
     * A record of an independent request (no session).
     *
     * @param index position in the schedule
     * @param window warm-up, measured or cool-down
     * @param user closed-loop user id, or -1 for open loop
     * @param scheduledOffsetNanos when the request was meant to be sent
     * @param dispatchOffsetNanos when the dispatcher took it up
     * @param submitOffsetNanos when the engine handed it to the backend
     * @param sentOffsetNanos when the backend reported it on the wire
     * @param firstTokenOffsetNanos when the first token arrived
     * @param endOffsetNanos when it completed or failed
     * @param inputTokens prompt tokens under the run's tokenizer
     * @param outputTokens output tokens
     * @param serverPromptTokens server-reported prompt tokens, or -1
     * @param serverCompletionTokens server-reported completion tokens, or -1
     * @param streamedTokens tokens counted from the stream by the client
     * @param tokenSource who counted {@code outputTokens}
     * @param promptHash first 16 hex digits of SHA-256 of the prompt
     * @param outcome success, failure or cancelled
     * @param errorKind the error category, or {@code null} on success
     * @param errorMessage a short message (no secrets), or {@code null}
     * @param itl every inter-token gap
     * @param connectNanos time to open the new connection this request needed, or -1
     * @param connectionRetries times the request was re-sent on a fresh connection (0 or 1)
     */
    public RequestRecord(long index, Window window, int user, long scheduledOffsetNanos, long dispatchOffsetNanos,
                         long submitOffsetNanos, long sentOffsetNanos, long firstTokenOffsetNanos, long endOffsetNanos,
                         int inputTokens, int outputTokens, int serverPromptTokens, int serverCompletionTokens,
                         int streamedTokens, TokenSource tokenSource, String promptHash, Outcome outcome,
                         ErrorKind errorKind, String errorMessage, Gaps itl, long connectNanos, int connectionRetries) {
        this(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos, sentOffsetNanos,
                firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens, serverCompletionTokens,
                streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl, connectNanos,
                connectionRetries, null, 0, 0);
    }

    /**
     * A builder that names each component (the alternative to this record's 30 positional ones).
     *
     * @param index the request's position in the schedule
     * @return a builder with the defaults {@link RequestRecordBuilder} lists
     */
    public static RequestRecordBuilder builder(long index) {
        return new RequestRecordBuilder(index);
    }

    /**
     * A builder holding this record's components, to change some of them.
     *
     * @return the builder
     */
    public RequestRecordBuilder toBuilder() {
        return new RequestRecordBuilder(this);
    }

    /**
     * The same record with the longest client stall that overlapped it.
     *
     * @param stallNanos the stall's length in nanoseconds, 0 for none
     * @return the record with {@code clientStallNanos} set
     */
    public RequestRecord withClientStall(long stallNanos) {
        return new RequestRecord(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos,
                sentOffsetNanos, firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens,
                serverCompletionTokens, streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl,
                connectNanos, connectionRetries, sessionId, turn, stallNanos, outputKinds, resendReason, reasoning, extras, marks);
    }

    /**
     * Whether the request was sent twice: re-sent on a fresh connection after its kept-alive one died
     * before the server can have read it ({@link #resendReason()} says how).
     *
     * @return whether {@code connectionRetries} is above 0
     */
    public boolean resent() {
        return connectionRetries > 0;
    }

    /**
     * The same record with the kinds of output its backend reported.
     *
     * @param kinds the kinds received
     * @return the record with {@code outputKinds} set
     */
    public RequestRecord withOutputKinds(OutputKinds kinds) {
        return new RequestRecord(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos,
                sentOffsetNanos, firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens,
                serverCompletionTokens, streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl,
                connectNanos, connectionRetries, sessionId, turn, clientStallNanos, kinds, resendReason, reasoning, extras, marks);
    }

    /**
     * The same record carrying {@code more} besides its own extras.
     *
     * @param more what the response reported beyond its tokens
     * @return the record with the extras added
     */
    public RequestRecord withExtras(RequestExtras more) {
        if (more.isEmpty()) return this;
        return new RequestRecord(index, window, user, scheduledOffsetNanos, dispatchOffsetNanos, submitOffsetNanos,
                sentOffsetNanos, firstTokenOffsetNanos, endOffsetNanos, inputTokens, outputTokens, serverPromptTokens,
                serverCompletionTokens, streamedTokens, tokenSource, promptHash, outcome, errorKind, errorMessage, itl,
                connectNanos, connectionRetries, sessionId, turn, clientStallNanos, outputKinds, resendReason, reasoning,
                extras.withAll(more), marks);
    }

    /**
     * Whether a client stall above the run's threshold overlapped the request: its timings hold time
     * the client itself could not run.
     *
     * @return whether {@code clientStallNanos} is above 0
     */
    public boolean clientStalled() {
        return clientStallNanos > 0;
    }

    /**
     * Time to first token from the scheduled instant, or -1.
     *
     * @return time to first token from the scheduled instant, or -1
     */
    public long ttftNanos() {
        return firstTokenOffsetNanos < 0 ? -1 : firstTokenOffsetNanos - scheduledOffsetNanos;
    }

    /**
     * Time to first token from the actual send, or -1 (the server's view, excluding client waits).
     *
     * @return time to first token from the actual send, or -1 (the server's view, excluding client waits)
     */
    public long ttftFromSendNanos() {
        return firstTokenOffsetNanos < 0 || sentOffsetNanos < 0 ? -1 : firstTokenOffsetNanos - sentOffsetNanos;
    }

    /**
     * End-to-end latency from the scheduled instant.
     *
     * @return end-to-end latency from the scheduled instant
     */
    public long e2eNanos() {
        return endOffsetNanos - scheduledOffsetNanos;
    }

    /**
     * Time per output token after the first: (E2E − TTFT) / (output tokens − 1), or -1 with fewer than 2 tokens.
     *
     * @return time per output token after the first: (E2E − TTFT) / (output tokens − 1), or -1 with fewer than 2 tokens
     */
    public long tpotNanos() {
        if (outputTokens < 2 || firstTokenOffsetNanos < 0) return -1;
        return (endOffsetNanos - firstTokenOffsetNanos) / (outputTokens - 1);
    }

    /**
     * Time to the first reasoning token from the scheduled instant, or -1 when none arrived.
     *
     * @return time to first reasoning token in nanoseconds, or -1
     */
    public long ttfrtNanos() {
        long first = reasoning.firstReasoningOffsetNanos();
        return first < 0 ? -1 : first - scheduledOffsetNanos;
    }

    /**
     * Time to the first answer token (visible text or tool call, not reasoning) from the scheduled
     * instant, or -1 when none arrived. Equals {@link #ttftNanos()} for a request without reasoning.
     *
     * @return time to first answer token in nanoseconds, or -1
     */
    public long ttfatNanos() {
        long first = reasoning.firstAnswerOffsetNanos();
        return first < 0 ? -1 : first - scheduledOffsetNanos;
    }

    /**
     * Reasoning tokens ({@link Reasoning#source()} says who counted them).
     *
     * @return the reasoning token count, 0 without reasoning
     */
    public int reasoningTokens() {
        return reasoning.reasoningTokens();
    }

    /**
     * Answer tokens: output tokens less reasoning tokens.
     *
     * @return the answer token count
     */
    public int answerTokens() {
        return Math.max(0, outputTokens - reasoning.reasoningTokens());
    }

    /**
     * Time per answer token after the first answer token: (end − first answer token) / (answer tokens
     * − 1), or -1 with fewer than 2 answer tokens. Equals {@link #tpotNanos()} without reasoning.
     *
     * @return time per answer token in nanoseconds, or -1
     */
    public long answerTpotNanos() {
        int answer = answerTokens();
        long first = reasoning.firstAnswerOffsetNanos();
        if (answer < 2 || first < 0) return -1;
        return (endOffsetNanos - first) / (answer - 1);
    }

    /**
     * Actual send minus scheduled instant: the whole client-side delay.
     *
     * @return actual send minus scheduled instant: the whole client-side delay
     */
    public long scheduleLagNanos() {
        return sentOffsetNanos < 0 ? -1 : sentOffsetNanos - scheduledOffsetNanos;
    }

    /**
     * Dispatcher pick-up minus scheduled instant: the client's timer lateness alone.
     *
     * @return dispatcher pick-up minus scheduled instant: the client's timer lateness alone
     */
    public long dispatchLagNanos() {
        return dispatchOffsetNanos - scheduledOffsetNanos;
    }

    /**
     * Submitted to the backend minus dispatcher pick-up: time waiting for a concurrency slot, or -1.
     *
     * @return time waiting for a concurrency slot in nanoseconds, or -1
     */
    public long slotWaitNanos() {
        return submitOffsetNanos < 0 ? -1 : submitOffsetNanos - dispatchOffsetNanos;
    }

    /**
     * Sent minus submitted: the backend's own time to put the request on the wire (connection lease,
     * connect, write), or -1.
     *
     * @return the backend's send time in nanoseconds, or -1
     */
    public long sendNanos() {
        return submitOffsetNanos < 0 || sentOffsetNanos < 0 ? -1 : sentOffsetNanos - submitOffsetNanos;
    }

    /**
     * Whether it succeeded.
     *
     * @return whether it succeeded
     */
    public boolean succeeded() {
        return outcome == Outcome.SUCCESS;
    }
}
