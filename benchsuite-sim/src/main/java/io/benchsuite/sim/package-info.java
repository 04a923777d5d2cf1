/**
 * The simulated LLM serving engine and its backend {@code sim}, the tool's default: no GPU, no
 * server. {@link io.benchsuite.sim.SimBackend} runs a real-time discrete-event model whose costs come
 * from {@link io.benchsuite.sim.SimPhysics} (FLOPs and memory bandwidth of a
 * {@link io.benchsuite.sim.ModelProfile} on a {@link io.benchsuite.sim.DeviceProfile}) and whose
 * batching and KV-cache policy comes from an {@link io.benchsuite.sim.EnginePreset};
 * {@link io.benchsuite.sim.SimSettings} holds one configuration. The provider
 * {@link io.benchsuite.sim.SimBackendProvider} is registered in this module's
 * {@code META-INF/services}. The {@code internal} subpackage holds the engine loop and is not API.
 */
package io.benchsuite.sim;
