package io.benchsuite.sim.server;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * The LoRA adapters a simulated server serves beside its base model, as vLLM's {@code --lora-modules}: each a model
 * name a request may ask for. At most {@code maxLoras} adapters are loaded at once (vLLM's {@code --max-loras}); a
 * request for one that is not loaded waits {@code loadMillis} while it is loaded, the least recently used one
 * evicted to make room. Loads run one at a time, as a server's worker loads adapter weights synchronously: a
 * request for a loaded adapter asked for during another's load waits for that load too. A request for the base model pays no load, though it may wait for admission while one runs (the load
 * holds the admission slot of the request that asked for it).
 *
 * @param names the adapters' model names, distinct
 * @param maxLoras how many adapters may be loaded at once, at least 1
 * @param loadMillis what loading one costs, in milliseconds of the server's clock; 0 for none
 */
public record Adapters(List<String> names, int maxLoras, double loadMillis) {
    /** No adapters: only the base model is served. */
    public static final Adapters NONE = new Adapters(List.of(), 1, 0);

    /**
     * Checks the names are distinct and not blank, at least one adapter may be loaded and the cost is not negative.
     *
     * @param names the adapters' model names
     * @param maxLoras how many may be loaded at once
     * @param loadMillis the cost of a load in ms
     */
    public Adapters {
        names = List.copyOf(notNull(names, "names"));
        Set<String> seen = new LinkedHashSet<>();
        for (String n : names) {
            if (n.isBlank()) throw new IllegalArgumentException("an adapter name must not be blank");
            if (!seen.add(n)) throw new IllegalArgumentException("adapter '" + n + "' is named twice");
        }
        if (maxLoras < 1) throw new IllegalArgumentException("maxLoras must be at least 1, got " + maxLoras);
        if (!(loadMillis >= 0) || !Double.isFinite(loadMillis)) {
            throw new IllegalArgumentException("loadMillis must be a non-negative number, got " + loadMillis);
        }
    }

    /** The loaded adapters of one server, least recently used first. */
    static final class Slots {
        private final Adapters adapters;
        private final double timeScale;
        private final Map<String, Boolean> loaded = new LinkedHashMap<>(16, 0.75f, true);
        private long loads;
        private long evictions;

        /**
         * @param adapters what is served
         * @param timeScale wall seconds per simulated second (the server's clock runs this much faster or slower)
         */
        Slots(Adapters adapters, double timeScale) {
            this.adapters = adapters;
            this.timeScale = timeScale;
        }

        /** Whether there are no adapters (only the base model is served). */
        boolean none() {
            return adapters.names().isEmpty();
        }

        /** Whether {@code model} names one of the adapters. */
        boolean serves(String model) {
            return adapters.names().contains(model);
        }

        /**
         * Makes sure the adapter a request asked for is loaded, waiting while it is loaded; returns the milliseconds
         * of load cost this request paid (0 for the base model or a loaded adapter).
         */
        synchronized double acquire(String model) {
            if (!serves(model)) return 0;
            if (loaded.get(model) != null) return 0; // touched: now the most recently used
            if (loaded.size() >= adapters.maxLoras()) {
                String eldest = loaded.keySet().iterator().next();
                loaded.remove(eldest);
                evictions++;
            }
            long nanos = Math.round(adapters.loadMillis() * 1e6 * timeScale);
            long until = System.nanoTime() + nanos;
            // held while loading: the next load (and a check behind it) waits, as a worker loads one adapter at a time
            for (long left = nanos; left > 0; left = until - System.nanoTime()) LockSupport.parkNanos(left);
            loaded.put(model, Boolean.TRUE);
            loads++;
            return adapters.loadMillis();
        }

        /** How many loads and evictions there were. */
        synchronized long[] counts() {
            return new long[] {loads, evictions};
        }

        /** The loaded adapters, least recently used first. */
        synchronized List<String> loaded() {
            return List.copyOf(loaded.keySet());
        }
    }
}
