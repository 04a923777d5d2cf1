/**
 * Merging the shards of one run into one report: {@link io.benchsuite.core.shard.merge.ShardMerge} reads each
 * shard's report and request log, checks they belong to the same run, and merges their histograms losslessly and
 * their per-second series ({@link io.benchsuite.core.shard.merge.SeriesMerge}). Start at {@code ShardMerge}.
 * Running a shard (its part of the workload, the agreed start) stays with the engine in {@code core.shard}.
 */
package io.benchsuite.core.shard.merge;
