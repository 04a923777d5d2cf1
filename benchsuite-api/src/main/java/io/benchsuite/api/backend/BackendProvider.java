package io.benchsuite.api.backend;

import java.util.Set;

/**
 * Creates backends of one kind. Implementations are listed in
 * {@code META-INF/services/io.benchsuite.api.backend.BackendProvider} and found by
 * {@link BackendRegistry} through {@link java.util.ServiceLoader}; they need a public no-argument
 * constructor.
 */
public interface BackendProvider {

    /**
     * The unique name users select it by, e.g. {@code sim}, {@code openai}, {@code vllm}. Lower case.
     *
     * @return the unique lower-case name users select it by
     */
    String name();

    /**
     * One line saying what it is, shown in {@code --help} and in unknown-name errors.
     *
     * @return one line saying what it is, shown in {@code --help} and in unknown-name errors
     */
    default String description() {
        return name();
    }

    /**
     * What backends of this provider can do.
     *
     * @return what backends of this provider can do
     */
    Set<Capability> capabilities();

    /**
     * Creates a backend.
     *
     * @throws IllegalArgumentException when the configuration is wrong, naming the key
     * @throws BackendException when the backend cannot be set up
     * @param config the backend configuration
     * @return a backend
     */
    Backend create(BackendConfig config);
}
