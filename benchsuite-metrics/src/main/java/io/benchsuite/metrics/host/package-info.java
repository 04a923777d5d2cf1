/**
 * The report's {@code host} section: {@link io.benchsuite.metrics.host.HostTelemetry} samples the
 * client machine and JVM during a run (CPU, memory, page faults, TCP retransmissions, GC, energy) so a
 * reader can tell whether the client itself was the bottleneck; {@link io.benchsuite.metrics.host.ProcFiles}
 * reads Linux {@code /proc} and {@code /sys} and degrades to absent figures elsewhere.
 */
package io.benchsuite.metrics.host;
