/**
 * The simulator behind HTTP ({@code benchsuite serve-sim}): {@link io.benchsuite.sim.server.SimHttpServer}
 * serves a {@link io.benchsuite.sim.SimBackend} with OpenAI-compatible ({@code /v1/chat/completions},
 * {@code /v1/completions}) and TGI ({@code /generate_stream}) endpoints, a Prometheus
 * {@code /metrics} page in vLLM's names and optional seeded fault injection. The HTTP backends'
 * end-to-end tests run against it.
 */
package io.benchsuite.sim.server;
