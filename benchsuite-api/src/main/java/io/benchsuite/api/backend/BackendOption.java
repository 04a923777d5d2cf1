package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.util.Durations;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One configuration option a {@link BackendProvider} declares: its key, the type of its value, its
 * default, what it does, and whether its value is secret. {@link BackendConfig#declaredBy} checks a
 * configuration against the declarations (unknown keys are rejected naming the nearest known key,
 * values are checked against their type), {@code benchsuite backends --describe <name>} lists them,
 * and values of options declared secret are masked wherever the configuration is shown.
 *
 * <p>A key ending in {@code .} declares a family of keys: {@code header.} covers
 * {@code header.X-Org}, {@code header.Authorization} and so on (the prefix matches case-insensitively).
 *
 * <p>The well-known options ({@link #MODEL}, {@link #URL}, ...) are declared here once; a provider
 * lists those it uses, adjusting the default or description with {@link #withDefault} and
 * {@link #withDescription}. The {@link #RUN_OPTIONS} describe the run as a whole and are accepted by
 * every provider whether it declares them or not.
 *
 * @param key the configuration key, e.g. {@code read-timeout}; ending in {@code .} for a family of keys
 * @param type the type of the value
 * @param defaultValue the default as shown to users (a value, or words such as {@code per preset});
 *     empty when there is none
 * @param description one line saying what the option does
 * @param secret whether the value is secret: never shown in reports, logs or messages
 * @param choices the accepted values of an {@link Type#ENUM} option (compared case-insensitively);
 *     empty for every other type
 */
public record BackendOption(String key, Type type, String defaultValue, String description, boolean secret,
                            List<String> choices) {

    /** Model to request (or, for the simulator, the model profile to simulate). */
    public static final BackendOption MODEL = string(BackendConfig.MODEL, "model to request");
    /** Base URL of an HTTP server. */
    public static final BackendOption URL = url(BackendConfig.URL, "base URL of the server, e.g. http://localhost:8000");
    /** Weight quantization. */
    public static final BackendOption QUANTIZATION = oneOf(BackendConfig.QUANTIZATION,
            "weight quantization (a label in the report unless the backend acts on it)",
            Arrays.stream(Quantization.values()).map(Quantization::label).toArray(String[]::new)).withDefault("none");
    /** The accelerator the model runs on. */
    public static final BackendOption DEVICE = string(BackendConfig.DEVICE,
            "accelerator the model runs on (a label in the report unless the backend acts on it)");
    /** Largest number of requests in flight; the run sets it from the workload. */
    public static final BackendOption MAX_CONCURRENCY = integer(BackendConfig.MAX_CONCURRENCY,
            "largest number of requests in flight (the run sets it from the workload)");
    /** Seed of the backend's own randomness; the run derives it from the scenario seed. */
    public static final BackendOption SEED = hex(BackendConfig.SEED,
            "seed of the backend's own randomness, hex (the run derives it from the scenario seed)");
    /** Name of the environment variable holding the API key. */
    public static final BackendOption API_KEY_ENV = string(BackendConfig.API_KEY_ENV,
            "name of the environment variable holding the API key (the key itself is never in the configuration)");
    /** Extra HTTP headers: the family {@code header.<Name>}. */
    public static final BackendOption HEADERS = family(BackendConfig.HEADER_PREFIX, Type.STRING,
            "extra HTTP header sent with every request; values of auth/key/token/cookie/session/signature "
                    + "headers and of headers named in secret-headers are secret");
    /** Headers whose values are secret although their names do not say so. */
    public static final BackendOption SECRET_HEADERS = string(BackendConfig.SECRET_HEADERS,
            "comma-separated names of header.<Name> options whose values are secret");

    /**
     * Options that describe the run rather than one backend: the model, device and quantization under
     * test, and the concurrency and seed the run sets. Every provider accepts them, declared or not
     * (a provider that acts on one declares it, with its own default and description).
     */
    public static final List<BackendOption> RUN_OPTIONS = List.of(MODEL, DEVICE, QUANTIZATION, MAX_CONCURRENCY, SEED);

    /**
     * Checks the declaration and copies {@code choices}.
     *
     * @param key the configuration key; ending in {@code .} for a family of keys
     * @param type the type of the value
     * @param defaultValue the default as shown to users, empty when none
     * @param description one line saying what the option does
     * @param secret whether the value is secret
     * @param choices the accepted values of an {@link Type#ENUM} option, else empty
     */
    public BackendOption {
        notNull(key, "key");
        if (key.isBlank() || key.chars().anyMatch(Character::isWhitespace) || key.equals(".")) {
            throw new IllegalArgumentException("option key must be a word without spaces, got '" + key + "'");
        }
        notNull(type, "type");
        notNull(defaultValue, "defaultValue");
        notNull(description, "description");
        choices = List.copyOf(notNull(choices, "choices"));
        if ((type == Type.ENUM) == choices.isEmpty()) {
            throw new IllegalArgumentException("option '" + key + "': an enum option needs choices and only an enum option has them");
        }
    }

    /**
     * A text option.
     *
     * @param key the configuration key
     * @param description one line saying what the option does
     * @return the declaration, without default
     */
    public static BackendOption string(String key, String description) {
        return new BackendOption(key, Type.STRING, "", description, false, List.of());
    }

    /**
     * An integer option.
     *
     * @param key the configuration key
     * @param description one line saying what the option does
     * @return the declaration, without default
     */
    public static BackendOption integer(String key, String description) {
        return new BackendOption(key, Type.INTEGER, "", description, false, List.of());
    }

    /**
     * A number option (decimal, finite).
     *
     * @param key the configuration key
     * @param description one line saying what the option does
     * @return the declaration, without default
     */
    public static BackendOption number(String key, String description) {
        return new BackendOption(key, Type.NUMBER, "", description, false, List.of());
    }

    /**
     * A true/false option.
     *
     * @param key the configuration key
     * @param description one line saying what the option does
     * @return the declaration, without default
     */
    public static BackendOption bool(String key, String description) {
        return new BackendOption(key, Type.BOOLEAN, "", description, false, List.of());
    }

    /**
     * A duration option ({@link Durations#parse} forms: {@code 30s}, {@code 500ms}, {@code 5m}).
     *
     * @param key the configuration key
     * @param description one line saying what the option does
     * @return the declaration, without default
     */
    public static BackendOption duration(String key, String description) {
        return new BackendOption(key, Type.DURATION, "", description, false, List.of());
    }

    /**
     * An http(s) URL option.
     *
     * @param key the configuration key
     * @param description one line saying what the option does
     * @return the declaration, without default
     */
    public static BackendOption url(String key, String description) {
        return new BackendOption(key, Type.URL, "", description, false, List.of());
    }

    /**
     * A hexadecimal option ({@code 0x} prefix optional), such as a seed.
     *
     * @param key the configuration key
     * @param description one line saying what the option does
     * @return the declaration, without default
     */
    public static BackendOption hex(String key, String description) {
        return new BackendOption(key, Type.HEX, "", description, false, List.of());
    }

    /**
     * An option taking one of a fixed set of values.
     *
     * @param key the configuration key
     * @param description one line saying what the option does
     * @param choices the accepted values (compared case-insensitively)
     * @return the declaration, without default
     */
    public static BackendOption oneOf(String key, String description, String... choices) {
        return new BackendOption(key, Type.ENUM, "", description, false, List.of(notNull(choices, "choices")));
    }

    /**
     * A family of options sharing a prefix, such as {@code header.} or {@code param.}.
     *
     * @param prefix the common prefix, ending in {@code .}
     * @param type the type of every member's value (not {@link Type#ENUM})
     * @param description one line saying what a member does
     * @return the declaration
     */
    public static BackendOption family(String prefix, Type type, String description) {
        notNull(prefix, "prefix");
        if (!prefix.endsWith(".")) throw new IllegalArgumentException("a family prefix ends with '.', got '" + prefix + "'");
        return new BackendOption(prefix, type, "", description, false, List.of());
    }

    /**
     * A copy with this default.
     *
     * @param value the default as shown to users: a value, or words such as {@code per preset}
     * @return a copy with this default
     */
    public BackendOption withDefault(String value) {
        return new BackendOption(key, type, notNull(value, "value"), description, secret, choices);
    }

    /**
     * A copy with this description.
     *
     * @param text one line saying what the option does
     * @return a copy with this description
     */
    public BackendOption withDescription(String text) {
        return new BackendOption(key, type, defaultValue, notNull(text, "text"), secret, choices);
    }

    /**
     * A copy whose value is secret: masked in reports, logs and messages, whatever its key says.
     *
     * @return a copy whose value is secret
     */
    public BackendOption asSecret() {
        return new BackendOption(key, type, defaultValue, description, true, choices);
    }

    /**
     * Whether this declares a family of keys (its key ends in {@code .}).
     *
     * @return whether this declares a family of keys
     */
    public boolean isFamily() {
        return key.endsWith(".");
    }

    /**
     * Whether {@code configKey} is this option: equal to the key, or, for a family, starting with the
     * prefix (case-insensitively).
     *
     * @param configKey a key of a configuration
     * @return whether {@code configKey} is this option
     */
    public boolean matches(String configKey) {
        notNull(configKey, "configKey");
        if (!isFamily()) return configKey.equals(key);
        return configKey.length() >= key.length() && configKey.regionMatches(true, 0, key, 0, key.length());
    }

    /**
     * The key as shown to users: the key itself, or {@code header.<name>} for a family.
     *
     * @return the key as shown to users
     */
    public String displayKey() {
        return isFamily() ? key + "<name>" : key;
    }

    /**
     * The type as shown to users: the type's label, or the choices of an enum ({@code chat|completions}).
     *
     * @return the type as shown to users
     */
    public String displayType() {
        return type == Type.ENUM ? String.join("|", choices) : type.label();
    }

    /**
     * What is wrong with {@code value} for this option, if anything. The text never repeats a secret
     * value, nor the user information of a URL.
     *
     * @param value the configured value
     * @return the problem, such as {@code expected an integer, got 'x'}, or empty when the value is valid
     */
    public Optional<String> problem(String value) {
        notNull(value, "value");
        String shown = secret ? null : value.trim();
        if (type == Type.ENUM) {
            String v = value.trim();
            if (choices.stream().anyMatch(c -> c.equalsIgnoreCase(v))) return Optional.empty();
            return Optional.of("expected one of " + String.join(", ", choices) + got(shown));
        }
        return type.problem(value, shown);
    }

    private static String got(String shown) {
        return shown == null ? " (the value is secret and not shown)" : ", got '" + shown + "'";
    }

    /** The type of an option's value. */
    public enum Type {
        /** Any text. */
        STRING("string"),
        /** A whole number that fits an {@code int}. */
        INTEGER("int"),
        /** A finite decimal number. */
        NUMBER("number"),
        /** {@code true}/{@code false} (also {@code yes}/{@code no}, {@code 1}/{@code 0}). */
        BOOLEAN("boolean"),
        /** A duration such as {@code 30s}, {@code 500ms} or {@code 5m}. */
        DURATION("duration"),
        /** An {@code http://} or {@code https://} URL with a host. */
        URL("url"),
        /** One of the option's {@link BackendOption#choices()}. */
        ENUM("enum"),
        /** Hexadecimal digits, {@code 0x} prefix optional. */
        HEX("hex");

        private final String label;

        Type(String label) {
            this.label = label;
        }

        /**
         * The short name shown to users, e.g. {@code int}, {@code duration}.
         *
         * @return the short name shown to users
         */
        public String label() {
            return label;
        }

        /**
         * What is wrong with {@code text} as a value of this type, if anything (for {@link #ENUM}, which
         * needs the choices, use {@link BackendOption#problem}). The text never repeats the user
         * information of a URL, where people put passwords.
         *
         * @param text the value
         * @return the problem, such as {@code expected an http:// or https:// URL, got 'ftp://host'},
         *     or empty when the value is valid
         */
        public Optional<String> problem(String text) {
            notNull(text, "text");
            return problem(text, text.trim());
        }

        private Optional<String> problem(String text, String shown) {
            String s = text.trim();
            switch (this) {
                case STRING, ENUM:
                    return Optional.empty();
                case INTEGER:
                    try {
                        Integer.parseInt(s);
                        return Optional.empty();
                    } catch (NumberFormatException e) {
                        return Optional.of("expected an integer" + got(shown));
                    }
                case NUMBER:
                    try {
                        double d = Double.parseDouble(s);
                        if (Double.isFinite(d)) return Optional.empty();
                    } catch (NumberFormatException e) {
                        // reported below
                    }
                    return Optional.of("expected a finite number" + got(shown));
                case BOOLEAN:
                    return List.of("true", "false", "yes", "no", "1", "0").contains(s.toLowerCase(Locale.ROOT))
                            ? Optional.empty() : Optional.of("expected true or false" + got(shown));
                case DURATION:
                    try {
                        Durations.parse(s);
                        return Optional.empty();
                    } catch (IllegalArgumentException e) {
                        return Optional.of(shown == null ? "expected a duration such as 30s or 500ms" + got(null)
                                : e.getMessage());
                    }
                case HEX:
                    String h = s.toLowerCase(Locale.ROOT).startsWith("0x") ? s.substring(2) : s;
                    return !h.isEmpty() && h.chars().allMatch(HexFormat::isHexDigit)
                            ? Optional.empty() : Optional.of("expected hex digits" + got(shown));
                case URL:
                    return urlProblem(s, shown);
                default:
                    throw new AssertionError(this);
            }
        }

        private static Optional<String> urlProblem(String url, String shown) {
            String safe = shown == null ? null : SecretMask.stripUserInfo(shown);
            String lower = url.toLowerCase(Locale.ROOT);
            if (!(lower.startsWith("http://") || lower.startsWith("https://"))) {
                return Optional.of("expected an http:// or https:// URL" + got(safe));
            }
            try {
                URI uri = new URI(url);
                if (uri.getHost() == null) {
                    return Optional.of("not a valid URL" + (safe == null ? "" : ": '" + safe + "'") + " has no host name");
                }
                if (uri.getPort() == 0 || uri.getPort() > 65535) {
                    return Optional.of("port " + uri.getPort() + " is out of range 1-65535");
                }
                return Optional.empty();
            } catch (URISyntaxException e) {
                // e.getMessage() quotes the whole input, password included: give the reason only
                return Optional.of("not a valid URL" + (safe == null ? "" : ": '" + safe + "'") + ": " + e.getReason()
                        + (e.getIndex() >= 0 ? " at character " + (e.getIndex() + 1) : ""));
            }
        }
    }
}
