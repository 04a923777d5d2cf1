package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which adapters of an {@link Adapters} are loaded, and when each request may reach the engine: the one rule of the
 * in-process simulator and {@code serve-sim}, on whatever clock the caller keeps. Loads run one at a time: a request
 * that arrives while one runs (for any model) waits for its end; a request for an adapter not loaded then loads it,
 * evicting the least recently used when {@code maxLoras} are loaded, and waits for that load too. Thread-safe.
 */
public final class AdapterLoads {
    /**
     * When a request may reach the engine and what load it paid.
     *
     * @param readyNanos the instant, on the caller's clock, the request may reach the engine
     * @param loadMillis the load this request paid in ms (0 for the base model or a loaded adapter)
     */
    public record Admission(long readyNanos, double loadMillis) {}

    private final Adapters adapters;
    private final double nanosPerMilli;
    private final Map<String, Boolean> loaded = new LinkedHashMap<>(16, 0.75f, true);
    private long loaderFreeNanos = Long.MIN_VALUE;
    private long loads;
    private long evictions;

    /**
     * The loads of one server.
     *
     * @param adapters what is served
     * @param nanosPerMilli nanoseconds of the caller's clock per millisecond of load ({@code 1e6} for simulated
     *     time; times a time scale for a scaled wall clock)
     */
    public AdapterLoads(Adapters adapters, double nanosPerMilli) {
        this.adapters = notNull(adapters, "adapters");
        this.nanosPerMilli = nanosPerMilli;
    }

    /**
     * Whether only the base model is served.
     *
     * @return whether there are no adapters
     */
    public boolean none() {
        return adapters.names().isEmpty();
    }

    /**
     * Whether {@code model} names one of the adapters.
     *
     * @param model a request's model
     * @return whether it is an adapter
     */
    public boolean serves(String model) {
        return adapters.serves(model);
    }

    /**
     * Admits a request for {@code model} that arrived at {@code nowNanos}: loads its adapter when it is not loaded.
     *
     * @param model the model the request asked for
     * @param nowNanos its arrival on the caller's clock
     * @return when it may reach the engine, and the load it paid
     */
    public synchronized Admission admit(String model, long nowNanos) {
        long ready = Math.max(nowNanos, loaderFreeNanos);
        if (!serves(model) || loaded.get(model) != null) return new Admission(ready, 0); // get: now the most recently used
        if (loaded.size() >= adapters.maxLoras()) {
            loaded.remove(loaded.keySet().iterator().next());
            evictions++;
        }
        loaded.put(model, Boolean.TRUE);
        loads++;
        loaderFreeNanos = ready + Math.round(adapters.loadMillis() * nanosPerMilli);
        return new Admission(loaderFreeNanos, adapters.loadMillis());
    }

    /**
     * How many loads and evictions there were.
     *
     * @return {loads, evictions}
     */
    public synchronized long[] counts() {
        return new long[] {loads, evictions};
    }

    /**
     * The loaded adapters, least recently used first.
     *
     * @return their names
     */
    public synchronized List<String> loaded() {
        return List.copyOf(loaded.keySet());
    }
}
