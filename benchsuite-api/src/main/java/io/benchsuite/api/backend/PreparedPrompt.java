package io.benchsuite.api.backend;

import java.util.List;

/**
 * A prompt in the form one backend sends it, made ahead of time by {@link Backend#prepare} so that a
 * due request costs the thread that sends it little: for an HTTP backend the escaped JSON of its
 * messages, for the simulator the prompt's block hashes. Opaque to everyone but the backend that made
 * it, which uses it only for a request that carries the very messages it was made from.
 */
public interface PreparedPrompt {
    /**
     * The messages this was made from.
     *
     * @return the messages this was made from
     */
    List<ChatMessage> messages();

    /**
     * Whether this was made from {@code messages}: the same list, or an equal one.
     *
     * @param messages a request's messages
     * @return whether this prompt renders exactly {@code messages}
     */
    default boolean renders(List<ChatMessage> messages) {
        List<ChatMessage> mine = messages();
        return mine == messages || mine.equals(messages);
    }
}
