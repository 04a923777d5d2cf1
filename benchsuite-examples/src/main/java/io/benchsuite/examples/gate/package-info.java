/**
 * Performance gates, each also run as a JUnit test of this module: one on in-process Java code
 * ({@link io.benchsuite.examples.gate.FakeStackGateExample}) and one on the simulator running faster
 * than real time ({@link io.benchsuite.examples.gate.SimGateExample}), held to SLOs and a baseline.
 */
package io.benchsuite.examples.gate;
