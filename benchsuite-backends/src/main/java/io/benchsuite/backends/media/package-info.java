/**
 * Images sent with chat requests: {@link io.benchsuite.backends.media.SyntheticImages} encodes a synthetic
 * image (PNG or JPEG, pixels from a seed) to the same bytes every time, and
 * {@link io.benchsuite.backends.media.ImageUrls} turns each distinct image into its data URL once, keeping
 * recent ones within a byte budget.
 */
package io.benchsuite.backends.media;
