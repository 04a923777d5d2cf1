package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Optional;

/**
 * A backend configuration is wrong: an unknown key, a value of the wrong type, a missing required
 * key, or a value the backend cannot use. The message names the key and what was expected, and
 * never contains a secret value. Callers can tell a user's mistake (this type) from a failure of
 * the backend or of the program (anything else): the command line exits 2 for this one.
 *
 * <p>It extends {@link IllegalArgumentException} because providers reported bad configuration with
 * that type before this one existed; {@link BackendRegistry#create} turns an
 * {@code IllegalArgumentException} thrown by a provider's {@code create} into this type.
 */
public class ConfigurationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The key at fault; null when the problem is not one key's. */
    private final String key;

    /**
     * An exception about the configuration as a whole.
     *
     * @param message what is wrong and how to fix it (no secret values)
     */
    public ConfigurationException(String message) {
        this(null, message, null);
    }

    /**
     * An exception about one key.
     *
     * @param key the configuration key at fault
     * @param message what is wrong and how to fix it, naming the key (no secret values)
     */
    public ConfigurationException(String key, String message) {
        this(notNull(key, "key"), message, null);
    }

    /**
     * An exception about one key (or none) with its cause.
     *
     * @param key the configuration key at fault, or null when the problem is not one key's
     * @param message what is wrong and how to fix it (no secret values)
     * @param cause the underlying failure, or null
     */
    public ConfigurationException(String key, String message, Throwable cause) {
        super(notNull(message, "message"), cause);
        this.key = key;
    }

    /**
     * The configuration key at fault, when the problem is one key's.
     *
     * @return the key, or empty when the problem is not one key's
     */
    public Optional<String> key() {
        return Optional.ofNullable(key);
    }
}
