package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.sim.Adapters;
import io.benchsuite.sim.AudioTokens;
import io.benchsuite.sim.SimBackendProvider;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.VisionTokens;
import io.benchsuite.sim.server.SimHttpServer;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code benchsuite serve-sim}: the simulator as an OpenAI-compatible (and TGI) HTTP server with a
 * vLLM-style {@code /metrics}, for testing HTTP clients and dashboards without a GPU.
 */
@Command(name = "serve-sim", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serves the simulated LLM server over HTTP until Ctrl-C (or --duration):",
                "POST /v1/chat/completions, POST /v1/completions (streaming SSE or not, with usage),",
                "GET /v1/models, GET /health, POST /generate_stream (TGI), GET /metrics (vLLM names).",
                "Fault flags inject failures so you can watch how a client copes."})
final class ServeSimCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind (default ${DEFAULT-VALUE})")
    String host;
    @Option(names = "--port", defaultValue = "8000", description = "Port; 0 picks a free one (default ${DEFAULT-VALUE})")
    String port;
    @Option(names = "--model", defaultValue = SimSettings.DEFAULT_MODEL, description = "Model profile (default ${DEFAULT-VALUE})")
    String model;
    @Option(names = "--served-model-name", description = "Name reported by /v1/models (default: --model)")
    String servedModelName;
    @Option(names = "--device", defaultValue = SimSettings.DEFAULT_DEVICE, description = "Device profile (default ${DEFAULT-VALUE})")
    String device;
    @Option(names = "--tp", defaultValue = "1", description = "Tensor-parallel degree: devices the model is split over, "
            + "1, 2, 4 or 8 (default ${DEFAULT-VALUE}); e.g. --model llama-3-70b --device h100 --tp 4")
    String tp;

    @Option(names = "--quantization", defaultValue = "none", description = "none, fp8, awq, gptq, int8")
    String quantization;
    @Option(names = "--engine", defaultValue = "vllm", description = "Engine preset: vllm, tgi, transformers")
    String engine;
    @Option(names = "--time-scale", defaultValue = "1", description = "Wall seconds per simulated second (0.1 = 10x faster)")
    String timeScale;
    @Option(names = "--seed", defaultValue = "0", description = "Simulator seed (decimal)")
    String seed;
    @Option(names = "--duration", description = "Stop serving after this long (default: until Ctrl-C)")
    String duration;
    @Option(names = "--error-rate", defaultValue = "0", description = "Fraction of requests answered HTTP 500")
    String errorRate;
    @Option(names = "--rate-limit-rate", defaultValue = "0", description = "Fraction answered HTTP 429 with Retry-After")
    String rateLimitRate;
    @Option(names = "--reset-rate", defaultValue = "0", description = "Fraction of streams cut mid-stream")
    String resetRate;
    @Option(names = "--malformed-rate", defaultValue = "0", description = "Fraction of streams with a malformed chunk")
    String malformedRate;
    @Option(names = "--error-event-rate", defaultValue = "0", description = "Fraction of streams with an error object inside the 200 stream")
    String errorEventRate;
    @Option(names = "--stall-rate", defaultValue = "0", description = "Fraction of streams that pause for --stall")
    String stallRate;
    @Option(names = "--stall", defaultValue = "2s", description = "Pause of a stalled stream (default ${DEFAULT-VALUE})")
    String stall;
    @Option(names = "--option", paramLabel = "key=value", description = "Any other simulator option (repeatable), e.g. "
            + "memory-utilization=0.95, max-batch=512; 'benchsuite backends --describe sim' lists them")
    List<String> options = new ArrayList<>();
    @Option(names = "--request-log", paramLabel = "<file>", description = "Write one JSON line per generation request "
            + "received: its arrival (ns from the server's start, taken before the body is read), prompt tokens and max_tokens")
    Path requestLog;
    @Option(names = "--lora-modules", paramLabel = "<name[=path],...>", split = ",", description = "LoRA adapters served "
            + "beside the base model, as vLLM's flag: each name a request's model field may ask for (a path is accepted "
            + "and ignored); any other model is answered 404")
    List<String> loraModules = new ArrayList<>();
    @Option(names = "--max-loras", defaultValue = "1", description = "Adapters loaded at once, as vLLM's flag; the least "
            + "recently used is evicted to load another (default ${DEFAULT-VALUE})")
    String maxLoras;
    @Option(names = "--lora-load-ms", defaultValue = "40", description = "What loading an adapter costs a request that "
            + "asks for one not loaded, ms of simulated time; loads run one at a time (default ${DEFAULT-VALUE}; see "
            + "docs/simulator.md)")
    String loraLoadMs;
    @Option(names = "--log-headers", paramLabel = "<name,...>", split = ",", description = "Request headers written to "
            + "--request-log per request, beside the model asked for (default: x-session-id,x-request-id)")
    List<String> logHeaders;
    @Option(names = "--vision-tokens", paramLabel = "qwen2-vl|llava-1.5|<n>", defaultValue = "qwen2-vl",
            description = "Prompt tokens of each image a chat request carries, by the model family's rule: qwen2-vl "
                    + "(one per 28x28 pixels after resizing to multiples of 28, plus 2), llava-1.5 (576 each) or a number "
                    + "(default ${DEFAULT-VALUE}); prefilled with the text and reported in usage.prompt_tokens")
    String visionTokens;
    @Option(names = "--audio-tokens", paramLabel = "qwen2-audio|whisper|<n>", defaultValue = "qwen2-audio",
            description = "Prompt tokens of each audio clip (a chat request's input_audio part, a transcription's file), by the "
                    + "model family's rule: qwen2-audio (25 per second), whisper (1500 per started 30 s window) or a number per "
                    + "second (default ${DEFAULT-VALUE}); prefilled with the text and reported in usage.prompt_tokens")
    String audioTokens;
    @Option(names = "--no-warm-up", description = "Listen at once, without first running the request path over "
            + "loopback against a throwaway server (the warm-up compiles it, so a client's first burst is not "
            + "stamped and answered by the interpreter; it takes well under a second)")
    boolean noWarmUp;

    /** The adapters of --lora-modules, --max-loras and --lora-load-ms; a bad value is a usage error naming its flag. */
    private Adapters adapters() {
        int max = Flags.parse("--max-loras", maxLoras, Integer::parseInt);
        if (max < 1) throw CliException.usage("--max-loras: expected at least 1, got " + maxLoras);
        double load = Flags.parse("--lora-load-ms", loraLoadMs, Double::parseDouble);
        if (!(load >= 0) || !Double.isFinite(load)) throw CliException.usage("--lora-load-ms: expected a number >= 0, got " + loraLoadMs);
        List<String> names = new ArrayList<>();
        for (String m : loraModules) {
            String name = (m.contains("=") ? m.substring(0, m.indexOf('=')) : m).trim();
            if (name.isEmpty()) throw CliException.usage("--lora-modules: expected name or name=path, got '" + m + "'");
            if (names.contains(name)) throw CliException.usage("--lora-modules: adapter '" + name + "' is named twice");
            names.add(name);
        }
        return new Adapters(names, max, load);
    }

    ServeSimCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws InterruptedException {
        int p = Flags.parse("--port", port, Integer::parseInt);
        if (p < 0 || p > 65535) throw CliException.usage("--port: expected 0..65535, got " + port);
        Map<String, String> config = new LinkedHashMap<>();
        config.put(BackendConfig.MODEL, model);
        config.put(BackendConfig.DEVICE, device);
        config.put(BackendConfig.QUANTIZATION, quantization);
        config.put(SimSettings.ENGINE, engine);
        config.put(SimSettings.TENSOR_PARALLEL, Integer.toString(Flags.parse("--tp", tp, Integer::parseInt)));
        config.put(SimSettings.TIME_SCALE, Double.toString(Flags.positiveNumber("--time-scale", timeScale)));
        config.put(BackendConfig.SEED, Long.toHexString(Flags.parse("--seed", seed, Long::parseLong)));
        for (String o : options) {
            Map.Entry<String, String> kv = Flags.keyValue("--option", o, "key=value");
            config.put(kv.getKey(), kv.getValue().trim());
        }
        Duration stallFor = Flags.duration("--stall", stall, false);
        Duration runFor = duration == null ? null : Flags.duration("--duration", duration, false);
        SimHttpServer.Builder builder;
        try {
            builder = SimHttpServer.builder().config(BackendConfig.of(config).declaredBy(new SimBackendProvider()))
                    .tokenizer(Tokenizers.cl100k())
                    .host(host).port(p)
                    .errorRate(fraction("--error-rate", errorRate))
                    .rateLimitRate(fraction("--rate-limit-rate", rateLimitRate))
                    .resetRate(fraction("--reset-rate", resetRate))
                    .malformedChunkRate(fraction("--malformed-rate", malformedRate))
                    .errorEventRate(fraction("--error-event-rate", errorEventRate))
                    .stall(fraction("--stall-rate", stallRate), stallFor);
            if (servedModelName != null) builder.servedModelName(servedModelName);
            if (requestLog != null) builder.requestLog(requestLog);
            builder.adapters(adapters());
            if (logHeaders != null) builder.loggedHeaders(logHeaders);
            builder.visionTokens(Flags.parse("--vision-tokens", visionTokens, VisionTokens::parse));
            builder.audioTokens(Flags.parse("--audio-tokens", audioTokens, AudioTokens::parse));
            builder.warmUp(!noWarmUp);
        } catch (ConfigurationException e) {
            if (e.key().isPresent() && options.stream().anyMatch(o -> o.trim().startsWith(e.key().get() + "="))) {
                throw CliException.usage("--option: " + e.getMessage());
            }
            throw badSettings(e);
        } catch (IllegalArgumentException e) {
            throw badSettings(e);
        }
        SimHttpServer server;
        try {
            server = builder.start();
        } catch (IllegalArgumentException e) {
            throw badSettings(e);
        } catch (UncheckedIOException e) {
            throw CliException.failure(e.getMessage());
        } catch (RuntimeException e) {
            throw CliException.failure("cannot serve on " + host + ":" + p + ": " + e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "benchsuite-serve-sim-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        ctx.out().println("serving sim (" + server.backend().info().details().getOrDefault("model", model) + " on "
                + ("1".equals(tp.trim()) ? "" : tp.trim() + " x ") + device + ", engine " + engine + ") at " + server.baseUri());
        ctx.out().println("  POST /v1/chat/completions  POST /v1/completions  GET /v1/models  POST /generate_stream"
                + "  GET /metrics  GET /health");
        ctx.out().println("  try: benchsuite run --backend vllm --url " + server.baseUri() + " --model " + model);
        ctx.out().flush();
        boolean timedOut = runFor != null && !stopped.await(runFor.toNanos(), TimeUnit.NANOSECONDS);
        if (runFor == null) stopped.await();
        if (timedOut) {
            server.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway; closing twice is harmless
            }
        }
        return ExitCodes.OK;
    }

    /** A usage error for settings the simulator refused, naming the flag rather than the backend config key it became. */
    private static CliException badSettings(IllegalArgumentException e) {
        if (e instanceof ConfigurationException c && c.key().filter(SimSettings.TENSOR_PARALLEL::equals).isPresent()) {
            return CliException.usage("--tp: " + e.getMessage().replaceFirst("^backend config key '[^']*': ", ""));
        }
        return CliException.usage(e.getMessage().replace("(tp 2, 4 or 8)", "(--tp 2, 4 or 8)"));
    }

    private static double fraction(String flag, String text) {
        double v = Flags.parse(flag, text, Double::parseDouble);
        if (!(v >= 0 && v <= 1)) throw CliException.usage(flag + ": expected a fraction between 0 and 1, got " + text);
        return v;
    }
}
