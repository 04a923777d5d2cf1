package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The backends available by name: providers found with {@link ServiceLoader}, plus any registered
 * in code. Two providers with the same name fail fast, naming both classes.
 */
public final class BackendRegistry {
    private final Map<String, BackendProvider> providers;

    private BackendRegistry(Map<String, BackendProvider> providers) {
        this.providers = providers;
    }

    /**
     * Providers visible to the thread's context class loader (falling back to this class's loader).
     *
     * @return providers visible to the thread's context class loader (falling back to this class's loader)
     */
    public static BackendRegistry load() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return load(loader != null ? loader : BackendRegistry.class.getClassLoader());
    }

    /**
     * Providers visible to {@code loader}.
     *
     * @param loader the class loader to search
     * @return providers visible to {@code loader}
     */
    public static BackendRegistry load(ClassLoader loader) {
        notNull(loader, "loader");
        List<BackendProvider> found = new ArrayList<>();
        ServiceLoader.load(BackendProvider.class, loader).forEach(found::add);
        return of(found);
    }

    /**
     * A registry of exactly these providers.
     *
     * @param providers the providers to hold
     * @return a registry of exactly these providers
     */
    public static BackendRegistry of(Collection<? extends BackendProvider> providers) {
        notNull(providers, "providers");
        Map<String, BackendProvider> byName = new TreeMap<>();
        for (BackendProvider p : providers) {
            notNull(p, "provider");
            String name = notNull(p.name(), "provider name of " + p.getClass().getName()).toLowerCase(Locale.ROOT);
            BackendProvider previous = byName.putIfAbsent(name, p);
            if (previous != null && previous.getClass() != p.getClass()) {
                throw new IllegalStateException("two backend providers are named '" + name + "': "
                        + previous.getClass().getName() + " and " + p.getClass().getName());
            }
        }
        return new BackendRegistry(byName);
    }

    /**
     * A copy with {@code provider} added; fails when its name is taken.
     *
     * @param provider the provider to add
     * @return a copy with {@code provider} added; fails when its name is taken
     */
    public BackendRegistry with(BackendProvider provider) {
        List<BackendProvider> all = new ArrayList<>(providers.values());
        all.add(notNull(provider, "provider"));
        return of(all);
    }

    /**
     * Known names, sorted.
     *
     * @return known names, sorted
     */
    public List<String> names() {
        return List.copyOf(providers.keySet());
    }

    /**
     * All providers, sorted by name.
     *
     * @return all providers, sorted by name
     */
    public List<BackendProvider> providers() {
        return List.copyOf(providers.values());
    }

    /**
     * The provider with this name (case-insensitive).
     *
     * @throws UnknownBackendException listing the names that exist
     * @param name the provider name (case-insensitive)
     * @return the provider with this name (case-insensitive)
     */
    public BackendProvider provider(String name) {
        notNull(name, "name");
        BackendProvider p = providers.get(name.trim().toLowerCase(Locale.ROOT));
        if (p == null) throw new UnknownBackendException(name, names());
        return p;
    }

    /**
     * Creates a backend of the named provider, after checking {@code config} against the options
     * the provider declares ({@link BackendConfig#declaredBy}).
     *
     * @param name the provider name (case-insensitive)
     * @param config the backend configuration
     * @return a backend of the named provider
     * @throws UnknownBackendException when no provider has this name
     * @throws ConfigurationException when a key is unknown or a value wrong: found by the check, or
     *     thrown by the provider as an {@link IllegalArgumentException}
     */
    public Backend create(String name, BackendConfig config) {
        BackendProvider provider = provider(name);
        BackendConfig declared = notNull(config, "config").declaredBy(provider);
        try {
            return provider.create(declared);
        } catch (ConfigurationException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // the provider contract: IllegalArgumentException means the configuration is wrong
            throw new ConfigurationException(null, declared.secretMask().mask(String.valueOf(e.getMessage())), e);
        }
    }
}
