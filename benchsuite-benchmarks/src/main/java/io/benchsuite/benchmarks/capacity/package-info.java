/**
 * {@link io.benchsuite.benchmarks.capacity.CapacityHarness}: what one client process can drive over
 * loopback HTTP (token events per second, concurrent streams held, Poisson rates kept, start-up time),
 * printed as the capacity table of {@code docs/performance.md}.
 */
package io.benchsuite.benchmarks.capacity;
