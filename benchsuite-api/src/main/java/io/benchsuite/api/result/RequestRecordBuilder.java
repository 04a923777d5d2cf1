package io.benchsuite.api.result;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.workload.Window;

/**
 * Builds a {@link RequestRecord} by name instead of by position: a record has 30 components, and a call
 * that passes them in order is easy to get wrong and hard to read. Obtained from
 * {@link RequestRecord#builder(long)} or {@link RequestRecord#toBuilder()}.
 *
 * <p>Defaults: measured window, open loop (user -1), every instant -1 (did not happen), no tokens, no
 * server counts (-1), tokens counted from the stream, success, no gaps, no new connection (-1), no
 * session, no reasoning (every token answer), no extras, no marks.
 *
 * <pre>{@code
 * RequestRecord r = RequestRecord.builder(7)
 *     .scheduled(0).sent(1_000_000).firstToken(40_000_000).end(400_000_000)
 *     .inputTokens(512).outputTokens(128)
 *     .build();
 * }</pre>
 */
public final class RequestRecordBuilder {
    private final long index;
    private Window window = Window.MEASURED;
    private int user = -1;
    private long scheduled = -1;
    private long dispatch = -1;
    private long submit = -1;
    private long sent = -1;
    private long firstToken = -1;
    private long end = -1;
    private int inputTokens;
    private int outputTokens;
    private int serverPromptTokens = -1;
    private int serverCompletionTokens = -1;
    private int streamedTokens = -1;
    private TokenSource tokenSource = TokenSource.STREAM;
    private String promptHash = "0000000000000000";
    private Outcome outcome = Outcome.SUCCESS;
    private ErrorKind errorKind;
    private String errorMessage;
    private Gaps itl = Gaps.empty();
    private long connectNanos = -1;
    private int connectionRetries;
    private String sessionId;
    private int turn;
    private long clientStallNanos;
    private OutputKinds outputKinds = OutputKinds.none();
    private String resendReason;
    private Reasoning reasoning;
    private RequestExtras extras = RequestExtras.none();
    private Marks marks = Marks.none();

    RequestRecordBuilder(long index) {
        this.index = index;
    }

    RequestRecordBuilder(RequestRecord r) {
        this(r.index());
        window = r.window();
        user = r.user();
        scheduled = r.scheduledOffsetNanos();
        dispatch = r.dispatchOffsetNanos();
        submit = r.submitOffsetNanos();
        sent = r.sentOffsetNanos();
        firstToken = r.firstTokenOffsetNanos();
        end = r.endOffsetNanos();
        inputTokens = r.inputTokens();
        outputTokens = r.outputTokens();
        serverPromptTokens = r.serverPromptTokens();
        serverCompletionTokens = r.serverCompletionTokens();
        streamedTokens = r.streamedTokens();
        tokenSource = r.tokenSource();
        promptHash = r.promptHash();
        outcome = r.outcome();
        errorKind = r.errorKind();
        errorMessage = r.errorMessage();
        itl = r.itl();
        connectNanos = r.connectNanos();
        connectionRetries = r.connectionRetries();
        sessionId = r.sessionId();
        turn = r.turn();
        clientStallNanos = r.clientStallNanos();
        outputKinds = r.outputKinds();
        resendReason = r.resendReason();
        reasoning = r.reasoning();
        extras = r.extras();
        marks = r.marks();
    }

    /**
     * The window (warm-up, measured, cool-down) the request was scheduled in.
     *
     * @param value warm-up, measured or cool-down
     * @return this builder
     */
    public RequestRecordBuilder window(Window value) {
        this.window = notNull(value, "window");
        return this;
    }

    /**
     * The closed-loop user that sent it.
     *
     * @param value the user id, or -1 for open loop
     * @return this builder
     */
    public RequestRecordBuilder user(int value) {
        this.user = value;
        return this;
    }

    /**
     * When it was meant to be sent; also the dispatch and submit instants unless they are set.
     *
     * @param offsetNanos nanoseconds from the run start
     * @return this builder
     */
    public RequestRecordBuilder scheduled(long offsetNanos) {
        this.scheduled = offsetNanos;
        return this;
    }

    /**
     * When the dispatcher took it up.
     *
     * @param offsetNanos nanoseconds from the run start
     * @return this builder
     */
    public RequestRecordBuilder dispatched(long offsetNanos) {
        this.dispatch = offsetNanos;
        return this;
    }

    /**
     * When the engine handed it to the backend.
     *
     * @param offsetNanos nanoseconds from the run start
     * @return this builder
     */
    public RequestRecordBuilder submitted(long offsetNanos) {
        this.submit = offsetNanos;
        return this;
    }

    /**
     * When the backend reported it on the wire.
     *
     * @param offsetNanos nanoseconds from the run start
     * @return this builder
     */
    public RequestRecordBuilder sent(long offsetNanos) {
        this.sent = offsetNanos;
        return this;
    }

    /**
     * When the first token arrived.
     *
     * @param offsetNanos nanoseconds from the run start, or -1 when none did
     * @return this builder
     */
    public RequestRecordBuilder firstToken(long offsetNanos) {
        this.firstToken = offsetNanos;
        return this;
    }

    /**
     * When it completed or failed.
     *
     * @param offsetNanos nanoseconds from the run start
     * @return this builder
     */
    public RequestRecordBuilder end(long offsetNanos) {
        this.end = offsetNanos;
        return this;
    }

