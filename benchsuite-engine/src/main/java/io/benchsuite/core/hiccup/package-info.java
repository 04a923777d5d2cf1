/**
 * The client's own stalls: {@link io.benchsuite.core.hiccup.HiccupMeter}, a jHiccup-style thread
 * whose oversleeps show when the benchmark client itself could not run, and which request windows
 * those stalls overlapped.
 */
package io.benchsuite.core.hiccup;
