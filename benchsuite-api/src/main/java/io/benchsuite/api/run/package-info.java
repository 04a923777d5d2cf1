/**
 * What backends, listeners and decorators see of a run, with no dependency beyond this module:
 * {@link io.benchsuite.api.run.RunInfo} (identity and configuration, known at the start, with the
 * {@link io.benchsuite.api.run.Environment}, the {@link io.benchsuite.api.run.RunClock} and the
 * {@link io.benchsuite.api.run.Shard}), {@link io.benchsuite.api.run.LiveStats} (a run in progress),
 * {@link io.benchsuite.api.run.StartGate} (when shards start together), and the plug-in point
 * {@link io.benchsuite.api.run.RequestDecorator} with its helper
 * {@link io.benchsuite.api.run.ForwardingResponseListener}. The measured result, its histograms and the
 * listener contract that receives it live in {@code io.benchsuite.core.run} (module benchsuite-reports),
 * because they carry HdrHistogram histograms.
 */
package io.benchsuite.api.run;
