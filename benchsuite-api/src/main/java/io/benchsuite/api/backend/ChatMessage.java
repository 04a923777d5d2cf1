package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

/** One message of a chat conversation. */
public record ChatMessage(String role, String content) {
    public ChatMessage {
        notNull(role, "role");
        notNull(content, "content");
    }

    /** A user message. */
    public static ChatMessage user(String content) {
        return new ChatMessage("user", content);
    }
}
