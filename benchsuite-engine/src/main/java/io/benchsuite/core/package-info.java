/**
 * The entry point of the library: {@link io.benchsuite.core.Benchmark} configures a run and
 * {@link io.benchsuite.core.RunningBenchmark} watches, stops and awaits it. This package only
 * assembles the pieces below it (the engine, the report writers, the prompt planner); nothing below
 * depends on it, so the package graph has no cycle:
 *
 * <pre>
 * core ─┬─► internal.engine ──► internal.dispatch ──► schedule ──► prompt
 *       │         └──────────► internal.aggregate, internal.clock, run
 *       └─► report ──► report.html ──► report.json ──► report.model ──► run
 * </pre>
 *
 * What a run is and how to observe it ({@code RunResult}, {@code RunListener}, ...) lives in
 * {@link io.benchsuite.core.run}.
 */
package io.benchsuite.core;
