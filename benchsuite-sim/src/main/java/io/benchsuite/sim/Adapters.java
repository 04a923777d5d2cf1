package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.ConfigurationException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The LoRA adapters a simulated server serves beside its base model, as vLLM's {@code --lora-modules}: each a model
 * name a request may ask for. At most {@code maxLoras} adapters are loaded at once (vLLM's {@code --max-loras}); a
 * request for one that is not loaded waits {@code loadMillis} while it is loaded, the least recently used one
 * evicted to make room. Loads run one at a time, as a server's worker loads adapter weights synchronously: every
 * request that arrives during a load (for any model) reaches the engine when the load ends ({@link AdapterLoads}).
 * The in-process {@code sim} backend reads them from its options ({@link #fromConfig}), {@code serve-sim} from
 * its flags.
 *
 * @param names the adapters' model names, distinct
 * @param maxLoras how many adapters may be loaded at once, at least 1
 * @param loadMillis what loading one costs, in milliseconds of the server's clock; 0 for none
 */
public record Adapters(List<String> names, int maxLoras, double loadMillis) {
    /** No adapters: only the base model is served. */
    public static final Adapters NONE = new Adapters(List.of(), 1, 0);
    /** Config key: the adapters' names, comma-separated ({@code name=path} accepted, the path ignored). */
    public static final String MODULES = "lora-modules";
    /** Config key: how many adapters may be loaded at once; default 1. */
    public static final String MAX_LORAS = "max-loras";
    /** Config key: what loading an adapter costs, ms of simulated time; default 40. */
    public static final String LOAD_MS = "lora-load-ms";

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

    /**
     * Reads {@link #MODULES}, {@link #MAX_LORAS} and {@link #LOAD_MS}; {@link #NONE} without {@link #MODULES}.
     *
     * @param config the backend configuration
     * @return the adapters
     * @throws ConfigurationException naming the key of a bad value
     */
    public static Adapters fromConfig(BackendConfig config) {
        String modules = config.string(MODULES).map(String::strip).filter(m -> !m.equalsIgnoreCase("none")).orElse("");
        int max = config.integer(MAX_LORAS, 1);
        double load = config.number(LOAD_MS, 40);
        List<String> names = new ArrayList<>();
        for (String m : modules.isEmpty() ? new String[0] : modules.split(",")) {
            names.add((m.contains("=") ? m.substring(0, m.indexOf('=')) : m).strip());
        }
        try {
            return names.isEmpty() ? new Adapters(List.of(), max, load) : new Adapters(names, max, load);
        } catch (IllegalArgumentException e) {
            String key = e.getMessage().startsWith("maxLoras") ? MAX_LORAS : e.getMessage().startsWith("loadMillis") ? LOAD_MS : MODULES;
            throw new ConfigurationException(key, "backend config key '" + key + "': " + e.getMessage(), e);
        }
    }

    /**
     * The options {@link #fromConfig} reads.
     *
     * @return their declarations
     */
    public static List<BackendOption> options() {
        return List.of(
                BackendOption.string(MODULES, "LoRA adapters served beside the base model, comma-separated names (as "
                        + "vLLM's --lora-modules; name=path accepted): a request whose model is one of them pays a load "
                        + "when it is not loaded; any other model name is the base model").withDefault("none"),
                BackendOption.integer(MAX_LORAS, "adapters loaded at once (vLLM's --max-loras); the least recently used "
                        + "is evicted to load another").withDefault("1"),
                BackendOption.number(LOAD_MS, "what loading an adapter costs, ms of simulated time; loads run one at a "
                        + "time and hold back every request that arrives meanwhile").withDefault("40"));
    }

    /**
     * Whether {@code model} names one of the adapters.
     *
     * @param model a request's model
     * @return whether it is an adapter
     */
    public boolean serves(String model) {
        return names.contains(model);
    }
}
