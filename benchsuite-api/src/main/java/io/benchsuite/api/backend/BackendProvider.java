package io.benchsuite.api.backend;

import java.util.List;
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
     * The configuration options backends of this provider understand, for checking configurations
     * ({@link BackendConfig#declaredBy}), for {@code benchsuite backends --describe <name>}, and for
     * masking values declared {@linkplain BackendOption#secret() secret}.
     *
     * <p>A non-empty list is the complete set: {@link BackendRegistry#create} rejects a key that is
     * neither declared nor one of the {@link BackendOption#RUN_OPTIONS} (naming the nearest declared
     * key) and a value of the wrong type, before {@link #create} is called. Declare the run options
     * you act on, to give them your default and description.
     *
     * <p>The default, an empty list, means undeclared (providers written before declarations
     * existed): every key is passed through unchecked, and only values whose key names look secret
     * ({@link BackendConfig#isSensitive}) are masked.
     *
     * @return the declared options, or an empty list when undeclared
     */
    default List<BackendOption> options() {
        return List.of();
    }

    /**
     * Creates a backend.
     *
     * @throws IllegalArgumentException when the configuration is wrong, naming the key (preferably its
     *     subclass {@link ConfigurationException}; {@link BackendRegistry#create} turns either into a
     *     {@code ConfigurationException})
     * @throws BackendException when the backend cannot be set up
     * @param config the backend configuration
     * @return a backend
     */
    Backend create(BackendConfig config);
}
