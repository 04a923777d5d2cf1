package io.benchsuite.api.backend;

/**
 * A backend that runs on a virtual clock which the run drives: a discrete-event simulation with no
 * thread and no wall clock of its own (the simulator with {@code clock=virtual}). A run that is given
 * one takes every instant from {@link #nowNanos()} and, instead of waiting, advances the backend to
 * its next instant, so arrivals, timeouts and per-second figures are all on the simulated clock, no
 * time is slept, and the same seed gives the same events at the same instants on any machine.
 *
 * <p>The contract, beside {@link Backend}'s:
 * <ul>
 *   <li>All calls come from one thread, the run's driver (not thread-safe; {@link #nowNanos()} may be
 *       read from other threads for display). {@link #send} and the request handles' {@code cancel}
 *       act at {@link #nowNanos()}.</li>
 *   <li>Listener events are delivered on the driver's thread, inside {@link #send} ({@code onSent}, an
 *       immediate rejection), {@link #advanceTo}, a handle's {@code cancel} or {@link #close()}; each
 *       carries the virtual instant it happens at ({@code nanoTime} arguments are virtual, not
 *       {@link System#nanoTime()}). From inside an event a listener may send or cancel, never advance.</li>
 *   <li>The backend creates no thread, and every thread it used is gone after {@link #close()}.</li>
 * </ul>
 */
public interface VirtualTimeBackend extends Backend {

    /**
     * The virtual time now.
     *
     * @return nanoseconds from the backend's origin; never goes back
     */
    long nowNanos();

    /**
     * When the backend's next event happens if nothing new is sent.
     *
     * @return the virtual instant in nanoseconds, at or after {@link #nowNanos()}, or {@link Long#MAX_VALUE}
     *     when nothing is waiting or running
     */
    long nextEventNanos();

    /**
     * Runs every event up to and including {@code nanos}, delivering their listener events in order,
     * then sets the time to {@code nanos}.
     *
     * @param nanos the instant to advance to, not before {@link #nowNanos()}
     * @throws IllegalArgumentException when {@code nanos} is before {@link #nowNanos()}
     * @throws IllegalStateException when called from inside a listener event
     */
    void advanceTo(long nanos);
}
