/**
 * Small helpers every module shares so that errors read the same everywhere:
 * {@link io.benchsuite.api.util.Checks} for argument checks that name the argument,
 * {@link io.benchsuite.api.util.Durations} and {@link io.benchsuite.api.util.TextParts} for the text
 * forms users type ({@code 1.5s}, {@code ramp:1-20/60s}), and {@link io.benchsuite.api.util.IoErrors}
 * for I/O failures in the user's words;
 * {@link io.benchsuite.api.util.WavHeader} reads and writes the header of a WAV file, the same way on
 * the client, the simulated server and the in-process simulator (from a file, its chunk headers only).
 */
package io.benchsuite.api.util;
