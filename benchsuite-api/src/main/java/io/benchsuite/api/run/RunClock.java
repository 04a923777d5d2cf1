package io.benchsuite.api.run;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.VirtualTimeBackend;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * The clock a run's instants are on: the JVM's monotonic clock in a run against a real backend, or
 * the simulated clock of a {@link VirtualTimeBackend}, which the run drives. Every {@code nanoTime}
 * a listener sees (the events of a request, offsets from the run start) is a reading of this clock.
 * Listeners that relate those instants to the world (trace spans, which carry epoch timestamps) go
 * through {@link #epochNanos}; those that sample the wall clock themselves (host telemetry, progress)
 * ask {@link #virtual()} so as not to mix wall time into simulated figures.
 */
public interface RunClock {

    /** Real time: {@link System#nanoTime()}. */
    RunClock WALL = new RunClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public boolean virtual() {
            return false;
        }

        @Override
        public long epochNanos(long nanoTime) {
            long nowNanos = System.nanoTime();
            Instant now = Instant.now();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano() - (nowNanos - nanoTime);
        }

        @Override
        public String toString() {
            return "wall";
        }
    };

    /**
     * A virtual clock: readings come from {@code nanos} (a simulation's time), and its reading now is
     * placed at {@code origin} on the wall clock, so a simulated hour that starts now is shown as the
     * hour from now (e.g. in a trace viewer).
     *
     * @param nanos the simulated time in nanoseconds (never goes back)
     * @param origin the wall-clock instant of its current reading
     * @return the clock
     */
    static RunClock virtual(LongSupplier nanos, Instant origin) {
        notNull(nanos, "nanos");
        notNull(origin, "origin");
        long anchor = nanos.getAsLong();
        long originEpoch = origin.getEpochSecond() * 1_000_000_000L + origin.getNano();
        return new RunClock() {
            @Override
            public long nanoTime() {
                return nanos.getAsLong();
            }

            @Override
            public boolean virtual() {
                return true;
            }

            @Override
            public long epochNanos(long nanoTime) {
                return originEpoch + (nanoTime - anchor);
            }

            @Override
            public String toString() {
                return "virtual";
            }
        };
    }

    /**
     * Real time against a backend whose time runs faster or slower than the wall clock
     * ({@link io.benchsuite.api.backend.Backend#timeScale()}): instants are read from {@link #WALL}, and
     * the run divides every span it reports by {@code timeScale}.
     *
     * @param timeScale wall seconds per second of the backend's time, finite and above 0
     * @return the clock
     */
    static RunClock scaled(double timeScale) {
        if (!(timeScale > 0) || Double.isInfinite(timeScale)) {
            throw new IllegalArgumentException("timeScale must be a finite number > 0, got " + timeScale);
        }
        if (timeScale == 1.0) return WALL;
        return new RunClock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public boolean virtual() {
                return false;
            }

            @Override
            public long epochNanos(long nanoTime) {
                return WALL.epochNanos(nanoTime);
            }

            @Override
            public double timeScale() {
                return timeScale;
            }

            @Override
            public String toString() {
                return "wall (time scale " + timeScale + ")";
            }
        };
    }

    /**
     * The clock of a run against {@code backend}: its own clock if it is a {@link VirtualTimeBackend},
     * else {@link #WALL}, {@link #scaled scaled} when the backend's time is not the wall clock's.
     *
     * @param backend the run's backend
     * @param origin the run's start, the origin of a virtual clock
     * @return the run's clock
     */
    static RunClock of(Backend backend, Instant origin) {
        return backend instanceof VirtualTimeBackend v ? virtual(v::nowNanos, origin) : scaled(backend.timeScale());
    }

    /**
     * Wall-clock seconds per second of the time the run's figures are in: 1 (the default) when they
     * are what the clock measured; for a run against a backend that runs faster than real time (a
     * simulator with {@code time-scale=0.1}), every latency, rate and duration the run reports is its
     * measurement on this clock divided by this scale (rates multiplied), i.e. in the backend's time.
     *
     * @return the scale, finite and above 0
     */
    default double timeScale() {
        return 1.0;
    }

    /**
     * Nanoseconds from an arbitrary origin; only differences mean something.
     *
     * @return the reading
     */
    long nanoTime();

    /**
     * Whether the instants are simulated (a {@link VirtualTimeBackend}'s), not the wall clock's.
     *
     * @return true on a virtual clock
     */
    boolean virtual();

    /**
     * A reading of this clock as nanoseconds since the Unix epoch: the wall clock minus the reading's
     * age in real time; the origin plus the reading's distance from it in virtual time.
     *
     * @param nanoTime a reading of this clock
     * @return the same instant in nanoseconds since the Unix epoch
     */
    long epochNanos(long nanoTime);
}
