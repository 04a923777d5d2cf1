/**
 * Lateness measured at the wire: a trace replay's POSTs captured by {@code tcpdump} on loopback, each
 * paired with its scaled trace instant ({@link io.benchsuite.benchmarks.wire.WireLatenessHarness}), for
 * benchsuite or any other client given as a command.
 */
package io.benchsuite.benchmarks.wire;
