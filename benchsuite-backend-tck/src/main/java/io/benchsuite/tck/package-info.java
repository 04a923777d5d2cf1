/**
 * Testing backends. {@link io.benchsuite.tck.BackendCompatibilityKit} is the backend contract as
 * JUnit 5 tests: extend it, supply your backend, and it checks event order, the single terminal
 * event, typed errors, usage, cancellation and a clean {@code close()}.
 * {@link io.benchsuite.tck.RecordingListener} records one request's events and checks the
 * listener contract as they arrive. {@link io.benchsuite.tck.ScriptedBackend} is a backend whose
 * timing and failures a test sets (by name, {@code fake}, through
 * {@link io.benchsuite.tck.ScriptedBackendProvider}), for tests of code that drives backends.
 */
package io.benchsuite.tck;
