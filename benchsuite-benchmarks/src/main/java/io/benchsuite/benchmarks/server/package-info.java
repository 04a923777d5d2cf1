/**
 * A loopback OpenAI-compatible server with scripted timing, the reference that client measurements
 * are checked against: {@link io.benchsuite.benchmarks.server.ScriptedSseServer} writes tokens on a
 * known schedule and records when it wrote each in its {@link io.benchsuite.benchmarks.server.ServedLog};
 * {@link io.benchsuite.benchmarks.server.ScriptedSseServerMain} runs it as a process.
 */
package io.benchsuite.benchmarks.server;
