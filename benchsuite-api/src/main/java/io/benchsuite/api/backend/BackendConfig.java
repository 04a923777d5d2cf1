package io.benchsuite.api.backend;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.util.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Typed configuration of a backend: string keys and values (as given on the command line or in
 * code) with typed getters whose errors name the key and what was expected.
 *
 * <p>Well-known keys are constants here; backends may define their own. Secrets are never stored:
 * a backend reads its API key from the environment variable named by {@link #API_KEY_ENV}.
 * {@link #toString()} hides the values of keys that look sensitive.
 *
 * <p>A configuration {@linkplain #declaredBy declared by} a provider has been checked against the
 * provider's {@link BackendOption}s (no unknown key, every value of its type) and also hides the values of
 * options declared secret. Typed getters throw {@link ConfigurationException}.
 */
public final class BackendConfig {
    /** Model name to request. */
    public static final String MODEL = "model";
    /** Base URL of an HTTP server, e.g. {@code http://localhost:8000}. */
    public static final String URL = "url";
    /** Weight quantization ({@link Quantization#parse}). */
    public static final String QUANTIZATION = "quantization";
    /** Device profile for the simulator, e.g. {@code a100-80gb}. */
    public static final String DEVICE = "device";
    /** Largest number of requests the run keeps in flight; HTTP backends size their pools to it. */
    public static final String MAX_CONCURRENCY = "max-concurrency";
    /** Name of the environment variable holding the API key (the key itself never enters the config). */
    public static final String API_KEY_ENV = "api-key-env";
    /** Seed (hex) for backends with randomness of their own, such as the simulator. */
    public static final String SEED = "seed";
    /** Prefix of keys naming extra HTTP headers ({@code header.X-Org=acme}). */
    public static final String HEADER_PREFIX = "header.";
    /**
     * Comma-separated names of headers (given as {@code header.<Name>} keys) whose values are secret
     * although their names do not say so, e.g. {@code X-Signature,X-Session}.
     */
    public static final String SECRET_HEADERS = "secret-headers";
    /**
     * Suffix of the key under which {@link #sealSecrets()} keeps the user information of a URL value
     * ({@code url} → {@code url.user-info}) as a {@link Secret}; the URL itself loses it.
     */
    public static final String USER_INFO_SUFFIX = ".user-info";

    private final Map<String, String> values;
    /** The provider whose declarations this configuration was checked against; null when undeclared. */
    private final String backend;
    /** The declarations it was checked against; empty when undeclared. */
    private final List<BackendOption> options;
    /** Secrets by key ({@link #withSecret}); the values map holds their written references. */
    private final Map<String, Secret> secrets;

    private BackendConfig(Map<String, String> values) {
        this(values, null, List.of(), Map.of());
    }

    private BackendConfig(Map<String, String> values, String backend, List<BackendOption> options, Map<String, Secret> secrets) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
        this.backend = backend;
        this.options = options;
        this.secrets = Collections.unmodifiableMap(new TreeMap<>(secrets));
    }

    /** A configuration of these values with this one's declarations and secrets, checked against them. */
    private BackendConfig withValues(Map<String, String> copy) {
        return withValues(copy, secrets);
    }

    private BackendConfig withValues(Map<String, String> copy, Map<String, Secret> secretCopy) {
        BackendConfig c = new BackendConfig(copy, backend, options, secretCopy);
        if (backend != null) OptionCheck.check(backend, options, c);
        return c;
    }

    /**
     * An empty configuration.
     *
     * @return an empty configuration
     */
    public static BackendConfig empty() {
        return new BackendConfig(Map.of());
    }

    /**
     * A configuration holding {@code values}.
     *
     * @param values keys and values
     * @return a configuration holding {@code values}
     */
    public static BackendConfig of(Map<String, String> values) {
        notNull(values, "values");
        values.forEach((k, v) -> {
            notNull(k, "config key");
            notNull(v, "value of config key '" + k + "'");
        });
        return new BackendConfig(values);
    }

    /**
     * A copy with one more key (replacing an existing one).
     *
     * @param key the configuration key
     * @param value its value
     * @return a copy with one more key (replacing an existing one)
     */
    public BackendConfig with(String key, String value) {
        notNull(key, "key");
        notNull(value, "value of config key '" + key + "'");
        Map<String, String> copy = new TreeMap<>(values);
        copy.put(key, value);
        return withValues(copy);
    }

    /**
     * A copy where keys of {@code defaults} that this config lacks are added.
     *
     * @param defaults values for keys this config lacks
     * @return a copy where keys of {@code defaults} that this config lacks are added
     */
    public BackendConfig withDefaults(Map<String, String> defaults) {
        Map<String, String> copy = new TreeMap<>(notNull(defaults, "defaults"));
        copy.putAll(values);
        return withValues(copy);
    }

    /**
     * This configuration checked against the options {@code provider} declares
     * ({@link BackendProvider#options()}), and carrying them: unknown keys and values of the wrong
     * type are rejected, and values of options declared secret are hidden by {@link #redacted()},
     * {@link #secretMask()} and {@link #toString()}. Copies made with {@link #with} and
     * {@link #withDefaults} are checked too. A provider that declares no options gets the
     * configuration as it is, unchecked.
     *
     * @param provider the provider the configuration is for
     * @return a checked copy that knows the provider's declarations
     * @throws ConfigurationException naming the first unknown key (and the nearest declared key) or
     *     the first value of the wrong type, and what was expected
     */
    public BackendConfig declaredBy(BackendProvider provider) {
        notNull(provider, "provider");
        return declaredBy(notNull(provider.name(), "provider name"), notNull(provider.options(), "options of " + provider.name()));
    }

    /**
     * This configuration checked against {@code options}, and carrying them; see {@link #declaredBy(BackendProvider)}.
     *
     * @param backend the backend's name, for messages
     * @param options the declared options; empty means undeclared (nothing is checked)
     * @return a checked copy that knows the declarations
     * @throws ConfigurationException naming the first unknown key or bad value
     */
    public BackendConfig declaredBy(String backend, List<BackendOption> options) {
        notNull(backend, "backend");
        List<BackendOption> declared = List.copyOf(notNull(options, "options"));
        if (declared.isEmpty()) return new BackendConfig(values, null, List.of(), secrets);
        BackendConfig c = new BackendConfig(values, backend, declared, secrets);
        OptionCheck.check(backend, declared, c);
        return c;
    }

    /**
     * The options this configuration was checked against ({@link #declaredBy}); empty when it was not.
     *
     * @return the declared options, or an empty list
     */
    public List<BackendOption> options() {
        return options;
    }

    /**
     * A copy where {@code key} holds {@code secret}: the values map gets its written reference
     * ({@code secret:env:NAME}, {@code secret:command-line}), {@link #secret} the secret itself. A key
     * ending in {@link #USER_INFO_SUFFIX} is kept with the secrets only.
     *
     * @param key the configuration key, e.g. {@code header.Authorization}
     * @param secret the secret
     * @return a copy holding the secret
     */
    public BackendConfig withSecret(String key, Secret secret) {
        notNull(key, "key");
        notNull(secret, "secret");
        Map<String, String> copy = new TreeMap<>(values);
        if (!key.endsWith(USER_INFO_SUFFIX)) copy.put(key, secret.toString());
        Map<String, Secret> s = new TreeMap<>(secrets);
        s.put(key, secret);
        return withValues(copy, s);
    }

    /**
     * This configuration with every secret the transport sends held as a {@link Secret}: the value of each
     * secret header ({@code header.<Name>} keys that {@link #isSecret}) becomes the secret it names
     * ({@link Secret#parse}: a reference such as
     * {@code secret:env:API_TOKEN}, or a value given literally), and the user information of the
     * {@link #URL} ({@code http://alice:pw@host}) moves to the key {@code url.user-info} (user information
     * that is itself a reference, {@code http://secret:env:CREDS@host}, is read as one). Afterwards no
     * header secret or URL password is in {@link #asMap()} and {@link #redacted()} shows each as its
     * reference. Other secret options (declared {@link BackendOption#secret()}) and other keys keep their
     * values, which the backend reads as it always did, redacted as before ({@code ***}, URLs without
     * their user information).
     *
     * @return the sealed copy (this one when there is nothing to seal)
     * @throws IllegalArgumentException when a reference is malformed ({@code secret:env:} without a name)
     */
    public BackendConfig sealSecrets() {
        BackendConfig c = this;
        for (Map.Entry<String, String> e : values.entrySet()) {
            String k = e.getKey();
            String v = e.getValue();
            if (secrets.containsKey(k)) continue;
            if (k.regionMatches(true, 0, HEADER_PREFIX, 0, HEADER_PREFIX.length()) && isSecret(k)) {
                c = c.withSecret(k, Secret.parse(v));
            } else if (k.equals(URL)) { // the URL the transport connects to; it reads the user information back
                Optional<String> info = SecretMask.userInfo(v);
                if (info.isPresent()) {
                    c = c.with(k, SecretMask.stripUserInfo(v)).withSecret(k + USER_INFO_SUFFIX, Secret.parse(info.get()));
                }
            }
        }
        return c;
    }

    /**
     * The secret held under {@code key} ({@link #withSecret}, {@link #sealSecrets}).
     *
     * @param key the configuration key, e.g. {@code header.Authorization} or {@code url.user-info}
     * @return the secret, or empty when the key holds none
     */
    public Optional<Secret> secret(String key) {
        return Optional.ofNullable(secrets.get(key));
    }

    /**
     * Every secret held, by key (unmodifiable); printing it shows references only.
     *
     * @return the secrets by key
     */
    public Map<String, Secret> secrets() {
        return secrets;
    }

    /**
     * All keys and values (unmodifiable). Sensitive values are present unless sealed ({@link #sealSecrets}):
     * do not log this map.
     *
     * @return all keys and values (unmodifiable)
     */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * The value of {@code key}, if set.
     *
     * @param key the configuration key
     * @return the value, or empty when the key is absent
     */
    public Optional<String> string(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /**
     * The value of {@code key}, or a default.
     *
     * @param key the configuration key
     * @param defaultValue returned when the key is absent
     * @return the value or {@code defaultValue}
     */
    public String string(String key, String defaultValue) {
        return values.getOrDefault(key, defaultValue);
    }

    /**
     * The value of a required key.
     *
     * @param key the configuration key
     * @return the value
     * @throws IllegalArgumentException naming the key when it is missing
     */
    public String requireString(String key) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            throw new ConfigurationException(key, "backend config key '" + key + "' is required");
        }
        return v;
    }

    /**
     * The value of {@code key} as an integer.
     *
     * @param key the configuration key
     * @param defaultValue returned when the key is absent
     * @return the value as an integer, or {@code defaultValue} when absent
     * @throws IllegalArgumentException naming the key when the value is not an integer
     */
    public int integer(String key, int defaultValue) {
        String v = values.get(key);
        if (v == null) return defaultValue;
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new ConfigurationException(key, "backend config key '" + key + "': expected an integer" + got(key, v));
        }
    }

    /**
     * The value of {@code key} as a number.
     *
     * @param key the configuration key
     * @param defaultValue returned when the key is absent
     * @return the value as a number, or {@code defaultValue} when absent
     * @throws IllegalArgumentException naming the key when the value is not a number
     */
    public double number(String key, double defaultValue) {
        String v = values.get(key);
        if (v == null) return defaultValue;
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new ConfigurationException(key, "backend config key '" + key + "': expected a number" + got(key, v));
        }
    }

    /**
     * The value of {@code key} as true or false ({@code yes}/{@code no} and {@code 1}/{@code 0} too).
     *
     * @param key the configuration key
     * @param defaultValue returned when the key is absent
     * @return the value as a boolean, or {@code defaultValue} when absent
     * @throws IllegalArgumentException naming the key when the value is not true/false
     */
    public boolean bool(String key, boolean defaultValue) {
        String v = values.get(key);
        if (v == null) return defaultValue;
        String s = v.trim().toLowerCase(Locale.ROOT);
        if (s.equals("true") || s.equals("yes") || s.equals("1")) return true;
        if (s.equals("false") || s.equals("no") || s.equals("0")) return false;
        throw new ConfigurationException(key, "backend config key '" + key + "': expected true or false" + got(key, v));
    }

    /**
     * The value of {@code key} as a duration such as {@code 30s}.
     *
     * @param key the configuration key
     * @param defaultValue returned when the key is absent
     * @return the value as a duration, or {@code defaultValue} when absent
     * @throws IllegalArgumentException naming the key when the value is not a duration such as 30s
     */
    public Duration duration(String key, Duration defaultValue) {
        String v = values.get(key);
        if (v == null) return defaultValue;
        try {
            return Durations.parse(v);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(key, "backend config key '" + key + "': "
                    + (isSecret(key) ? "expected a duration such as 30s (the value is secret and not shown)" : e.getMessage()), null);
        }
    }

    /**
     * The quantization, {@link Quantization#NONE} when absent.
     *
     * @return the quantization, {@link Quantization#NONE} when absent
     */
    public Quantization quantization() {
        String v = values.get(QUANTIZATION);
        if (v == null) return Quantization.NONE;
        try {
            return Quantization.parse(v);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(QUANTIZATION, "backend config key '" + QUANTIZATION + "': " + e.getMessage(), null);
        }
    }

    /** Words about counts of tokens (plural, tokenizers, a position such as the first token), not credentials. */
    private static final Pattern COUNTED_TOKENS = Pattern.compile(
            "tokens|tokenizer|(first|last|max|min|answer|reasoning|output|input|prompt|completion)[-_.]?token");

    /**
     * Whether a key's name says its value must never be shown (keys naming keys, tokens, secrets,
     * passwords, authorization, cookies). Token counts are not credentials: {@code max-tokens},
     * {@code first-token}, {@code reasoning-tokens}, {@code tokenizer} are shown.
     *
     * @param key the configuration key
     * @return whether the key's name marks its value as secret
     */
    public static boolean isSensitive(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        if (k.equals(API_KEY_ENV) || k.equals(SECRET_HEADERS)) return false; // names, not values
        return k.contains("key") || COUNTED_TOKENS.matcher(k).replaceAll("").contains("token") || k.contains("secret")
                || k.contains("password")
                || k.contains("authorization") || k.contains("auth") || k.contains("cookie") || k.contains("session")
                || k.contains("signature") || k.contains("credential");
    }

    /**
     * Whether {@code name} is a valid HTTP header name (an RFC 9110 token: visible ASCII without
     * separators), as {@code header.<Name>} keys need.
     *
     * @param name the header name
     * @return whether it is a valid header name
     */
    public static boolean isHeaderName(String name) {
        notNull(name, "name");
        return !name.isEmpty() && name.chars().allMatch(c -> c > 32 && c < 127 && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0);
    }

    /**
     * Whether the value of {@code key} in this configuration is secret: its name says so
     * ({@link #isSensitive}), it is a header listed in {@link #SECRET_HEADERS}, or the provider
     * declared it secret ({@link BackendOption#secret()}, see {@link #declaredBy}).
     *
     * @param key the configuration key
     * @return whether the value must never be shown
     */
    public boolean isSecret(String key) {
        notNull(key, "key");
        if (isSensitive(key) || secrets.containsKey(key)) return true;
        for (BackendOption o : options) {
            if (o.secret() && o.matches(key)) return true;
        }
        if (!key.regionMatches(true, 0, HEADER_PREFIX, 0, HEADER_PREFIX.length())) return false;
        String header = key.substring(HEADER_PREFIX.length()).trim();
        for (String name : values.getOrDefault(SECRET_HEADERS, "").split(",", -1)) {
            if (name.trim().equalsIgnoreCase(header)) return true;
        }
        return false;
    }

    /**
     * The configuration safe to log and report: secrets held as {@link Secret}s shown as their references
     * ({@code secret:env:API_TOKEN}, {@code secret:command-line}, the user information of a URL under
     * {@code <key>.user-info}), other secret values ({@link #isSecret}) replaced by {@code ***}, and user
     * information ({@code alice:pw@}) removed from every URL.
     *
     * @return the configuration safe to log and report
     */
    public Map<String, String> redacted() {
        Map<String, String> copy = new TreeMap<>();
        values.forEach((k, v) -> copy.put(k, secrets.containsKey(k) ? secrets.get(k).toString()
                : isSecret(k) ? SecretMask.MASK : SecretMask.stripUserInfo(v)));
        secrets.forEach((k, s) -> copy.putIfAbsent(k, s.toString()));
        return Collections.unmodifiableMap(copy);
    }

    /**
     * A mask for every secret this configuration holds: the values of secret keys and the user
     * information of URLs. (The API key itself is not in the configuration; backends that read it
     * add it to their own mask.)
     *
     * @return a mask for this configuration's secrets
     */
    public SecretMask secretMask() {
        List<String> secrets = new ArrayList<>();
        this.secrets.values().forEach(s -> s.suppliedValue().ifPresent(secrets::add));
        values.forEach((k, v) -> {
            if (this.secrets.containsKey(k)) {
                return; // the written reference: no secret (an env or file value is masked where it is read)
            } else if (isSecret(k)) {
                secrets.add(v);
            } else {
                SecretMask.userInfo(v).ifPresent(secrets::add);
                int scheme = v.indexOf("://");
                int at = v.indexOf('@');
                if (scheme >= 0 && at > scheme) secrets.add(v.substring(scheme + 3, at)); // as typed (URL-encoded)
            }
        });
        return SecretMask.of(secrets);
    }

    private String got(String key, String value) {
        return isSecret(key) ? " (the value is secret and not shown)" : ", got '" + value + "'";
    }

    @Override
    public String toString() {
        return "BackendConfig" + redacted();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BackendConfig other && other.values.equals(values) && other.secrets.equals(secrets);
    }

    @Override
    public int hashCode() {
        return values.hashCode() * 31 + secrets.hashCode();
    }
}
