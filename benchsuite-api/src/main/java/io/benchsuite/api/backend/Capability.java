package io.benchsuite.api.backend;

/** What a backend can do; the engine and reports use these to decide what to ask and what to trust. */
public enum Capability {
    /** Streams tokens as they are generated. */
    STREAMING,
    /** Reports the server's own prompt and completion token counts. */
    SERVER_USAGE,
    /** Can force the exact output length (ignore_eos / min_tokens). */
    EXACT_OUTPUT_LENGTH,
    /** Acts on the configured quantization (not just labels it). */
    QUANTIZATION,
    /** Exposes server-side Prometheus metrics. */
    SERVER_METRICS,
    /** Runs in this JVM: timings include no network. */
    IN_PROCESS
}
