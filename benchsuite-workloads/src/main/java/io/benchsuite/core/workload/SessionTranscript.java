package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.injection.Injection;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SessionTurn;
import java.util.ArrayList;
import java.util.List;

/**
 * One session's conversation so far, from which each turn's request is assembled: the whole history
 * (every earlier message and answer), then content injected at this boundary, then the turn's new
 * messages. The history grows turn by turn, so consecutive requests share a growing prefix and a
 * server's prefix cache can hit.
 *
 * <p>The engine calls {@link #next} when a turn is due, sends what it returns, and calls
 * {@link #answered} with the text received before the next turn. {@link #tokens()} is the session's
 * token offset, against which injection positions are measured.
 */
public final class SessionTranscript {
    /** Which answer goes into the history. */
    public enum Answers {
        /** The text the server actually sent (what a real client does). */
        RECEIVED,
        /** The dataset's recorded answer when the turn has one (prompts then do not depend on the server). */
        RECORDED
    }

    /**
     * A turn's request content.
     *
     * @param messages the whole conversation to send
     * @param promptTokens its length in tokens under the run's tokenizer (contents joined by newlines)
     */
    public record Turn(List<ChatMessage> messages, int promptTokens) {
        /**
         * Copies the messages.
         *
         * @param messages the whole conversation to send
         * @param promptTokens its length in tokens
         */
        public Turn {
            messages = List.copyOf(messages);
        }
    }

    private final Tokenizer tokenizer;
    private final Answers answers;
    private final List<ChatMessage> history = new ArrayList<>();
    private String sessionId;
    private RequestPlan pending;
    private List<ChatMessage> pendingMessages;
    private int turns;
    private long tokens;

    /**
     * An empty transcript.
     *
     * @param tokenizer the run's tokenizer
     * @param answers which answer the history keeps
     */
    public SessionTranscript(Tokenizer tokenizer, Answers answers) {
        this.tokenizer = notNull(tokenizer, "tokenizer");
        this.answers = notNull(answers, "answers");
    }

    /**
     * Assembles the request of the session's next turn.
     *
     * @param plan the turn's plan (its session's next turn)
     * @param injected content delivered at this boundary, in delivery order (added as user messages before the turn's own)
     * @return what to send and its length
     * @throws IllegalStateException when the plan is not this session's next turn, or the previous answer has not been given
     */
    public Turn next(RequestPlan plan, List<Injection> injected) {
        notNull(plan, "plan");
        notNull(injected, "injected");
        SessionTurn t = plan.session().orElseThrow(() -> new IllegalStateException("plan " + plan.index() + " has no session"));
        if (pending != null) {
            throw new IllegalStateException("turn " + t.turn() + " of session '" + t.sessionId()
                    + "' before the answer to turn " + pending.session().orElseThrow().turn());
        }
        if (sessionId == null) sessionId = t.sessionId();
        if (!sessionId.equals(t.sessionId()) || t.turn() != turns + 1) {
            throw new IllegalStateException("expected turn " + (turns + 1) + " of session '" + sessionId + "', got turn "
                    + t.turn() + " of session '" + t.sessionId() + "'");
        }
        List<ChatMessage> added = new ArrayList<>(injected.size() + plan.messages().size());
        for (Injection i : injected) added.add(ChatMessage.user(i.content()));
        added.addAll(plan.messages());
        List<ChatMessage> all = new ArrayList<>(history);
        all.addAll(added);
        pending = plan;
        pendingMessages = added;
        return new Turn(all, tokenizer.countTokens(ChatMessage.join(all)));
    }

    /**
     * Records the answer to the turn last assembled: the history grows by that turn's messages and
     * the answer ({@link Answers#RECORDED} keeps the dataset's answer when the turn has one).
     *
     * @param received the text the server sent
     */
    public void answered(String received) {
        notNull(received, "received");
        if (pending == null) throw new IllegalStateException("no turn is waiting for an answer");
        String kept = answers == Answers.RECORDED ? pending.referenceAnswer().orElse(received) : received;
        history.addAll(pendingMessages);
        history.add(new ChatMessage("assistant", kept));
        tokens = tokenizer.countTokens(ChatMessage.join(history));
        turns++;
        pending = null;
        pendingMessages = null;
    }

    /**
     * The session's token offset: the length of its history (prompts and answers so far).
     *
     * @return tokens so far
     */
    public long tokens() {
        return tokens;
    }

    /**
     * Turns answered so far.
     *
     * @return the number of turns answered
     */
    public int turns() {
        return turns;
    }
}
