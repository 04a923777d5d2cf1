/**
 * The simulator's engine loop (not API): {@code EngineCore} plans and applies engine steps
 * (continuous batching, chunked prefill, paged KV cache, prefix cache) in simulated time, and
 * {@code RealTimeEngine} drives it from one thread against the wall clock.
 */
package io.benchsuite.sim.internal;
