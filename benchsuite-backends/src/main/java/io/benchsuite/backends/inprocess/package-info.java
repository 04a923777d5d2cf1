/**
 * In-process backends: benchmark the user's own Java serving code without HTTP.
 * {@link io.benchsuite.backends.inprocess.InProcessBackend} adapts a
 * {@link io.benchsuite.backends.inprocess.TokenGenerator} (or a method returning a {@code Stream},
 * {@code Iterator} or {@code Flow.Publisher} of tokens). The core's {@code io.benchsuite.core.inprocess.ColdStartListener}
 * adds the cold-start / steady-state / JIT view to the report.
 */
package io.benchsuite.backends.inprocess;
