package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.backend.Quantization;
import io.benchsuite.api.backend.UnknownBackendException;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.openai.OpenAiSettings;
import io.benchsuite.cli.FlagTypes.Header;
import io.benchsuite.core.spec.RunSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * {@code benchsuite run}'s backend flags: which backend, the model, where it is, credentials and headers, and
 * the backend's own options, turned into the backend's checked configuration.
 */
final class BackendFlags {
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    @Option(names = "--model", paramLabel = "<name>", defaultValue = "llama-3-8b", description = "Model to request (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--backend", paramLabel = "<name>", defaultValue = "sim",
            description = "Backend name (default: ${DEFAULT-VALUE}, the built-in simulator). 'benchsuite backends' lists them.")
    String backend;

    @Option(names = "--url", paramLabel = "<url>", converter = FlagTypes.HttpUrl.class,
            description = "Base URL of an HTTP server, e.g. http://localhost:8000.")
    URI url;

    @Option(converter = FlagValues.QuantizationValue.class, names = "--quantization", paramLabel = "<q>", description = "none, fp8, awq, gptq or int8: acted on by the simulator, "
            + "recorded as a label for every backend (default: none).")
    Quantization quantization;

    @Option(names = "--device", paramLabel = "<device>", description = "Device the model runs on: the simulator's device "
            + "profile, a label in the report for other backends (default: the backend's, a100-80gb for sim).")
    String device;

    @Option(names = "--api-key-env", paramLabel = "VAR",
            description = "Name of the environment variable holding the API key (the key is never printed or written).")
    String apiKeyEnv;

    @Option(names = "--header", paramLabel = "Name=Value", converter = FlagTypes.HeaderConverter.class,
            description = "Extra HTTP header (repeatable). Values of auth/key/token/cookie/session/signature headers, "
                    + "and of headers named by --secret-header, never appear in reports, logs or messages; such a value "
                    + "may be read when the run starts: secret:env:NAME or secret:file:PATH.")
    List<Header> headers = new ArrayList<>();

    @Option(names = "--secret-header", paramLabel = "<name>",
            description = "Treat this --header's value as a secret although its name does not say so (repeatable), "
                    + "e.g. --secret-header X-Signature.")
    List<String> secretHeaders = new ArrayList<>();

    @Option(names = "--insecure", description = "Skip TLS certificate verification.")
    boolean insecure;

    @Option(names = "--transport", paramLabel = "netty|httpclient",
            description = "HTTP client of HTTP backends: netty (default; least client CPU per token) or httpclient "
                    + "(Apache HttpClient 5). Same as --backend-option transport=<value>.")
    String transport;

    @Option(names = "--endpoint", paramLabel = "<api>", converter = FlagTypes.EndpointKind.class,
            description = "OpenAI-style API: chat, completions, embeddings, rerank, score or transcriptions (default: the backend's); "
                    + "embeddings, rerank and score send --batch-size inputs per request; transcriptions sends one audio clip.")
    String endpoint;

    @Option(names = "--backend-option", paramLabel = "key=value",
            description = "Backend option (repeatable), e.g. read-timeout=60s, engine=vllm, time-scale=10; "
                    + "'benchsuite backends --describe <name>' lists a backend's options.")
    List<String> backendOptions = new ArrayList<>();

    /** The backend's name as the registry knows it. */
    String backendName() {
        if (backend == null || backend.isBlank()) throw CliException.usage("--backend: must not be blank");
        return backend.trim().toLowerCase(Locale.ROOT);
    }

    /** The model's name. */
    String model() {
        if (model == null || model.isBlank()) throw CliException.usage("--model: must not be blank");
        return model.trim();
    }

