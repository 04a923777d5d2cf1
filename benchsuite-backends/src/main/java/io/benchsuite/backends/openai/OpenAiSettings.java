package io.benchsuite.backends.openai;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.backends.http.HttpOptions;
import io.benchsuite.backends.http.HttpSettings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Configuration of an OpenAI-compatible backend.
 *
 * <p>Config keys, besides those of {@link HttpSettings}:
 * <ul>
 *   <li>{@code model} — model to request when the request names none (and for the report).</li>
 *   <li>{@code endpoint} — {@code chat} (default), {@code completions}, {@code embeddings}, {@code rerank}
 *       , {@code score} or {@code transcriptions}; embeddings, rerank and score read {@link PoolingApi}'s keys
 *       ({@code api-shape}, {@code path}, {@code top-n}); transcriptions sends each {@code param.*} as a form
 *       field ({@code param.language=en}) and the request's first audio clip as its {@code file}.</li>
 *   <li>{@code exact-length} — send the preset's length-forcing parameters ({@code ignore_eos},
 *       {@code min_tokens}) when a request asks for an exact output length; default per preset.</li>
 *   <li>{@code include-usage} — send {@code stream_options.include_usage} (default true).</li>
 *   <li>{@code require-done} — a stream without {@code data: [DONE]} is truncated (default per
 *       preset; when false a chunk with a {@code finish_reason} is enough).</li>
 *   <li>{@code param.<name>} — an extra top-level body member; the value is parsed as JSON when it
 *       is valid JSON ({@code 0.9}, {@code true}, {@code ["a"]}), else sent as a string. The endpoint's
 *       prompt member ({@code messages}, or {@code prompt} for completions) cannot be set this way.</li>
 * </ul>
 *
 * @param preset server flavour and defaults
 * @param endpoint which API to call
 * @param model configured model name ("" when none)
 * @param exactLength whether length-forcing parameters are sent
 * @param includeUsage whether {@code stream_options.include_usage} is sent
 * @param requireDone whether {@code [DONE]} is required
 * @param extraParams extra body members, raw values as configured
 * @param http connection settings
 * @param pooling the embeddings, rerank or score request shape, or {@code null} for a generating endpoint
 */
