package io.benchsuite.backends.http;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Map;
import java.util.Optional;

/**
 * Where HTTP backends look up environment variables (the API key). Injectable so that tests and
 * embedding applications can supply secrets without touching the process environment.
 */
@FunctionalInterface
public interface EnvironmentVariables {

    /** The value of {@code name}, empty when unset. */
    Optional<String> get(String name);

    /** The process environment ({@link System#getenv(String)}). */
    static EnvironmentVariables system() {
        return name -> Optional.ofNullable(System.getenv(notNull(name, "name")));
    }

    /** A fixed set of variables, for tests and embedding. */
    static EnvironmentVariables of(Map<String, String> variables) {
        Map<String, String> copy = Map.copyOf(notNull(variables, "variables"));
        return name -> Optional.ofNullable(copy.get(notNull(name, "name")));
    }
}
