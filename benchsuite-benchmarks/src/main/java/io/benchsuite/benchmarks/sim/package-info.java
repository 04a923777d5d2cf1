/**
 * Harnesses of the simulator: how fast its engine runs in virtual time
 * ({@link io.benchsuite.benchmarks.sim.SimVirtualTimeHarness}) and how closely the real-time
 * {@code sim} backend keeps to its own physics on this machine
 * ({@link io.benchsuite.benchmarks.sim.SimRealTimeFidelityHarness}).
 */
package io.benchsuite.benchmarks.sim;
