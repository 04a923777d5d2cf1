package io.benchsuite.backends.openai;

import java.util.Locale;

/** Which OpenAI-compatible API a backend calls (config key {@code endpoint}). */
public enum Endpoint {
    /** {@code POST /v1/chat/completions}: messages in, {@code delta.content} out. The default. */
    CHAT("chat", "/v1/chat/completions"),
    /** {@code POST /v1/completions}: the messages joined into one prompt, {@code text} out. */
    COMPLETIONS("completions", "/v1/completions");

    private final String label;
    private final String path;

    Endpoint(String label, String path) {
        this.label = label;
        this.path = path;
    }

    /** The config value, {@code chat} or {@code completions}. */
    public String label() {
        return label;
    }

    /** The request path under the base URL. */
    public String path() {
        return path;
    }

    /**
     * Parses a config value ({@code chat}, {@code completions}, or the path itself).
     *
     * @throws IllegalArgumentException naming the key and the accepted values
     */
    public static Endpoint parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Endpoint e : values()) {
            if (e.label.equals(s) || e.path.equals(s) || e.path.substring(4).equals(s)) return e;
        }
        if (s.equals("chat-completions") || s.equals("chat_completions")) return CHAT;
        throw new IllegalArgumentException("backend config key 'endpoint': expected chat or completions, got '" + text + "'");
    }
}
