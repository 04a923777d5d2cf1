/**
 * Cross-device projection (SPEC §4, seed §2.1, with the seed's known error corrected): latency measured on
 * one device projected onto another. {@link io.benchsuite.core.analysis.projection.DeviceFigures} is what a
 * device must tell (FLOP/s and memory bandwidth); {@link io.benchsuite.core.analysis.projection.DatasheetDevices}
 * is a table of cited datasheet figures; {@link io.benchsuite.core.analysis.projection.DeviceRatios} compares
 * two devices (or holds the seed's ratios); {@link io.benchsuite.core.analysis.projection.DeviceProjection}
 * scales TTFT by the FLOP/s ratio and TPOT by the bandwidth ratio, both by the quantization penalty, per
 * request and as HdrHistogram distributions.
 */
package io.benchsuite.core.analysis.projection;
