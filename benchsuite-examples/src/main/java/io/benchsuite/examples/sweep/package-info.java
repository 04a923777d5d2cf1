/**
 * {@link io.benchsuite.examples.sweep.ConcurrencySweep}: a concurrency sweep from Java (closed loops of
 * 1, 2, 4 and 8 users), its table of results and the knee where extra users stop buying throughput.
 */
package io.benchsuite.examples.sweep;
