package io.benchsuite.backends.openai;

import java.util.Locale;

/**
 * Which OpenAI-compatible API a backend calls (config key {@code endpoint}): a generating one (chat,
 * completions) or one that only reads its inputs (embeddings, rerank, score), whose requests carry a batch
 * of texts and whose responses carry no tokens.
 */
public enum Endpoint {
    /** {@code POST /v1/chat/completions}: messages in, {@code delta.content} out. The default. */
    CHAT("chat", "/v1/chat/completions"),
    /** {@code POST /v1/completions}: the messages joined into one prompt, {@code text} out. */
    COMPLETIONS("completions", "/v1/completions"),
    /** {@code POST /v1/embeddings}: a batch of inputs in, one vector per input out. */
    EMBEDDINGS("embeddings", "/v1/embeddings"),
    /** {@code POST /v1/rerank}: a query and a batch of documents in, one relevance score per document out. */
    RERANK("rerank", "/v1/rerank"),
    /** {@code POST /v1/score}: a query ({@code text_1}) and a batch of texts ({@code text_2}) in, one score per pair out. */
    SCORE("score", "/v1/score"),
    /**
     * {@code POST /v1/audio/transcriptions}: an audio file in (multipart form), its text out, streamed as
     * {@code transcription.chunk} (vLLM) or {@code transcript.text.delta} (OpenAI) events, or whole.
     */
    TRANSCRIPTIONS("transcriptions", "/v1/audio/transcriptions");

    /** The accepted names, for messages. */
    public static final String NAMES = "chat, completions, embeddings, rerank, score or transcriptions";

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

    /**
     * Whether the endpoint only reads its inputs (embeddings, rerank, score): no tokens are generated.
     *
     * @return true for embeddings, rerank and score
     */
    public boolean pooling() {
        return this == EMBEDDINGS || this == RERANK || this == SCORE;
    }

    /** The request path under the base URL. */
    public String path() {
        return path;
    }

    /**
     * Parses a config value ({@code chat}, {@code completions}, {@code embeddings}, {@code rerank}, {@code score},
     * {@code transcriptions}, or the path itself).
     *
     * @throws IllegalArgumentException naming the key and the accepted values
     */
    public static Endpoint parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Endpoint e : values()) {
            if (e.label.equals(s) || e.path.equals(s) || e.path.substring(4).equals(s)) return e;
        }
        if (s.equals("chat-completions") || s.equals("chat_completions")) return CHAT;
        if (s.equals("audio/transcriptions") || s.equals("transcription")) return TRANSCRIPTIONS;
        throw new IllegalArgumentException("backend config key 'endpoint': expected " + NAMES + ", got '" + text + "'");
    }
}
