/**
 * One run on many machines. A run split into n shards sends, from each shard, its part of the load
 * ({@link io.benchsuite.core.shard.ShardedWorkload}: rate/n, users and caps shared out with the
 * remainder to the first shards; {@link io.benchsuite.core.shard.ShardedSource}: every n-th session
 * of a source) with its own seed chain ({@link io.benchsuite.api.seed.SeedChain#shard}), so that the
 * shards' arrival streams together are the whole run's. The shards start together at a gate
 * ({@link io.benchsuite.core.shard.StartAt}, {@link io.benchsuite.core.shard.FileStartBarrier}),
 * and each records where its zero fell on the wall clock ({@link io.benchsuite.core.shard.ShardRun},
 * the report's {@code shard} block). {@code io.benchsuite.core.shard.merge.ShardMerge} then combines the
 * shards' output directories losslessly: histograms added, series aligned on the common clock,
 * request logs concatenated. Which shard a run is, {@link io.benchsuite.api.run.Shard}, belongs to
 * the run's identity ({@code core.run}) so that the engine can start a shard's arrivals where its
 * part of the whole stream starts.
 */
package io.benchsuite.core.shard;
