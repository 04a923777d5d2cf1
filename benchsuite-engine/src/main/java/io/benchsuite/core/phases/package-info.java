/**
 * The cold-start / steady-state / JIT view of a run, for in-process backends where the JVM that
 * runs the model is the one measuring: {@link io.benchsuite.core.phases.ColdStartListener} folds
 * finished requests into the report section {@code phases}; {@link io.benchsuite.core.phases.EngineSnapshotListener}
 * turns the engine snapshots of a backend that sees its own engine (the simulator) into the section
 * {@code engineSnapshot}: its exact queue / prefill / decode phases, prefix-cache hits, energy and memory. A run adds both by itself where they apply.
 */
package io.benchsuite.core.phases;
