/**
 * OpenAI-compatible backends: providers {@code openai}, {@code vllm}, {@code sglang},
 * {@code llamacpp}, {@code transformers} and {@code tgi} (TGI's Messages API), all creating an
 * {@link io.benchsuite.backends.openai.OpenAiBackend} with the defaults of one
 * {@link io.benchsuite.backends.openai.Preset}.
 */
package io.benchsuite.backends.openai;
