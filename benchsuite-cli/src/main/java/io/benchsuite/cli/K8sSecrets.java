package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.Secret;
import io.benchsuite.api.backend.SecretMask;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The secrets of a run split over Kubernetes pods: every secret slot of the run flags
 * ({@link SecretSlots}) is rewritten as a reference to an environment variable ({@code secret:env:NAME}),
 * and the variables come from a Kubernetes {@code Secret}: one the manifest creates from the values given
 * (and the variables the flags name, read here), or an existing one named by {@code --secret-name}, whose
 * keys the manifest lists. The ConfigMap (the run flags) then holds references only.
 *
 * @param runArgs the run flags with every secret replaced by its {@code secret:env:NAME} reference
 * @param data the values of the Secret the manifest creates, by key (= variable name); empty with an
 *     existing Secret
 * @param keys every variable the pods read from the Secret, in order
 */
record K8sSecrets(List<String> runArgs, Map<String, String> data, List<String> keys) {
    private static final Set<String> URL_FLAGS = Set.of("--url", "--server-metrics-url", "--otlp-endpoint", "--dcgm-url");

    /** Prints the references only. */
    @Override
    public String toString() {
        return "K8sSecrets[keys=" + keys + "]";
    }

    /**
     * Rewrites {@code runArgs}.
     *
     * @param runArgs the run flags as given
     * @param existing the name of an existing Secret ({@code --secret-name}), or null to create one
     * @param env this machine's environment, where the variables named by the flags are read when the
     *     manifest creates the Secret
     * @throws CliException (usage) for a variable that is not set here while the manifest must copy it
     */
    static K8sSecrets of(List<String> runArgs, String existing, Function<String, String> env) {
        Map<String, String> data = new LinkedHashMap<>();
        List<String> keys = new ArrayList<>();
        Set<String> secretNames = SecretSlots.names(secretHeaderNames(runArgs));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < runArgs.size(); i++) {
            String a = runArgs.get(i);
            int eq = a.startsWith("--") ? a.indexOf('=') : -1;
            String flag = eq > 0 ? a.substring(0, eq) : a;
            boolean joined = eq > 0;
            boolean slot = flag.equals("--header") || flag.equals("--otlp-header") || flag.equals("--backend-option")
                    || flag.equals("--api-key-env") || URL_FLAGS.contains(flag);
            if (!slot || (!joined && i + 1 >= runArgs.size())) {
                out.add(a);
                continue;
            }
            String value = joined ? a.substring(eq + 1) : runArgs.get(++i);
            String rewritten = rewrite(flag, value, secretNames, existing, env, data, keys);
            if (joined) {
                out.add(flag + "=" + rewritten);
            } else {
                out.add(flag);
                out.add(rewritten);
            }
        }
        return new K8sSecrets(List.copyOf(out), existing == null ? Map.copyOf(data) : Map.of(), List.copyOf(keys));
    }

    private static String rewrite(String flag, String value, Set<String> secretNames, String existing,
                                  Function<String, String> env, Map<String, String> data, List<String> keys) {
        if (flag.equals("--api-key-env")) {
            String var = value.trim();
            hold(var, Secret.env(varOrUsage(flag, var)), existing, env, data, keys, flag);
            return value;
        }
        if (URL_FLAGS.contains(flag)) {
            Optional<String> info = SecretMask.userInfo(value.trim());
            if (info.isEmpty()) return value;
            String var = envName("BENCHSUITE_" + flag.substring(2) + "_USER_INFO");
            String ref = hold(var, parse(flag, info.get()), existing, env, data, keys, "the user information of " + flag);
            String stripped = SecretMask.stripUserInfo(value.trim());
            int at = stripped.indexOf("://") + 3;
            return stripped.substring(0, at) + ref + "@" + stripped.substring(at);
        }
        int eq = value.indexOf('=');
        if (eq <= 0) return value; // the run's own check reports it
        String name = value.substring(0, eq).trim();
        String v = value.substring(eq + 1);
        boolean secret = switch (flag) {
            case "--otlp-header" -> true;
            case "--header" -> SecretSlots.isSecretHeader(name, v, secretNames);
            default -> Secret.isReference(v) || name.toLowerCase(Locale.ROOT).startsWith(BackendConfig.HEADER_PREFIX)
                    && SecretSlots.isSecretHeader(name.substring(BackendConfig.HEADER_PREFIX.length()).trim(), v, secretNames);
        };
        if (!secret) {
            return flag.equals("--backend-option") && SecretMask.userInfo(v).isPresent()
                    ? name + "=" + rewrite("--url", v, secretNames, existing, env, data, keys) : value;
        }
        String var = envName("BENCHSUITE_" + flag.substring(2) + "_" + name);
        return name + "=" + hold(var, parse(flag + " " + name, v), existing, env, data, keys, flag + " " + name);
    }

    /**
     * Makes {@code secret} an environment variable of the pods and returns its reference: a variable the
     * flags name keeps its name; a value (given, or read from a file here) gets {@code var}.
     */
    private static String hold(String var, Secret secret, String existing, Function<String, String> env,
                               Map<String, String> data, List<String> keys, String slot) {
        String key = secret.variable().orElse(var);
        if (!keys.contains(key)) keys.add(key);
        if (existing == null) {
            Optional<String> why = secret.missing(env);
            if (why.isPresent()) {
                throw CliException.usage(slot + " (" + secret + "): " + why.get() + "; the manifest's Secret is made from "
                        + "what this machine has: set it here, or name an existing Secret holding " + key + " with --secret-name");
            }
            data.put(key, secret.resolve(env));
        }
        return Secret.PREFIX + "env:" + key;
    }

    private static Secret parse(String slot, String text) {
        try {
            return Secret.parse(text);
        } catch (IllegalArgumentException e) {
            throw CliException.usage(slot + ": " + e.getMessage());
        }
    }

    private static String varOrUsage(String flag, String var) {
        try {
            return Secret.env(var).variable().orElseThrow();
        } catch (IllegalArgumentException e) {
            throw CliException.usage(flag + ": expects the NAME of an environment variable holding the key "
                    + "(letters, digits, _), not the key itself");
        }
    }

    /** An environment variable name (and Secret key): upper case letters, digits and {@code _}. */
    static String envName(String text) {
        return text.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]+", "_");
    }

    private static List<Object> secretHeaderNames(List<String> args) {
        List<Object> names = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("--secret-header=")) names.add(a.substring("--secret-header=".length()));
            if (a.equals("--secret-header") && i + 1 < args.size()) names.add(args.get(i + 1));
        }
        return names;
    }
}
