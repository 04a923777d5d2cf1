/**
 * What a run is made of, and the contract to observe it: {@link io.benchsuite.core.run.RunInfo}
 * (identity and configuration, known at the start), {@link io.benchsuite.core.run.RunResult}
 * (everything measured), {@link io.benchsuite.core.run.LatencyHistograms} (the lossless
 * distributions), {@link io.benchsuite.core.run.SecondSample} (the per-second series),
 * {@link io.benchsuite.core.run.LiveStats} (a run in progress), and the plug-in points
 * {@link io.benchsuite.core.run.RunListener}, {@link io.benchsuite.core.run.RequestDecorator} and
 * {@link io.benchsuite.core.run.ReportSection}. These types depend on the API module only, so the
 * engine, the report and third-party listeners all share them without depending on each other.
 */
package io.benchsuite.core.run;