public record OpenAiSettings(Preset preset, Endpoint endpoint, String model, boolean exactLength, boolean includeUsage,
                             boolean requireDone, Map<String, String> extraParams, HttpSettings http,
                             PoolingApi pooling) {
    /** Config key of the endpoint kind. */
    public static final String ENDPOINT = "endpoint";
    /** Config key switching the length-forcing parameters. */
    public static final String EXACT_LENGTH = "exact-length";
    /** Config key switching {@code stream_options.include_usage}. */
    public static final String INCLUDE_USAGE = "include-usage";
    /** Config key requiring {@code [DONE]}. */
    public static final String REQUIRE_DONE = "require-done";
    /** Prefix of extra body parameters. */
    public static final String PARAM_PREFIX = "param.";

    public OpenAiSettings {
        notNull(preset, "preset");
        notNull(endpoint, "endpoint");
        notNull(model, "model");
        extraParams = Collections.unmodifiableMap(new TreeMap<>(notNull(extraParams, "extraParams")));
        notNull(http, "http");
        if (endpoint.pooling() != (pooling != null)) {
            throw new IllegalArgumentException("pooling settings go with an embeddings, rerank or score endpoint only");
        }
    }

    /**
     * The options {@link #from} reads for {@code preset}, with its defaults: those of
     * {@link HttpOptions#connection} and the ones listed on this class.
     *
     * @param preset the server flavour
     * @return the declarations
     */
    public static List<BackendOption> options(Preset preset) {
        notNull(preset, "preset");
        List<BackendOption> all = new ArrayList<>();
        all.add(BackendOption.MODEL.withDefault("the server's, if it lists one")
                .withDescription("model to request (checked against /v1/models at pre-flight)"));
        all.addAll(HttpOptions.connection(preset.defaultUrl()));
        all.add(BackendOption.oneOf(ENDPOINT, "which API to call: /v1/chat/completions, /v1/completions, /v1/embeddings, /v1/rerank, "
                + "/v1/score or /v1/audio/transcriptions", Endpoint.CHAT.label(), Endpoint.COMPLETIONS.label(), Endpoint.EMBEDDINGS.label(),
                Endpoint.RERANK.label(), Endpoint.SCORE.label(), Endpoint.TRANSCRIPTIONS.label()).withDefault(Endpoint.CHAT.label()));
        all.add(BackendOption.oneOf(PoolingApi.SHAPE, "request shape of embeddings/rerank/score: openai (OpenAI, vLLM, Cohere, Jina) "
                + "or tei (Text Embeddings Inference /embed, /rerank)", "openai", "tei").withDefault("openai"));
        all.add(BackendOption.string(PoolingApi.PATH, "request path of embeddings/rerank/score, e.g. /rerank")
                .withDefault("the endpoint's"));
        all.add(BackendOption.integer(PoolingApi.TOP_N, "top_n sent with each rerank request (0: none, every "
                + "document ranked)").withDefault("0"));
        all.add(BackendOption.bool(EXACT_LENGTH, "send the server's length-forcing parameters (ignore_eos, min_tokens) "
                + "when a request asks for an exact output length").withDefault(Boolean.toString(preset.exactLength())));
        all.add(BackendOption.bool(INCLUDE_USAGE, "ask for token usage in the stream (stream_options.include_usage)")
                .withDefault("true"));
        all.add(BackendOption.bool(REQUIRE_DONE, "a stream without data: [DONE] counts as truncated")
                .withDefault(Boolean.toString(preset.requireDone())));
        all.add(BackendOption.family(PARAM_PREFIX, BackendOption.Type.STRING,
                "extra top-level body member; the value is sent as JSON when it is valid JSON (0.9, true, [\"a\"]), else as a string; "
                        + "not the endpoint's prompt (messages, prompt)"));
        return List.copyOf(all);
    }

    /**
     * Reads the settings of {@code preset} from {@code config}.
     *
     * @throws IllegalArgumentException naming the key whose value is wrong
     */
    public static OpenAiSettings from(BackendConfig config, Preset preset) {
        notNull(config, "config");
        notNull(preset, "preset");
        Map<String, String> extra = new TreeMap<>();
        config.asMap().forEach((k, v) -> {
            if (k.startsWith(PARAM_PREFIX)) {
                String name = k.substring(PARAM_PREFIX.length()).trim();
                if (name.isEmpty()) throw new IllegalArgumentException("backend config key '" + k + "': parameter name is empty");
                extra.put(name, v);
            }
        });
        Endpoint endpoint = Endpoint.parse(config.string(ENDPOINT, Endpoint.CHAT.label()));
        String promptMember = endpoint == Endpoint.CHAT ? "messages" : endpoint.pooling() ? "input"
                : endpoint == Endpoint.TRANSCRIPTIONS ? "file" : "prompt";
        if (extra.containsKey(promptMember)) {
            throw new IllegalArgumentException("backend config key '" + PARAM_PREFIX + promptMember + "': the " + endpoint.label()
                    + " endpoint's '" + promptMember + "' carries the workload's prompts and cannot be set by a parameter");
        }
        return new OpenAiSettings(preset,
                endpoint,
                config.string(BackendConfig.MODEL, "").trim(),
                config.bool(EXACT_LENGTH, preset.exactLength()),
                config.bool(INCLUDE_USAGE, true),
                config.bool(REQUIRE_DONE, preset.requireDone()),
                extra,
                HttpSettings.from(config, preset.defaultUrl()),
                PoolingApi.from(endpoint, config));
    }

    /** Hides extra parameter values only where their names look secret. */
    @Override
    public String toString() {
        Map<String, String> shown = new TreeMap<>();
        extraParams.forEach((k, v) -> shown.put(k, BackendConfig.isSensitive(k) ? "***" : v));
        return "OpenAiSettings[preset=" + preset.providerName() + ", endpoint=" + endpoint.label() + ", model=" + model
                + ", exactLength=" + exactLength + ", includeUsage=" + includeUsage + ", requireDone=" + requireDone
                + ", extraParams=" + shown + ", http=" + http + "]";
    }
}
