package io.benchsuite.sim.server;

import io.benchsuite.sim.AdapterLoads;
import io.benchsuite.sim.Adapters;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The loaded adapters of one server on the wall clock: {@link AdapterLoads}' rule (the in-process simulator's too),
 * with the request's thread parked until the instant it says, as a server's worker holds requests while it loads.
 */
final class AdapterSlots {
    private final AdapterLoads loads;

    /**
     * @param adapters what is served
     * @param timeScale wall seconds per simulated second (the server's clock runs this much faster or slower)
     */
    AdapterSlots(Adapters adapters, double timeScale) {
        this.loads = new AdapterLoads(adapters, 1e6 * timeScale);
    }

    /** Whether there are no adapters (only the base model is served). */
    boolean none() {
        return loads.none();
    }

    /** Whether {@code model} names one of the adapters. */
    boolean serves(String model) {
        return loads.serves(model);
    }

    /**
     * Makes sure the adapter a request asked for is loaded, waiting while it (or another) is loaded; returns the
     * milliseconds of load cost this request paid (0 for the base model or a loaded adapter).
     */
    double acquire(String model) {
        AdapterLoads.Admission a = loads.admit(model, System.nanoTime());
        for (long left = a.readyNanos() - System.nanoTime(); left > 0; left = a.readyNanos() - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
        return a.loadMillis();
    }

    /** How many loads and evictions there were. */
    long[] counts() {
        return loads.counts();
    }

    /** The loaded adapters, least recently used first. */
    List<String> loaded() {
        return loads.loaded();
    }
}
