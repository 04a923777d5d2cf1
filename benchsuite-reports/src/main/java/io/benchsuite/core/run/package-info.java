/**
 * What a run is made of, and the contract to observe it: {@link io.benchsuite.api.run.RunInfo}
 * (identity and configuration, known at the start), {@link io.benchsuite.core.run.RunResult}
 * (everything measured), {@link io.benchsuite.core.run.LatencyHistograms} (the lossless
 * distributions), {@link io.benchsuite.core.run.SecondSample} (the per-second series),
 * {@link io.benchsuite.api.run.LiveStats} (a run in progress), and the plug-in points
 * {@link io.benchsuite.core.run.RunListener}, {@link io.benchsuite.api.run.RequestDecorator} and
 * {@link io.benchsuite.core.run.ReportSection}. The types that carry no histogram (run identity, live
 * figures, decorators) are in {@code io.benchsuite.api.run}; these carry HdrHistogram histograms and
 * so live beside the report, which the engine and third-party listeners share without depending on each
 * other.
 */
package io.benchsuite.core.run;
