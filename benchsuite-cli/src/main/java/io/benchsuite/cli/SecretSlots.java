package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.Secret;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.cli.FlagTypes.Header;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The run's secret slots, where a value is a {@link Secret}: the API key ({@code --api-key-env}), the
 * values of credential headers ({@code --header} with an auth/key/token/cookie/session/signature name, or
 * named by {@code --secret-header}, or given as a reference), every {@code --otlp-header} value, and the
 * user information of {@code --url}, {@code --server-metrics-url}, {@code --otlp-endpoint} and
 * {@code --dcgm-url}.
 *
 * <p>A slot takes a value, or a reference: {@code secret:env:NAME} (read from the environment when the
 * transport starts) or {@code secret:file:PATH} (read then, without its trailing line break); in a URL
 * the reference stands where the user information would ({@code http://secret:env:VLLM_CREDS@vllm:8000}).
 * Whatever is written (a report's resolved scenario, a Kubernetes ConfigMap) holds the reference, and a
 * value given literally is written as {@code secret:command-line}: a run read back from such a file must
 * be given that value again, and says so ({@link #requireAvailable}) instead of sending a placeholder.
 */
final class SecretSlots {
    /** The flags whose value is a URL that may carry user information. */
    static final List<String> URL_FLAGS = List.of("url", "server-metrics-url", "otlp-endpoint", "dcgm-url");
    /** The written form of a value given literally. */
    static final String GIVEN = Secret.PREFIX + Secret.COMMAND_LINE;

    private SecretSlots() {
    }

    /**
     * Refuses, before anything starts, a run whose secrets cannot be read: a {@code secret:command-line}
     * read back from a file and not given again, a variable that is not set, a file that cannot be read.
     * The message names every missing secret and how to give it.
     *
     * @throws CliException (usage, exit 2) naming each missing secret
     */
    static void requireAvailable(RunCommand cmd, Function<String, String> env) {
        List<String> missing = new ArrayList<>();
        Set<String> secretNames = names(cmd.backendFlags.secretHeaders);
        for (Header h : cmd.backendFlags.headers) {
            if (isSecretHeader(h.name(), h.value(), secretNames)) {
                check(missing, "--header " + h.name(), h.value(), env, "--header " + h.name() + "=<value>");
            }
        }
        for (Header h : cmd.observabilityFlags.otlpHeaders) {
            check(missing, "--otlp-header " + h.name(), h.value(), env, "--otlp-header " + h.name() + "=<value>");
        }
        for (String o : cmd.backendFlags.backendOptions) {
            int eq = o.indexOf('=');
            if (eq <= 0) continue; // the option's own check reports it
            String k = o.substring(0, eq).trim();
            String v = o.substring(eq + 1);
            if (Secret.isReference(v)) {
                check(missing, "--backend-option " + k, v, env, "--backend-option " + k + "=<value>");
            }
            userInfo(v).ifPresent(i -> check(missing, "the user information of --backend-option " + k, i, env,
                    "--backend-option " + k + "=<scheme>://<user>:<password>@<host>"));
        }
        Map<String, String> urls = new LinkedHashMap<>();
        if (cmd.backendFlags.url != null) urls.put("url", cmd.backendFlags.url.toString());
        if (cmd.observabilityFlags.serverMetricsUrl != null) urls.put("server-metrics-url", cmd.observabilityFlags.serverMetricsUrl);
        if (cmd.observabilityFlags.otlpEndpoint != null) urls.put("otlp-endpoint", cmd.observabilityFlags.otlpEndpoint.toString());
        if (cmd.observabilityFlags.dcgmUrl != null) urls.put("dcgm-url", cmd.observabilityFlags.dcgmUrl.toString());
        urls.forEach((flag, u) -> userInfo(u).ifPresent(i -> check(missing, "the user information of --" + flag, i, env,
                "--" + flag + " <scheme>://<user>:<password>@" + hostAndRest(u))));
        if (!missing.isEmpty()) {
            throw CliException.usage("missing secret" + (missing.size() == 1 ? "" : "s") + ": " + String.join("; ", missing)
                    + ". A secret given on the command line is never written to a file, so a run read back from one "
                    + "needs it again; a reference (secret:env:NAME or secret:file:PATH) is read again by itself");
        }
    }

    private static void check(List<String> missing, String slot, String value, Function<String, String> env, String giveAs) {
        Secret s;
        try {
            s = Secret.parse(value);
        } catch (IllegalArgumentException e) {
            missing.add(slot + ": " + e.getMessage());
            return;
        }
        s.missing(env).ifPresent(why -> missing.add(slot + " (" + s + "): " + why
                + (s.kind() == Secret.Kind.COMMAND_LINE ? "; give it again: " + giveAs : "")));
    }

    /**
     * A mask for the run's secrets as far as this process can see them: the values given, and those the
     * references name that can be read now (only to mask them in messages; the transport reads them again).
     */
    static SecretMask mask(BackendConfig config, Function<String, String> env) {
        List<String> values = new ArrayList<>();
        for (Secret s : config.secrets().values()) {
            if (s.kind() != Secret.Kind.COMMAND_LINE && s.missing(env).isEmpty()) {
                try {
                    values.add(s.resolve(env));
                } catch (IllegalStateException gone) {
                    // it went away since: the transport reports it
                }
            }
        }
        return config.secretMask().and(SecretMask.of(values));
    }

    /** The value of an {@code --otlp-header}: references resolved, for the OTLP exporters. */
    static String otlpHeaderValue(Header h, Function<String, String> env) {
        try {
            return Secret.parse(h.value()).resolve(env);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw CliException.usage("--otlp-header " + h.name() + ": " + e.getMessage());
        }
    }

    /** Whether a header's value is a secret: its name says so, {@code --secret-header} names it, or it is a reference. */
    static boolean isSecretHeader(String name, String value, Set<String> secretNames) {
        return BackendConfig.isSensitive(name) || secretNames.contains(name.toLowerCase(Locale.ROOT))
                || Secret.isReference(value);
    }

    /**
     * The value of a scenario key as it may be written: secrets as references ({@code secret:env:NAME},
     * {@code secret:command-line} for a value given literally), URLs without their user information (a
     * reference in its place), other values as they are. Header keys are written as a mapping of name to
     * value.
     *
     * @param key the scenario key (a run flag without {@code --})
     * @param value its value: text, a list of texts or a mapping
     * @param secretNames the header names {@code --secret-header} marks secret, lower case
     * @param secretOption whether a backend option is declared secret by the backend
     */
    static Object written(String key, Object value, Set<String> secretNames, Predicate<String> secretOption) {
        if (value == null) return null;
        switch (key) {
            case "header", "otlp-header" -> {
                Map<String, Object> out = new LinkedHashMap<>();
                pairs(value).forEach((name, v) -> out.put(name, key.equals("otlp-header")
                        || isSecretHeader(name, v, secretNames) ? reference(v) : v));
                return out;
            }
            case "backend-option" -> {
                Map<String, Object> out = new LinkedHashMap<>();
                pairs(value).forEach((k, v) -> {
                    boolean header = k.regionMatches(true, 0, BackendConfig.HEADER_PREFIX, 0, BackendConfig.HEADER_PREFIX.length());
                    boolean secret = Secret.isReference(v) || secretOption.test(k)
                            || header && BackendConfig.isSensitive(k.substring(BackendConfig.HEADER_PREFIX.length()))
                            || header && secretNames.contains(k.substring(BackendConfig.HEADER_PREFIX.length()).trim().toLowerCase(Locale.ROOT));
                    out.put(k, secret ? reference(v) : url(v));
                });
                return out;
            }
            default -> {
                if (URL_FLAGS.contains(key) && value instanceof String s) return url(s);
                return value;
            }
        }
    }

    /**
     * The written value of {@code key} after the command line's value is laid over the file's: header
     * mappings merge name by name (the command line's value wins), any other key is replaced.
     */
    static Object mergeWritten(Object file, Object cli) {
        if (file instanceof Map<?, ?> f && cli instanceof Map<?, ?> c) {
            Map<Object, Object> out = new LinkedHashMap<>(f);
            c.forEach((k, v) -> {
                out.keySet().removeIf(x -> String.valueOf(x).equalsIgnoreCase(String.valueOf(k)));
                out.put(k, v);
            });
            return out;
        }
        return cli;
    }

    /**
     * The file's {@code --header}/{@code --otlp-header} arguments that the command line's own do not
     * replace (same name): the command line overrides a header by name, not all of the file's headers.
     *
     * @param key the scenario key
     * @param fileArgs the file's arguments for it ({@code --header Name=Value} pairs)
     * @param cliValue what the command line gave for it (a list of {@code Name=Value})
     * @return the file's arguments to keep, before the command line's
     */
    static List<String> notOverridden(String key, List<String> fileArgs, Object cliValue) {
        if (!key.equals("header") && !key.equals("otlp-header")) return List.of();
        Set<String> given = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        given.addAll(pairs(cliValue).keySet());
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 1 < fileArgs.size(); i += 2) {
            String pair = fileArgs.get(i + 1);
            int eq = pair.indexOf('=');
            if (eq > 0 && !given.contains(pair.substring(0, eq).trim())) {
                out.add(fileArgs.get(i));
                out.add(pair);
            }
        }
        return out;
    }

    /** The header names a scenario's {@code secret-header} values name, lower case. */
    static Set<String> names(Collection<?> secretHeaderValues) {
        Set<String> out = new TreeSet<>();
        for (Object v : secretHeaderValues) {
            if (v instanceof Collection<?> c) {
                out.addAll(names(c));
            } else if (v != null) {
                out.add(String.valueOf(v).trim().toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    /** A reference stays one; a value given literally is written as {@code secret:command-line}. */
    private static String reference(String value) {
        return Secret.isReference(value) ? value.strip() : GIVEN;
    }

    /** A URL with its user information as a reference ({@code http://secret:command-line@host}), or as it is. */
    static String url(String u) {
        Optional<String> info = userInfo(u);
        if (info.isEmpty()) return u;
        String stripped = SecretMask.stripUserInfo(u);
        int at = stripped.indexOf("://") + 3;
        return stripped.substring(0, at) + reference(info.get()) + "@" + stripped.substring(at);
    }

    /** The user information of a URL as text (decoded), if it has any. */
    private static Optional<String> userInfo(String u) {
        return u == null ? Optional.empty() : SecretMask.userInfo(u.trim());
    }

    private static String hostAndRest(String u) {
        String s = SecretMask.stripUserInfo(u);
        int at = s.indexOf("://");
        return at < 0 ? s : s.substring(at + 3);
    }

    /** {@code Name=Value} pairs of a header-like value: a mapping, a list of {@code Name=Value} or one. */
    private static Map<String, String> pairs(Object value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> out.put(String.valueOf(k), v == null ? "" : String.valueOf(v)));
        } else if (value instanceof Collection<?> c) {
            for (Object o : c) out.putAll(pairs(o));
        } else if (value != null) {
            String s = String.valueOf(value);
            int eq = s.indexOf('=');
            if (eq > 0) out.put(s.substring(0, eq).trim(), s.substring(eq + 1));
        }
        return out;
    }
}
