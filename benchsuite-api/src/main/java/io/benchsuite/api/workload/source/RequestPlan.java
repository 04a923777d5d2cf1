package io.benchsuite.api.workload.source;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.RequestExtras;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One request as a source plans it: what to send, how long it is, and (for timed sources) when.
 * Built with {@link #builder(long)}.
 *
 * <pre>{@code
 * RequestPlan p = RequestPlan.builder(0)
 *     .arrival(Duration.ofMillis(1500))
 *     .prompt("Summarise the following ...")
 *     .inputTokens(512)
 *     .outputTokens(128)
 *     .build();
 * }</pre>
 *
 * <p>In a session, a later turn's {@code messages} are only what is new in that turn (the user's next
 * message): the engine sends them after the history so far, so {@code inputTokens} counts the new
 * messages only and the request's full prompt length is known when it is sent.
 *
 * @param index the plan's position in its source, from 0
 * @param arrivalNanos when to send it, in nanoseconds from the start of the run; empty when the run's arrival process or users pace it. A later session turn is never sent before the previous turn's answer, whatever its offset
 * @param session the session and turn, or empty for an independent request
 * @param messages what to send (for a later session turn, the new messages only); completion-style backends send their contents joined by newlines
 * @param inputTokens the length of {@code messages} in tokens under the run's tokenizer, contents joined by newlines
 * @param outputTokens the output length to ask for ({@code max_tokens})
 * @param referenceAnswer the answer recorded in the dataset, when it has one (a ShareGPT reply); sessions may replay it as history instead of the answer received
 * @param prefixBlocks the blocks the prompt starts with, for prefix-sharing analysis; tokens after them are unique to this request. Empty when the source knows of no sharing
 * @param extras what the request carries beyond its messages (tools, a response format, images, ...), passed to the backend
 */
