package io.benchsuite.core.internal.clock;

/**
 * The engine's source of time: monotonic nanoseconds, as {@link System#nanoTime()}. Every instant
 * the engine stamps itself (run start, dispatch, submit, live figures) comes from here, so tests
 * drive the dispatcher, the request tracker and the aggregator on a clock they set, and assert
 * exact values. Backends still stamp their own events (bytes arrived) with {@code System.nanoTime()};
 * a run on another clock needs backends that use the same one (a simulator in virtual time).
 */
@FunctionalInterface
public interface NanoClock {

    /** The JVM's monotonic clock. */
    NanoClock SYSTEM = System::nanoTime;

    /** Nanoseconds from an arbitrary origin; only differences mean something. */
    long nanoTime();
}
