/**
 * The simulator's engine (not API): {@code EngineCore} plans and applies engine steps (continuous or
 * static batching, chunked prefill, preemption) against a {@code KvBlockPool} (paged or contiguous KV
 * blocks with the prefix cache in them) and accounts the devices in a {@code DeviceMeter};
 * {@code RealTimeEngine} drives it against the wall clock from one thread, with listeners called from
 * another ({@code ListenerDelivery}); {@code SimulatedServer} drives it in virtual time.
 */
package io.benchsuite.sim.internal;
