/**
 * What a run learns from the JVM and the engine it measures in-process: {@link io.benchsuite.core.inprocess.ColdStartListener}
 * folds finished requests into the report section {@code coldStart} (cold start against steady state; the JIT
 * compile time counts only where the model runs in this JVM); {@link io.benchsuite.core.inprocess.EngineSnapshotListener}
 * turns the engine snapshots of a backend that sees its own engine (the simulator) into the section
 * {@code engineSnapshot}: its exact queue / prefill / decode stages, prefix-cache hits, energy and memory. A run adds both
 * by itself where they apply.
 */
package io.benchsuite.core.inprocess;
