/** The {@code tgi-native} backend: Hugging Face TGI's own {@code /generate_stream} API. */
package io.benchsuite.backends.tgi;
