package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a request carries beyond its chat messages, and what a response reported beyond its tokens:
 * tools, a response format, images, an endpoint's own input, the model an adapter mix chose; tool calls
 * made, payload bytes sent. One immutable value per type, looked up by that type.
 *
 * <p>Why a typed container rather than one record component per feature: each kind of modern request
 * (tools, images, embeddings, adapters, ...) brings its own value type, and a backend that does not know
 * one ignores it. The request, plan and record types stay stable while kinds are added, in the manner of
 * a context holding values under typed keys.
 *
 * <p>A value that implements {@link Logged} also writes its fields into each request's line of the
 * request log.
 */
public final class RequestExtras {

    private static final RequestExtras NONE = new RequestExtras(Map.of());

    private final Map<Class<?>, Object> values;

    private RequestExtras(Map<Class<?>, Object> values) {
        this.values = values;
    }

    /**
     * The empty container.
     *
     * @return no extras
     */
    public static RequestExtras none() {
        return NONE;
    }

    /**
     * A container holding the given values, each under its own class.
     *
     * @param values the values, none null
     * @return the container
     */
    public static RequestExtras of(Object... values) {
        RequestExtras extras = NONE;
        for (Object v : notNull(values, "values")) extras = extras.with(v);
        return extras;
    }

    /**
     * The value of the given type, if present.
     *
     * @param type the value's class
     * @param <T> the value's type
     * @return the value, or empty
     */
    public <T> Optional<T> get(Class<T> type) {
        return Optional.ofNullable(type.cast(values.get(notNull(type, "type"))));
    }

    /**
     * A copy holding {@code value} under its class, replacing any value of that class.
     *
     * @param value the value
     * @return the new container
     */
    public RequestExtras with(Object value) {
        notNull(value, "value");
        Map<Class<?>, Object> copy = new LinkedHashMap<>(values);
        copy.put(value.getClass(), value);
        return new RequestExtras(Collections.unmodifiableMap(copy));
    }

    /**
     * A copy holding this container's values and then {@code other}'s (the latter win per class).
     *
     * @param other the values to add
     * @return the new container
     */
    public RequestExtras withAll(RequestExtras other) {
        if (notNull(other, "other").values.isEmpty()) return this;
        if (values.isEmpty()) return other;
        Map<Class<?>, Object> copy = new LinkedHashMap<>(values);
        copy.putAll(other.values);
        return new RequestExtras(Collections.unmodifiableMap(copy));
    }

    /**
     * Every value, in the order first added.
     *
     * @return the values
     */
    public Collection<Object> values() {
        return values.values();
    }

    /**
     * Whether no value is held.
     *
     * @return true when empty
     */
    public boolean isEmpty() {
        return values.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RequestExtras other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "RequestExtras" + values.values();
    }

    /**
     * An extra whose fields belong in the request log (requests.jsonl), one line per request.
     */
    public interface Logged {

        /**
         * The fields to write: names in camelCase, values strings, numbers, booleans, or lists and maps
         * of those.
         *
         * @return the fields, in order
         */
        Map<String, Object> logFields();
    }
}
