/**
 * The simulated LLM serving engine and its backend {@code sim}, the tool's default: no GPU, no
 * server. The engine's step costs come from {@link io.benchsuite.sim.SimPhysics} (FLOPs, memory
 * traffic, all-reduces and host time of a {@link io.benchsuite.sim.ModelProfile} on
 * {@link io.benchsuite.sim.DeviceProfile}s joined by an {@link io.benchsuite.sim.Interconnect});
 * its batching, KV-cache policy and efficiencies from an {@link io.benchsuite.sim.EnginePreset};
 * {@link io.benchsuite.sim.SimSettings} holds one configuration.
 *
 * <p>Two drivers: {@link io.benchsuite.sim.SimBackend} runs it in (scaled) real time as a
 * {@link io.benchsuite.api.backend.Backend}; {@link io.benchsuite.sim.SimulatedServer} runs it in
 * virtual time, with no thread of its own, for capacity planning. Both report the devices' memory,
 * KV fragmentation, prefix hits and energy as an {@link io.benchsuite.api.backend.EngineSnapshot}. The provider
 * {@link io.benchsuite.sim.SimBackendProvider} is registered in this module's
 * {@code META-INF/services}. The {@code internal} subpackage holds the engine and is not API.
 */
package io.benchsuite.sim;