    /**
     * The backend with its configuration checked against the options its provider declares; an error about a key
     * names the flag that set it.
     *
     * @param env the process's environment (the API key's variable must be set)
     * @param labels receives the quantization and device labels the report records
     */
    RunSpec.BackendSpec backend(Function<String, String> env, Map<String, String> labels) {
        String backendName = backendName();
        Quantization quant = quantization == null ? Quantization.NONE : quantization;
        BackendProvider provider = provider(backendName);
        // Each key remembers the flag that set it, so that an error about the key names the flag.
        Map<String, String> config = new LinkedHashMap<>();
        Map<String, String> flagOf = new LinkedHashMap<>();
        put(config, flagOf, BackendConfig.MODEL, model(), "--model");
        put(config, flagOf, BackendConfig.QUANTIZATION, quant.label(), "--quantization");
        labels.put("quantization", quant.label());
        String dev = device != null ? device.trim() : declaredDefault(provider, BackendConfig.DEVICE);
        if (dev != null) {
            if (dev.isEmpty()) throw CliException.usage("--device: must not be blank");
            put(config, flagOf, BackendConfig.DEVICE, dev, "--device");
            labels.put("device", dev);
        }
        if (url != null) put(config, flagOf, BackendConfig.URL, url.toString(), "--url");
        if (!secretHeaders.isEmpty()) {
            put(config, flagOf, BackendConfig.SECRET_HEADERS, String.join(",", secretHeaders.stream().map(String::trim).toList()),
                    "--secret-header");
        }
        if (endpoint != null) put(config, flagOf, OpenAiSettings.ENDPOINT, endpoint, "--endpoint");
        if (apiKeyEnv != null) {
            String var = apiKeyEnv.trim();
            if (!ENV_NAME.matcher(var).matches()) {
                // do not echo it: people paste the key itself here
                throw CliException.usage("--api-key-env: expects the NAME of an environment variable holding the key "
                        + "(letters, digits, _), not the key itself");
            }
            if (env.apply(var) == null) {
                throw CliException.usage("--api-key-env: environment variable " + var + " is not set");
            }
            put(config, flagOf, BackendConfig.API_KEY_ENV, var, "--api-key-env");
        }
        if (transport != null) {
            String t = transport.trim().toLowerCase(Locale.ROOT);
            if (!t.equals("netty") && !t.equals("httpclient")) {
                throw CliException.usage("--transport: expected netty or httpclient, got '" + transport.trim() + "'");
            }
            put(config, flagOf, HttpSettings.TRANSPORT, t, "--transport");
        }
        if (insecure) put(config, flagOf, HttpSettings.INSECURE, "true", "--insecure");
        for (Header h : headers) put(config, flagOf, BackendConfig.HEADER_PREFIX + h.name(), h.value(), "--header");
        for (String name : secretHeaders) {
            String n = name.trim();
            if (headers.stream().noneMatch(h -> h.name().equalsIgnoreCase(n))) {
                throw CliException.usage("--secret-header: no --header named '" + n + "'");
            }
        }
        for (String o : backendOptions) {
            Map.Entry<String, String> kv = Flags.keyValue("--backend-option", o, "key=value");
            put(config, flagOf, kv.getKey(), kv.getValue(), "--backend-option");
        }
        try {
            // secrets are references from here on: only the transport reads their values
            return new RunSpec.BackendSpec(backendName, BackendConfig.of(config).declaredBy(provider).sealSecrets());
        } catch (ConfigurationException e) {
            String flag = e.key().map(flagOf::get).orElse("--backend-option");
            throw CliException.usage(flag + ": " + e.getMessage());
        }
    }

    private static void put(Map<String, String> config, Map<String, String> flagOf, String key, String value, String flag) {
        config.put(key, value);
        flagOf.put(key, flag);
    }

    /** The provider named by --backend; an unknown name is a usage error listing the known ones. */
    private static BackendProvider provider(String backendName) {
        try {
            return BackendRegistry.load().provider(backendName);
        } catch (UnknownBackendException e) {
            throw CliException.usage("--backend: unknown backend '" + e.requested() + "'; known backends: "
                    + (e.known().isEmpty() ? "none found on the class path" : String.join(", ", e.known())));
        } catch (IllegalStateException e) {
            throw CliException.failure("cannot load the backends: " + e.getMessage());
        }
    }

    /** The default {@code provider} declares for {@code key}, if it declares a concrete one. */
    private static String declaredDefault(BackendProvider provider, String key) {
        return provider.options().stream().filter(o -> !o.isFamily() && o.key().equals(key))
                .map(BackendOption::defaultValue).filter(d -> !d.isEmpty()).findFirst().orElse(null);
    }
}
