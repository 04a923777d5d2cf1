package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.List;

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
     * The contents of {@code messages} joined by newlines: the prompt a completion-style server sees.
     *
     * @param messages the conversation
     * @return the joined contents
     */
    public static String join(List<ChatMessage> messages) {
        if (messages.size() == 1) return messages.get(0).content();
        StringBuilder b = new StringBuilder();
        for (ChatMessage m : messages) {
            if (b.length() > 0) b.append('\n');
            b.append(m.content());
        }
        return b.toString();
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
