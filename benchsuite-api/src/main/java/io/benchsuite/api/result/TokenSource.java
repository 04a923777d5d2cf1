package io.benchsuite.api.result;

/** Who counted a request's output tokens. */
public enum TokenSource {
    /** The server's usage report. */
    SERVER,
    /** Streamed chunks counted by the client (one chunk, one token unless the backend says otherwise). */
    STREAM,
    /** The client's tokenizer, over the text received. */
    TOKENIZER
}
