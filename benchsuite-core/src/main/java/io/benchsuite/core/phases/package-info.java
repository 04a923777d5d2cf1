/**
 * The cold-start / steady-state / JIT view of a run, for in-process backends where the JVM that
 * runs the model is the one measuring: {@link io.benchsuite.core.phases.PhasesListener} folds
 * finished requests into the report section {@code phases}.
 */
package io.benchsuite.core.phases;
