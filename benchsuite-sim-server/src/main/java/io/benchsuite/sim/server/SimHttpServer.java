package io.benchsuite.sim.server;

import static io.benchsuite.api.util.Checks.notNull;

import com.sun.net.httpserver.HttpServer;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.sim.Adapters;
import io.benchsuite.sim.AudioTokens;
import io.benchsuite.sim.SimBackend;
import io.benchsuite.sim.SimEngineState;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.VisionTokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulator behind an OpenAI-compatible HTTP API (what {@code benchsuite serve-sim} runs, and the
 * test double of every HTTP backend). One {@link SimBackend} engine serves:
 * <ul>
 *   <li>{@code POST /v1/chat/completions}, {@code POST /v1/completions}: streaming SSE with vLLM's
 *       chunk shapes and {@code stream_options.include_usage}, or one JSON response;
 *       {@code max_tokens}/{@code max_completion_tokens}, {@code min_tokens}, {@code ignore_eos};</li>
 *   <li>{@code POST /generate_stream}: TGI's native stream;</li>
 *   <li>{@code GET /v1/models}, {@code GET /health}, and {@code GET /metrics} with vLLM's metric names.</li>
 * </ul>
 * Each stream is served by its own thread ({@code benchsuite-sim-http-<server>-<n>}) that writes and flushes
 * every SSE event the moment the engine generates its token. Optional {@link FaultInjection}.
 *
 * <pre>{@code
 * try (SimHttpServer server = SimHttpServer.builder()
 *         .config(BackendConfig.of(Map.of("model", "llama-3-8b", "device", "h100")))
 *         .tokenizer(tokenizer)
 *         .port(8000)
 *         .start()) {
 *     ... server.baseUri() ...
 * }
 * }</pre>
 */
