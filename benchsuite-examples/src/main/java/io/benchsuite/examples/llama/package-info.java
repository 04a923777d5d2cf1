/**
 * A real model benchmarked in-process: {@link io.benchsuite.examples.llama.LlamaCppGenerator} serves a
 * GGUF model through java-llama.cpp and {@link io.benchsuite.examples.llama.LlamaExample} measures its
 * cold start, first requests and steady tokens per second.
 */
package io.benchsuite.examples.llama;
