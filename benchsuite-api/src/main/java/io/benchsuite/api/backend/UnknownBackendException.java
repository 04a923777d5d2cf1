package io.benchsuite.api.backend;

import java.util.List;

/** No provider has the requested name; the message lists the names that exist. */
public class UnknownBackendException extends IllegalArgumentException {
    /** The name that was asked for. */
    private final String requested;
    /** The names that exist. */
    private final List<String> known;

    /**
     * An exception whose message lists the known names.
     *
     * @param requested the name asked for
     * @param known the names that exist
     */
    public UnknownBackendException(String requested, List<String> known) {
        super("unknown backend '" + requested + "'; known backends: " + String.join(", ", known));
        this.requested = requested;
        this.known = List.copyOf(known);
    }

    /**
     * The name that was asked for.
     *
     * @return the name that was asked for
     */
    public String requested() {
        return requested;
    }

    /**
     * The names that exist, sorted.
     *
     * @return the names that exist, sorted
     */
    public List<String> known() {
        return known;
    }
}
