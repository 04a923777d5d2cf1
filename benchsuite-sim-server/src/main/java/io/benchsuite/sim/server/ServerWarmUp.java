package io.benchsuite.sim.server;

import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.sim.SimSettings;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/**
 * Runs the server's request path before the real server listens: streamed requests over loopback to a
 * throwaway server of the same model (the JDK server's accept and hand-over, JSON parsing, tokenizing,
 * the prefix cache's blocks, the engine, SSE writing), so a client's first burst is not stamped and
 * answered by the interpreter. A replay's first bursts otherwise met a cold server: its one I/O
 * thread, which stamps arrivals, waited on the JIT's compile queue while a 16-request burst arrived.
 * The throwaway server runs the engine 10,000× faster than real time and writes no request log; the
 * real server's engine, metrics and log see none of it.
 */
final class ServerWarmUp {
    /** Requests sent: chat and completions alternately, every other one on a fresh connection. */
    static final int REQUESTS = 32;

    private ServerWarmUp() {}

    /** What the warm-up did: requests answered with a complete stream. */
    record Result(int completed, long millis) {}

    /**
     * Runs the warm-up against a throwaway server like {@code settings}'s.
     *
     * @param settings the real server's model and engine settings (its time scale is not used)
     * @param tokenizer the real server's tokenizer
     * @return what was done; stops at the first failure (the real server starts all the same)
     */
    static Result run(SimSettings settings, Tokenizer tokenizer) {
        return run(settings, tokenizer, null);
    }

    /** As {@link #run(SimSettings, Tokenizer)}, its throwaway request log in {@code logDir} (null: the JVM's temp folder). */
    static Result run(SimSettings settings, Tokenizer tokenizer, Path logDir) {
        long start = System.nanoTime();
        SimSettings fast = new SimSettings(settings.modelName(), settings.model(), settings.device(), settings.quantization(),
                settings.engine(), settings.tensorParallel(), settings.kvCacheDtype(), settings.maxBatch(),
                settings.maxBatchedTokens(), settings.memoryUtilization(), settings.seed(), settings.jitter(), 0.0001,
                settings.enforceEager());
        int completed = 0;
        Path log = null;
        try {
            // a request log of its own, thrown away after: writing the real one's first line otherwise
            // links its code (string concatenation's bootstrap, the file's writer) inside the first request
            log = logDir == null ? Files.createTempFile("benchsuite-serve-sim-warm-up", ".jsonl")
                    : Files.createTempFile(logDir, "benchsuite-serve-sim-warm-up", ".jsonl");
        } catch (IOException e) {
            // no log, a colder first line; the rest is warmed all the same
        }
        SimHttpServer.Builder throwaway = SimHttpServer.builder().settings(fast).tokenizer(tokenizer).host("127.0.0.1").port(0);
        if (log != null) throwaway.requestLog(log);
        try (SimHttpServer s = throwaway.start()) {
            Socket socket = null;
            try {
                for (int i = 0; i < REQUESTS; i++) {
                    if (socket == null) socket = new Socket(InetAddress.getLoopbackAddress(), s.port());
                    boolean close = i % 2 == 1;
                    if (!exchange(socket, i, close, settings.modelName(), prompt(i, settings.model().maxContext()))) break;
                    completed++;
                    if (close) {
                        socket.close();
                        socket = null;
                    }
                }
            } finally {
                if (socket != null) socket.close();
            }
        } catch (IOException | RuntimeException e) {
            // it only saves time: the real server starts all the same
            LoggerFactory.getLogger(ServerWarmUp.class).debug("warm-up stopped after {} requests: {}", completed, e.toString());
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException e) {
                    log.toFile().deleteOnExit();
                }
            }
        }
        return new Result(completed, (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * The prompt of request {@code i}: 512 words, every fourth 8K words, both cut to a quarter of the
     * model's context in words (a word and its space take at most two tokens), so every request fits.
     */
    static String prompt(int i, int maxContext) {
        int fits = Math.max(16, (maxContext - 64) / 4);
        return "warm up ".repeat(Math.min(i % 4 == 3 ? 8 * 1024 : 512, fits));
    }

    /** Sends request {@code i} and reads its whole answer; whether it ended with {@code [DONE]}. */
    private static boolean exchange(Socket socket, int i, boolean close, String model, String prompt) throws IOException {
        boolean chat = i % 2 == 0;
        String body = chat
                ? "{\"model\":\"" + model + "\",\"messages\":[{\"role\":\"user\",\"content\":\"" + prompt
                        + "\"}],\"max_tokens\":8,\"stream\":true,\"stream_options\":{\"include_usage\":true}}"
                : "{\"model\":\"" + model + "\",\"prompt\":\"" + prompt + "\",\"max_tokens\":8,\"stream\":true}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + (chat ? "/v1/chat/completions" : "/v1/completions") + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/json\r\nAccept: text/event-stream\r\nContent-Length: " + bytes.length + "\r\n"
                + (close ? "Connection: close\r\n" : "") + "\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
        InputStream in = socket.getInputStream();
        String status = line(in);
        boolean chunked = false;
        for (String h = line(in); !h.isEmpty(); h = line(in)) {
            if (h.toLowerCase(Locale.ROOT).startsWith("transfer-encoding:") && h.toLowerCase(Locale.ROOT).contains("chunked")) chunked = true;
        }
        if (!status.contains(" 200 ") || !chunked) return false;
        ByteArrayOutputStream events = new ByteArrayOutputStream();
        while (true) {
            int size = Integer.parseInt(line(in).trim(), 16);
            if (size == 0) {
                line(in); // the end of the (empty) trailer
                break;
            }
            events.write(in.readNBytes(size));
            line(in);
        }
        return events.toString(StandardCharsets.UTF_8).contains("data: [DONE]");
    }

    /** One CRLF-terminated line, without the CRLF. */
    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) != '\n') {
            if (c < 0) throw new EOFException("the warm-up server closed the connection");
            if (c != '\r') b.append((char) c);
        }
        return b.toString();
    }
}
