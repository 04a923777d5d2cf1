/**
 * Time for the engine, injectable: {@link io.benchsuite.core.internal.clock.NanoClock} is where
 * every instant the engine stamps comes from, and {@link io.benchsuite.core.internal.clock.Pacer} is
 * how it waits for its next instant. The real-time pair is the JVM's {@code nanoTime} and a pacer that
 * parks then spins; tests set the clock by hand. The engine never sleeps on its own, so a
 * discrete-event simulation can later drive it on a virtual clock with a pacer that advances time
 * instead of waiting. Not API.
 */
package io.benchsuite.core.internal.clock;
