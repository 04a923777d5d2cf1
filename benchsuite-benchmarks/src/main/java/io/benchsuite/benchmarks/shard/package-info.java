/** Harnesses of split runs: the memory of merging many shards ({@link io.benchsuite.benchmarks.shard.MergeMemoryHarness}). */
package io.benchsuite.benchmarks.shard;
