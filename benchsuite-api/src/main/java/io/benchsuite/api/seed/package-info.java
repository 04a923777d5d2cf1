/**
 * Repeatable randomness: the {@link io.benchsuite.api.seed.SeedChain} derives, from one root (a git
 * commit, a number or 64 hex digits), a {@link io.benchsuite.api.seed.ScenarioSeed} per scenario and
 * from that every random choice of its requests, so the same seed sends the same requests on any
 * platform.
 */
package io.benchsuite.api.seed;