public final class SimHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SimHttpServer.class);
    private static final String NODELAY_PROPERTY = "sun.net.httpserver.nodelay";

    private final HttpServer server;
    /** Exchange threads started with the server, before the first request. */
    static final int PRESTARTED = 64;

    private final ThreadPoolExecutor executor;
    private final SimBackend backend;
    private final SimHttpHandler handler;
    private final RequestLog requestLog;
    private final String host;
    private boolean closed; // guarded by this

    private SimHttpServer(Builder b) throws IOException {
        // Nagle's algorithm would hold back small SSE writes until the previous one is acknowledged,
        // distorting exactly the timing clients measure. The JDK server reads this once, when its first
        // instance is created, so it is set only if the application has not chosen.
        if (System.getProperty(NODELAY_PROPERTY) == null) System.setProperty(NODELAY_PROPERTY, "true");
        this.host = b.host;
        // a tokenizer that loads its vocabulary on its first count (the built-in ones) loads it now, not
        // while the first request waits
        b.tokenizer.countTokens("warm");
        if (b.warmUp) {
            ServerWarmUp.Result warm = ServerWarmUp.run(b.settings, b.tokenizer);
            LOG.info("warmed the request path up before listening: {} of {} requests in {} ms", warm.completed(),
                    ServerWarmUp.REQUESTS, warm.millis());
        }
        this.requestLog = b.requestLog == null ? null : new RequestLog(b.requestLog, System.nanoTime());
        this.backend = new SimBackend(b.settings);
        ThreadPoolExecutor pool = null;
        try {
            AtomicInteger threadNumber = new AtomicInteger();
            String serverId = Integer.toHexString(System.identityHashCode(this));
            ThreadFactory threads = r -> {
                Thread t = new Thread(r, "benchsuite-sim-http-" + serverId + "-" + threadNumber.incrementAndGet());
                t.setDaemon(true);
                return t;
            };
            // One thread per open exchange: streams block on their engine events, so the pool must grow
            // with concurrency (hundreds of streams); threads beyond the first PRESTARTED die after a
            // minute idle. The first PRESTARTED are started before the server listens: the JDK server
            // hands an exchange over on its one I/O thread, and starting a thread there held every
            // arrival behind it (a replayed trace's first burst of 16 requests was stamped up to 10 ms
            // late while the I/O thread waited in Thread.start on a busy machine).
            pool = new ThreadPoolExecutor(Math.min(PRESTARTED, b.maxThreads), b.maxThreads, 60, TimeUnit.SECONDS,
                    new SynchronousQueue<>(), threads, new ThreadPoolExecutor.AbortPolicy());
            pool.prestartAllCoreThreads();
            this.executor = pool;
            String servedName = b.servedModelName != null ? b.servedModelName : b.settings.modelName();
            ServerMetrics metrics = new ServerMetrics(servedName);
            this.handler = new SimHttpHandler(backend, b.tokenizer, servedName, b.settings.model(), b.faults,
                    metrics, b.defaultMaxTokens, requestLog,
                    new ServedModels(b.adapters, b.settings.timeScale(), b.loggedHeaders), b.visionTokens, b.audioTokens);
            this.server = HttpServer.create(new InetSocketAddress(b.host, b.port), b.backlog);
            server.createContext("/", handler);
            PoolingHandler pooling = new PoolingHandler(backend, b.tokenizer, servedName, b.settings.model(), metrics, requestLog);
            for (String path : PoolingHandler.PATHS) server.createContext(path, pooling); // the longest prefix wins
            server.createContext(TranscriptionHandler.PATH, new TranscriptionHandler(backend, servedName, metrics, requestLog, b.audioTokens));
            server.setExecutor(new ArrivalStamps(executor));
            server.start();
        } catch (IOException | RuntimeException e) {
            if (pool != null) pool.shutdownNow();
            backend.close();
            if (requestLog != null) requestLog.close();
            throw e;
        }
        LOG.info("simulated server for '{}' listening on {}", backend.info().model(), baseUri());
    }

    /** A builder; {@link Builder#tokenizer} is required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The port listened on (the one picked when 0 was asked for). */
    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://host:port}, the base URL clients use. */
    public URI baseUri() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return URI.create("http://" + h + ":" + port());
    }

    /** The engine behind the server. */
    public SimBackend backend() {
        return backend;
    }

    /** The engine's state now (what {@code /metrics} exports). */
    public SimEngineState state() {
        return backend.state();
    }

    /**
     * Stops listening, ends open streams (their requests are cancelled and their connections
     * closed), stops the engine and all server threads. Idempotent.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        handler.shutDown();
        backend.close(); // fails in-flight requests, which releases the threads waiting on them
        server.stop(0);
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) LOG.warn("simulated server threads did not stop within 10 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (requestLog != null) requestLog.close();
    }

    /** Builds and starts a {@link SimHttpServer}. */
    public static final class Builder {
        private SimSettings settings = SimSettings.builder().build();
        private Tokenizer tokenizer;
        private String host = "127.0.0.1";
        private int port;
        private int backlog = 1024;
        private int maxThreads = 4096;
        private String servedModelName;
        private int defaultMaxTokens = 256;
        private FaultInjection faults = FaultInjection.none();
        private double errorRate;
        private double rateLimitRate;
        private double resetRate;
        private double malformedRate;
        private double stallRate;
        private Duration stall = Duration.ZERO;
        private double errorEventRate;
        private long faultSeed;
        private boolean faultsSetOneByOne;
        private Path requestLog;
        private boolean warmUp;
        private Adapters adapters = Adapters.NONE;
        private List<String> loggedHeaders = ServedModels.DEFAULT_LOGGED_HEADERS;
        private VisionTokens visionTokens = VisionTokens.QWEN2_VL;
        private AudioTokens audioTokens = AudioTokens.QWEN2_AUDIO;

        private Builder() {
        }

        /**
         * LoRA adapters served beside the base model (vLLM's {@code --lora-modules}), how many may be loaded at once
         * and what a load costs (default: none).
         *
         * @param adapters the adapters
         * @return this builder
         */
        public Builder adapters(Adapters adapters) {
            this.adapters = Objects.requireNonNull(adapters, "adapters");
            return this;
        }

        /**
         * The request headers written into the request log per request, beside the model asked for (default:
         * {@code x-session-id}, {@code x-request-id}); routing hints, so name no credential here.
         *
         * @param names the header names
         * @return this builder
         */
        public Builder loggedHeaders(List<String> names) {
            this.loggedHeaders = List.copyOf(names);
            return this;
        }

        /** The engine's settings (default: {@code SimSettings.builder().build()}). */
        public Builder settings(SimSettings settings) {
            this.settings = notNull(settings, "settings");
            return this;
        }

        /** The engine's settings from backend configuration keys ({@link SimSettings#fromConfig}). */
        public Builder config(BackendConfig config) {
            this.settings = SimSettings.fromConfig(notNull(config, "config"));
            return this;
        }

        /** Counts prompt tokens of incoming requests. Required. */
        public Builder tokenizer(Tokenizer tokenizer) {
            this.tokenizer = notNull(tokenizer, "tokenizer");
            return this;
        }

        /** Address to bind (default {@code 127.0.0.1}; {@code 0.0.0.0} for all interfaces). */
        public Builder host(String host) {
            this.host = notNull(host, "host");
            return this;
        }

        /** Port to listen on; 0 (the default) picks a free one. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) throw new IllegalArgumentException("port must be in 0..65535, got " + port);
            this.port = port;
            return this;
        }

        /** Most connections served at once (threads); default 4096. */
        public Builder maxThreads(int maxThreads) {
            if (maxThreads <= 0) throw new IllegalArgumentException("maxThreads must be > 0, got " + maxThreads);
            this.maxThreads = maxThreads;
            return this;
        }

        /** TCP accept backlog; default 1024. */
        public Builder backlog(int backlog) {
            if (backlog <= 0) throw new IllegalArgumentException("backlog must be > 0, got " + backlog);
            this.backlog = backlog;
            return this;
        }

        /** The model name in {@code /v1/models} and responses (default: the settings' model name). */
        public Builder servedModelName(String name) {
            this.servedModelName = notNull(name, "name");
            return this;
        }

        /**
         * Output length when a request gives no {@code max_tokens} (default 256). The simulator has no
         * end-of-sequence, where a real server would stop at the model's EOS.
         */
        public Builder defaultMaxTokens(int defaultMaxTokens) {
            if (defaultMaxTokens <= 0) throw new IllegalArgumentException("defaultMaxTokens must be > 0, got " + defaultMaxTokens);
            this.defaultMaxTokens = defaultMaxTokens;
            return this;
        }

        /** All faults at once (replaces the single-fault setters). */
        public Builder faults(FaultInjection faults) {
            this.faults = notNull(faults, "faults");
            this.faultsSetOneByOne = false;
            return this;
        }

        /** Probability of HTTP 500. */
        public Builder errorRate(double rate) {
            this.errorRate = rate;
            this.faultsSetOneByOne = true;
            return this;
        }

        /** Probability of HTTP 429 with {@code Retry-After: 1}. */
        public Builder rateLimitRate(double rate) {
            this.rateLimitRate = rate;
            this.faultsSetOneByOne = true;
            return this;
        }

        /** Probability of an abrupt connection close mid-stream. */
        public Builder resetRate(double rate) {
            this.resetRate = rate;
            this.faultsSetOneByOne = true;
            return this;
        }

        /** Probability of one malformed SSE event ({@code data: {not json}}) mid-stream. */
        public Builder malformedChunkRate(double rate) {
            this.malformedRate = rate;
            this.faultsSetOneByOne = true;
            return this;
        }

        /** Probability of pausing {@code pause} mid-stream. */
        public Builder stall(double rate, Duration pause) {
            this.stallRate = rate;
            this.stall = notNull(pause, "pause");
            this.faultsSetOneByOne = true;
            return this;
        }

        /** Probability of an in-stream error event (llama.cpp style) ending the stream. */
        public Builder errorEventRate(double rate) {
            this.errorEventRate = rate;
            this.faultsSetOneByOne = true;
            return this;
        }

        /**
         * Whether to run the request path (accept, parse, tokenize, engine, SSE) over loopback against a
         * throwaway server before this one listens, so a client's first burst meets compiled code; off
         * by default (a test's server starts at once), on in {@code benchsuite serve-sim}. Adds well under
         * a second to the start; nothing of it reaches this server's engine, metrics or request log.
         */
        public Builder warmUp(boolean warmUp) {
            this.warmUp = warmUp;
            return this;
        }

        /**
         * Writes one JSON line per generation request received to {@code file}: when it arrived (nanoseconds
         * from the server's start, on its monotonic clock), its prompt tokens under the server's tokenizer
         * and the output it asked for; so a client's send timing and lengths can be checked at the server.
         */
        public Builder requestLog(Path file) {
            this.requestLog = notNull(file, "requestLog");
            return this;
        }

        /**
         * How many prompt tokens each image of a chat request becomes, prefilled with its text and reported in
         * {@code usage.prompt_tokens} (default {@link VisionTokens#QWEN2_VL}).
         */
        public Builder visionTokens(VisionTokens rule) {
            this.visionTokens = notNull(rule, "visionTokens");
            return this;
        }

        /**
         * How many prompt tokens each audio clip becomes (a chat request's {@code input_audio} part, a transcription
         * request's file), prefilled with its text and reported in {@code usage.prompt_tokens} (default
         * {@link AudioTokens#QWEN2_AUDIO}).
         *
         * @param rule the rule
         * @return this builder
         */
        public Builder audioTokens(AudioTokens rule) {
            this.audioTokens = notNull(rule, "audioTokens");
            return this;
        }

        /** Seed of the fault decisions (default 0). */
        public Builder faultSeed(long seed) {
            this.faultSeed = seed;
            this.faultsSetOneByOne = true;
            return this;
        }

        /**
         * Starts the engine and the server.
         *
         * @throws UncheckedIOException when the port cannot be bound
         * @throws IllegalStateException when no tokenizer was given
         */
        public SimHttpServer start() {
            if (tokenizer == null) throw new IllegalStateException("tokenizer must be set");
            if (faultsSetOneByOne) {
                faults = new FaultInjection(errorRate, rateLimitRate, resetRate, malformedRate, stallRate, stall,
                        errorEventRate, faultSeed);
            }
            try {
                return new SimHttpServer(this);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
            }
        }
    }
}