    /**
     * Its prompt length under the run's tokenizer.
     *
     * @param tokens prompt tokens
     * @return this builder
     */
    public RequestRecordBuilder inputTokens(int tokens) {
        this.inputTokens = tokens;
        return this;
    }

    /**
     * Its output length; also the streamed count unless that is set.
     *
     * @param tokens output tokens
     * @return this builder
     */
    public RequestRecordBuilder outputTokens(int tokens) {
        this.outputTokens = tokens;
        return this;
    }

    /**
     * What the server reported it counted.
     *
     * @param promptTokens server-reported prompt tokens, or -1
     * @param completionTokens server-reported completion tokens, or -1
     * @return this builder
     */
    public RequestRecordBuilder serverTokens(int promptTokens, int completionTokens) {
        this.serverPromptTokens = promptTokens;
        this.serverCompletionTokens = completionTokens;
        return this;
    }

    /**
     * The tokens the client counted on the stream, and who counted the output.
     *
     * @param tokens tokens counted from the stream
     * @param source who counted {@code outputTokens}
     * @return this builder
     */
    public RequestRecordBuilder streamed(int tokens, TokenSource source) {
        this.streamedTokens = tokens;
        this.tokenSource = notNull(source, "tokenSource");
        return this;
    }

    /**
     * The hash of its prompt.
     *
     * @param hash first 16 hex digits of SHA-256 of the prompt
     * @return this builder
     */
    public RequestRecordBuilder promptHash(String hash) {
        this.promptHash = notNull(hash, "promptHash");
        return this;
    }

    /**
     * It failed or was cancelled.
     *
     * @param value failure or cancelled
     * @param kind the error category
     * @param message a short message (no secrets), or {@code null}
     * @return this builder
     */
    public RequestRecordBuilder outcome(Outcome value, ErrorKind kind, String message) {
        this.outcome = notNull(value, "outcome");
        this.errorKind = kind;
        this.errorMessage = message;
        return this;
    }

    /**
     * Its inter-token gaps.
     *
     * @param gaps every gap
     * @return this builder
     */
    public RequestRecordBuilder itl(Gaps gaps) {
        this.itl = notNull(gaps, "itl");
        return this;
    }

    /**
     * The new connection it needed, and how often it was re-sent on a fresh one.
     *
     * @param nanos time to open the connection, or -1
     * @param retries times re-sent (0 or 1)
     * @param reason why it was re-sent, or {@code null}
     * @return this builder
     */
    public RequestRecordBuilder connection(long nanos, int retries, String reason) {
        this.connectNanos = nanos;
        this.connectionRetries = retries;
        this.resendReason = reason;
        return this;
    }

    /**
     * The session and turn it belongs to.
     *
     * @param id the session id
     * @param number its turn, from 1
     * @return this builder
     */
    public RequestRecordBuilder session(String id, int number) {
        this.sessionId = notNull(id, "sessionId");
        this.turn = number;
        return this;
    }

    /**
     * The longest client stall above the threshold that overlapped it.
     *
     * @param nanos the stall, 0 for none
     * @return this builder
     */
    public RequestRecordBuilder clientStall(long nanos) {
        this.clientStallNanos = nanos;
        return this;
    }

    /**
     * The kinds of output it received.
     *
     * @param kinds the kinds
     * @return this builder
     */
    public RequestRecordBuilder outputKinds(OutputKinds kinds) {
        this.outputKinds = notNull(kinds, "outputKinds");
        return this;
    }

    /**
     * Its reasoning and its answer; without reasoning, every token is answer.
     *
     * @param value the reasoning and the answer
     * @return this builder
     */
    public RequestRecordBuilder reasoning(Reasoning value) {
        this.reasoning = notNull(value, "reasoning");
        return this;
    }

    /**
     * What the response reported beyond its tokens.
     *
     * @param values the extras
     * @return this builder
     */
    public RequestRecordBuilder extras(RequestExtras values) {
        this.extras = notNull(values, "extras");
        return this;
    }

    /**
     * A named instant of the request ({@link Marks}), replacing an earlier one of the same name.
     *
     * @param name the mark's name, {@code [a-z][A-Za-z0-9]*}
     * @param offsetNanos nanoseconds from the run start, 0 or more
     * @return this builder
     */
    public RequestRecordBuilder mark(String name, long offsetNanos) {
        this.marks = marks.with(name, offsetNanos);
        return this;
    }

    /**
     * Checks and builds the record.
     *
     * @return the record
     * @throws IllegalArgumentException naming the first inconsistent component
     */
    public RequestRecord build() {
        long d = dispatch >= 0 ? dispatch : scheduled;
        long s = submit >= 0 ? submit : d;
        return new RequestRecord(index, window, user, scheduled, d, s, sent, firstToken, end, inputTokens, outputTokens,
                serverPromptTokens, serverCompletionTokens, streamedTokens >= 0 ? streamedTokens : outputTokens, tokenSource,
                promptHash, outcome, errorKind, errorMessage, itl, connectNanos, connectionRetries, sessionId, turn,
                clientStallNanos, outputKinds, resendReason, reasoning != null ? reasoning : Reasoning.none(firstToken, itl),
                extras, marks);
    }
}
