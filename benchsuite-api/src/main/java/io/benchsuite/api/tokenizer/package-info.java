/**
 * The {@link io.benchsuite.api.tokenizer.Tokenizer} interface: how the engine counts tokens, to build
 * prompts of an exact length and to count output when a server reports no usage. The implementations
 * live in the core module.
 */
package io.benchsuite.api.tokenizer;
