package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

/** One message of a chat conversation. */
public record ChatMessage(String role, String content) {
    /**
     * Checks that role and content are present.
     *
     * @param role who speaks: {@code system}, {@code user} or {@code assistant}
     * @param content the message text
     */
    public ChatMessage {
        notNull(role, "role");
        notNull(content, "content");
    }

    /**
     * A user message.
     *
     * @param content the message text
     * @return a user message
     */
    public static ChatMessage user(String content) {
        return new ChatMessage("user", content);
    }
}
