package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * A secret (an API key, a credential header's value, the user information of a URL) held as a
 * <b>reference</b>: where its value comes from, never the value itself, in every form that may leave
 * the process. Three sources:
 * <ul>
 *   <li>{@code env:NAME}: the environment variable {@code NAME}, read when the secret is resolved;</li>
 *   <li>{@code file:PATH}: the file's text, read when resolved, without its trailing line break;</li>
 *   <li>{@code command-line}: a value given literally (on the command line, in code). It is held in
 *       memory for the transport, and written to any file as {@code secret:command-line}, never as the
 *       value: a run read back from such a file must be given the value again.</li>
 * </ul>
 * A secret's written form, {@link #toString()}, is {@code secret:} and its reference
 * ({@code secret:env:API_TOKEN}, {@code secret:file:/run/token}, {@code secret:command-line}); the same
 * text given where a secret is expected ({@link #parse}) is a reference again, so a configuration written
 * out runs again as it was, asking only for the values that were given on the command line.
 *
 * <p>The value is read by {@link #resolve} alone, which only a transport calls (the HTTP backends when
 * they build their headers, the OTLP exporters). Immutable; equality is by reference (two secrets read
 * from the same variable are equal, whatever the variable holds).
 */
public final class Secret {
    /** Prefix of the written form of every secret. */
    public static final String PREFIX = "secret:";
    /** The reference of a secret given literally. */
    public static final String COMMAND_LINE = "command-line";

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** Where a secret's value comes from. */
    public enum Kind {
        /** An environment variable, read when resolved. */
        ENV,
        /** A file, read when resolved. */
        FILE,
        /** Given literally; written as {@code secret:command-line}. */
        COMMAND_LINE
    }

    private final Kind kind;
    /** The variable name or the file path; empty for {@link Kind#COMMAND_LINE}. */
    private final String source;
    /** The value of a {@link Kind#COMMAND_LINE} secret; null when read back from a file (then it must be given again). */
    private final String value;
    /** Applied to the value when resolved (e.g. a {@code user:password} made into an HTTP Basic header). */
    private final UnaryOperator<String> transform;

    private Secret(Kind kind, String source, String value, UnaryOperator<String> transform) {
        this.kind = kind;
        this.source = source;
        this.value = value;
        this.transform = transform;
    }

    /**
     * A secret read from the environment variable {@code name} when resolved.
     *
     * @param name the variable's name (letters, digits, {@code _}, not starting with a digit)
     * @return the secret
     * @throws IllegalArgumentException when {@code name} is not a variable name (the text is not repeated:
     *     people paste the key itself where its variable's name belongs)
     */
    public static Secret env(String name) {
        notNull(name, "name");
        if (!ENV_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("secret:env: expects the NAME of an environment variable (letters, digits, _)");
        }
        return new Secret(Kind.ENV, name, null, UnaryOperator.identity());
    }

    /**
     * A secret read from {@code path} when resolved (its trailing line break dropped).
     *
     * @param path the file
     * @return the secret
     */
    public static Secret file(String path) {
        notNull(path, "path");
        if (path.isBlank()) throw new IllegalArgumentException("secret:file: expects a path");
        return new Secret(Kind.FILE, path, null, UnaryOperator.identity());
    }

    /**
     * A secret given literally: held in memory, written as {@code secret:command-line}.
     *
     * @param value the value
     * @return the secret
     */
    public static Secret supplied(String value) {
        notNull(value, "value");
        return new Secret(Kind.COMMAND_LINE, "", value, UnaryOperator.identity());
    }

    /**
     * Whether {@code text} is the written form of a secret ({@code secret:env:NAME}, {@code secret:file:PATH},
     * {@code secret:command-line}).
     *
     * @param text any text, or null
     * @return whether {@link #parse} reads it as a reference
     */
    public static boolean isReference(String text) {
        if (text == null) return false;
        String t = text.strip();
        return t.startsWith(PREFIX + "env:") || t.startsWith(PREFIX + "file:") || t.equals(PREFIX + COMMAND_LINE);
    }

    /**
     * The secret {@code text} stands for: a reference when it is one ({@link #isReference}), else a value
     * given literally. {@code secret:command-line} read back gives a secret without a value, which
     * {@link #missing} reports and {@link #resolve} refuses.
     *
     * @param text a reference or a literal value
     * @return the secret
     * @throws IllegalArgumentException for {@code secret:env:} without a valid variable name or
     *     {@code secret:file:} without a path
     */
    public static Secret parse(String text) {
        notNull(text, "text");
        if (!isReference(text)) return supplied(text);
        String t = text.strip();
        if (t.equals(PREFIX + COMMAND_LINE)) return new Secret(Kind.COMMAND_LINE, "", null, UnaryOperator.identity());
        if (t.startsWith(PREFIX + "env:")) return env(t.substring(PREFIX.length() + 4));
        return file(t.substring(PREFIX.length() + 5));
    }

    /**
     * Where the value comes from.
     *
     * @return the kind of source
     */
    public Kind kind() {
        return kind;
    }

    /**
     * The reference: {@code env:NAME}, {@code file:PATH} or {@code command-line}.
     *
     * @return the reference, safe to show and write
     */
    public String reference() {
        return switch (kind) {
            case ENV -> "env:" + source;
            case FILE -> "file:" + source;
            case COMMAND_LINE -> COMMAND_LINE;
        };
    }

    /**
     * The environment variable this secret is read from, if it is read from one.
     *
     * @return the variable's name
     */
    public Optional<String> variable() {
        return kind == Kind.ENV ? Optional.of(source) : Optional.empty();
    }

    /**
     * Why this secret cannot be resolved now, if it cannot: a variable that is not set, a file that cannot
     * be read, a value given on the command line that was not given again.
     *
     * @param env reads an environment variable (null when unset)
     * @return the reason, naming the variable or file but never a value
     */
    public Optional<String> missing(Function<String, String> env) {
        notNull(env, "env");
        return switch (kind) {
            case ENV -> {
                String v = env.apply(source);
                yield v == null || v.isBlank() ? Optional.of("environment variable " + source + " is not set") : Optional.empty();
            }
            case FILE -> Files.isReadable(Path.of(source)) ? Optional.empty()
                    : Optional.of("file " + source + " cannot be read");
            case COMMAND_LINE -> value == null
                    ? Optional.of("it was given on the command line, and its value is never written to a file") : Optional.empty();
        };
    }

    /**
     * The value, read now. Only a transport calls this, right where the value goes on the wire.
     *
     * @param env reads an environment variable (null when unset)
     * @return the value (with the transformation of {@link #map} applied)
     * @throws IllegalStateException when the value is not available ({@link #missing}); the message names the
     *     reference, never a value
     */
    public String resolve(Function<String, String> env) {
        Optional<String> why = missing(env);
        if (why.isPresent()) throw new IllegalStateException("secret " + this + ": " + why.get());
        String v = switch (kind) {
            case ENV -> env.apply(source).strip();
            case FILE -> readFile();
            case COMMAND_LINE -> value;
        };
        return transform.apply(v);
    }

    /**
     * The same reference whose resolved value is {@code f} of this one's, e.g. {@code "Basic " + base64(v)}.
     *
     * @param f applied to the value when resolved
     * @return the derived secret
     */
    public Secret map(UnaryOperator<String> f) {
        notNull(f, "f");
        UnaryOperator<String> before = transform;
        return new Secret(kind, source, value, v -> f.apply(before.apply(v)));
    }

    /** The value given literally, for {@link SecretMask}s of this package; empty for references. */
    Optional<String> suppliedValue() {
        return Optional.ofNullable(value);
    }

    private String readFile() {
        try {
            String text = Files.readString(Path.of(source), StandardCharsets.UTF_8);
            int end = text.length();
            while (end > 0 && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) end--;
            return text.substring(0, end);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("secret " + this + ": file " + source + " cannot be read ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** The written form: {@code secret:} and the reference; never the value. */
    @Override
    public String toString() {
        return PREFIX + reference();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Secret s && s.kind == kind && s.source.equals(source);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, source);
    }
}
