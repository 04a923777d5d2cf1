/**
 * Prompt text of an exact token length: {@link io.benchsuite.core.prompt.SyntheticPrompts} strings
 * common words that are one token each under the run's tokenizer, and checks (and corrects) the
 * count of every prompt, so the prompt sizes a report states are the sizes sent;
 * {@link io.benchsuite.core.prompt.Tokenizers} provides the default {@code cl100k_base}.
 */
package io.benchsuite.core.prompt;
