/**
 * Images sent with chat requests: {@link io.benchsuite.backends.media.SyntheticImages} encodes a synthetic
 * image (PNG or JPEG, pixels from a seed) to the same bytes every time, and
 * {@link io.benchsuite.backends.media.ImageUrls} turns each distinct image into its data URL once, keeping
 * recent ones within a byte budget. Audio the same way: {@link io.benchsuite.backends.media.SyntheticAudio}
 * writes a synthetic clip (a WAV file of seeded PCM samples) and {@link io.benchsuite.backends.media.AudioClips}
 * makes each distinct clip's bytes and base64 once.
 */
package io.benchsuite.backends.media;