public record RequestPlan(long index, OptionalLong arrivalNanos, Optional<SessionTurn> session, List<ChatMessage> messages,
                          int inputTokens, int outputTokens, Optional<String> referenceAnswer,
                          List<PrefixBlock> prefixBlocks, RequestExtras extras) {

    /**
     * Checks every component and copies the lists.
     *
     * @param index the plan's position in its source, from 0
     * @param arrivalNanos when to send it, in nanoseconds from the start of the run, or empty
     * @param session the session and turn, or empty for an independent request
     * @param messages what to send; at least one message
     * @param inputTokens the length of {@code messages} in tokens, at least 1
     * @param outputTokens the output length to ask for, at least 1
     * @param referenceAnswer the recorded answer, or empty
     * @param prefixBlocks the blocks the prompt starts with; together no longer than {@code inputTokens}
     * @param extras what the request carries beyond its messages
     */
    public RequestPlan {
        notNull(extras, "extras");
        if (index < 0) throw new IllegalArgumentException("index must be >= 0, got " + index);
        notNull(arrivalNanos, "arrivalNanos");
        if (arrivalNanos.isPresent() && arrivalNanos.getAsLong() < 0) {
            throw new IllegalArgumentException("arrivalNanos must be >= 0, got " + arrivalNanos.getAsLong());
        }
        notNull(session, "session");
        notNull(messages, "messages");
        if (messages.isEmpty()) throw new IllegalArgumentException("messages must not be empty");
        messages = List.copyOf(messages);
        positive(inputTokens, "inputTokens");
        positive(outputTokens, "outputTokens");
        notNull(referenceAnswer, "referenceAnswer");
        prefixBlocks = List.copyOf(notNull(prefixBlocks, "prefixBlocks"));
        long blockTokens = 0;
        for (PrefixBlock b : prefixBlocks) blockTokens += b.tokens();
        if (blockTokens > inputTokens) {
            throw new IllegalArgumentException("prefixBlocks hold " + blockTokens + " tokens, more than inputTokens ("
                    + inputTokens + ")");
        }
    }

    /**
     * A plan without extras.
     *
     * @param index the plan's position in its source, from 0
     * @param arrivalNanos when to send it, in nanoseconds from the start of the run, or empty
     * @param session the session and turn, or empty for an independent request
     * @param messages what to send; at least one message
     * @param inputTokens the length of {@code messages} in tokens, at least 1
     * @param outputTokens the output length to ask for, at least 1
     * @param referenceAnswer the recorded answer, or empty
     * @param prefixBlocks the blocks the prompt starts with; together no longer than {@code inputTokens}
     */
    public RequestPlan(long index, OptionalLong arrivalNanos, Optional<SessionTurn> session, List<ChatMessage> messages,
                       int inputTokens, int outputTokens, Optional<String> referenceAnswer, List<PrefixBlock> prefixBlocks) {
        this(index, arrivalNanos, session, messages, inputTokens, outputTokens, referenceAnswer, prefixBlocks,
                RequestExtras.none());
    }

    /**
     * A builder for plan {@code index}.
     *
     * @param index the plan's position in its source, from 0
     * @return a builder with no arrival, no session, no reference answer and no prefix blocks
     */
    public static Builder builder(long index) {
        return new Builder(index);
    }

    /**
     * The messages' contents joined by newlines: the prompt a completion-style server sees.
     *
     * @return the prompt as one text
     */
    public String prompt() {
        return ChatMessage.join(messages);
    }

    /**
     * Whether this plan opens something new: an independent request or a session's first turn (the
     * plans a run's arrival process or users start).
     *
     * @return whether the plan has no session or is its session's first turn
     */
    public boolean startsSession() {
        return session.map(SessionTurn::first).orElse(true);
    }

    /**
     * The same plan carrying {@code more} besides its own extras (a value of the same type replaced).
     *
     * @param more what to add
     * @return the plan with the extras added
     */
    public RequestPlan withExtras(RequestExtras more) {
        if (notNull(more, "more").isEmpty()) return this;
        return new RequestPlan(index, arrivalNanos, session, messages, inputTokens, outputTokens, referenceAnswer, prefixBlocks,
                extras.withAll(more));
    }

    /** Builds a {@link RequestPlan}; every setter rejects null, naming the argument. */
    public static final class Builder {
        private final long index;
        private OptionalLong arrivalNanos = OptionalLong.empty();
        private Optional<SessionTurn> session = Optional.empty();
        private List<ChatMessage> messages;
        private int inputTokens;
        private int outputTokens;
        private Optional<String> referenceAnswer = Optional.empty();
        private List<PrefixBlock> prefixBlocks = List.of();
        private RequestExtras extras = RequestExtras.none();

        private Builder(long index) {
            this.index = index;
        }

        /**
         * Send at this offset from the start of the run.
         *
         * @param nanos the offset in nanoseconds, at least 0
         * @return this builder
         */
        public Builder arrivalNanos(long nanos) {
            this.arrivalNanos = OptionalLong.of(nanos);
            return this;
        }

        /**
         * Send at this offset from the start of the run.
         *
         * @param offset the offset, not negative
         * @return this builder
         */
        public Builder arrival(Duration offset) {
            return arrivalNanos(notNull(offset, "arrival").toNanos());
        }

        /**
         * Part of a session.
         *
         * @param turn the session and turn
         * @return this builder
         */
        public Builder session(SessionTurn turn) {
            this.session = Optional.of(notNull(turn, "session"));
            return this;
        }

        /**
         * Part of a session.
         *
         * @param sessionId the session's id
         * @param turn the turn number, from 1
         * @param last whether this is the session's final turn
         * @return this builder
         */
        public Builder session(String sessionId, int turn, boolean last) {
            return session(new SessionTurn(sessionId, turn, last));
        }

        /**
         * The messages to send.
         *
         * @param messages at least one message
         * @return this builder
         */
        public Builder messages(List<ChatMessage> messages) {
            this.messages = List.copyOf(notNull(messages, "messages"));
            return this;
        }

        /**
         * A single user message with this text.
         *
         * @param text the prompt text
         * @return this builder
         */
        public Builder prompt(String text) {
            return messages(List.of(ChatMessage.user(notNull(text, "prompt"))));
        }

        /**
         * The messages' length in tokens under the run's tokenizer.
         *
         * @param tokens at least 1
         * @return this builder
         */
        public Builder inputTokens(int tokens) {
            this.inputTokens = tokens;
            return this;
        }

        /**
         * The output length to ask for.
         *
         * @param tokens at least 1
         * @return this builder
         */
        public Builder outputTokens(int tokens) {
            this.outputTokens = tokens;
            return this;
        }

        /**
         * The answer recorded in the dataset.
         *
         * @param text the recorded answer
         * @return this builder
         */
        public Builder referenceAnswer(String text) {
            this.referenceAnswer = Optional.of(notNull(text, "referenceAnswer"));
            return this;
        }

        /**
         * The blocks the prompt starts with.
         *
         * @param blocks in prompt order
         * @return this builder
         */
        public Builder prefixBlocks(List<PrefixBlock> blocks) {
            this.prefixBlocks = List.copyOf(notNull(blocks, "prefixBlocks"));
            return this;
        }

        /**
         * Something the request carries beyond its messages (tools, a response format, images, ...); one value per
         * type, a later one of the same type replacing the earlier.
         *
         * @param value the value
         * @return this builder
         */
        public Builder extra(Object value) {
            this.extras = extras.with(notNull(value, "extra"));
            return this;
        }

        /**
         * Everything the request carries beyond its messages, replacing what was set.
         *
         * @param values the values
         * @return this builder
         */
        public Builder extras(RequestExtras values) {
            this.extras = notNull(values, "extras");
            return this;
        }

        /**
         * Validates and builds.
         *
         * @return the plan
         * @throws NullPointerException when no messages were given
         * @throws IllegalArgumentException naming the first bad component
         */
        public RequestPlan build() {
            notNull(messages, "messages");
            return new RequestPlan(index, arrivalNanos, session, messages, inputTokens, outputTokens, referenceAnswer,
                    prefixBlocks, extras);
        }
    }
}
