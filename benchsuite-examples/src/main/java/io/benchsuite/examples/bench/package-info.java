/**
 * {@link io.benchsuite.examples.bench.EngineOverheadBench}: how much open-loop load one benchsuite
 * process schedules on time, against a backend that answers instantly so that every microsecond
 * measured is the client's own.
 */
package io.benchsuite.examples.bench;
