package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's own record of the generation requests it receives, one JSON line each, so that a
 * client's send timing can be checked where it matters, at the server:
 * {@code {"n":0,"receivedNanos":1834221,"api":"chat","promptTokens":12035,"maxTokens":343}}. The instant
 * is taken when the server's I/O thread hands the request to a worker ({@link ArrivalStamps}: before its
 * headers are read), on the server's monotonic clock, in nanoseconds from the server's start; the
 * prompt is counted with the server's tokenizer. A chat request with images also logs each image received
 * and their tokens: {@code "images":[{"format":"png","width":512,"height":512,"bytes":786571}],"imageTokens":326}
 * ({@link ImageParts}); one with audio clips (chat {@code input_audio} parts, a transcription's file) logs them
 * together: {@code "audioClips":1,"audioSeconds":10.0,"audioBytes":320044,"audioTokens":250} ({@link AudioParts}).
 * A line is written when the request is admitted (before it is queued in the engine) and flushed.
 * A reasoning model's request gets a second line when the engine completes it, with the instants its
 * engine generated the first token and the first answer token (same clock and origin), the instants those
 * left the server (the flush that carried each: what a client's times compare with) and its reasoning tokens:
 * {@code {"n":0,"firstTokenNanos":...,"firstAnswerNanos":...,"firstTokenSentNanos":...,"firstAnswerSentNanos":...,
 * "reasoningTokens":40,"outputTokens":60}}.
 * A server that serves several models, or logs routing headers, adds a line per request with the model asked
 * for and those headers ({@link #routed}).
 * A request offering tools or asking a response format gets a line saying what it carried and what the
 * server answered: {@code {"n":0,"toolsReceived":4,"toolChoice":"auto","responseSchema":false,"toolCalled":"get_invoice",
 * "toolArguments":"{...}"}} ({@link ShapedAnswer}).
 */
final class RequestLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RequestLog.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final BufferedWriter out;
    private final long startNanos;
    private boolean failed;

    RequestLog(Path file, long startNanos) {
        this.file = file;
        this.startNanos = startNanos;
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the request log " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * One received request; one with images also logs each (format, width, height, bytes) and the prompt
     * tokens they count for (included in {@code promptTokens}).
     */
    synchronized void received(long number, long arrivalNanos, String api, int promptTokens, int maxTokens, ImageParts images,
                               int imageTokens) {
        received(number, arrivalNanos, api, promptTokens, maxTokens, images, imageTokens, AudioParts.NONE, 0);
    }

    /** {@link #received(long, long, String, int, int, ImageParts, int)} for a request that may carry audio clips too. */
    synchronized void received(long number, long arrivalNanos, String api, int promptTokens, int maxTokens, ImageParts images,
                               int imageTokens, AudioParts audio, int audioTokens) {
        if (failed) return;
        try {
            String imageFields = images.images().isEmpty() ? ""
                    : ",\"images\":" + images.json() + ",\"imageTokens\":" + imageTokens;
            String audioFields = audio.clips().isEmpty() ? "" : audio.logFields(audioTokens);
            out.write("{\"n\":" + number + ",\"receivedNanos\":" + (arrivalNanos - startNanos) + ",\"api\":\"" + api
                    + "\",\"promptTokens\":" + promptTokens + ",\"maxTokens\":" + maxTokens + imageFields + audioFields + "}\n");
            out.flush();
        } catch (IOException e) {
            failed = true;
            LOG.error("cannot append to the request log {}: {}; it stops here", file, e.getMessage());
        }
    }

    /**
     * One completed request of a reasoning model: when its engine generated the first token and the first answer
     * token, and when those left the server (the flush that carried them; -1 when none did).
     */
    synchronized void reasoned(long number, long firstTokenNanos, long firstAnswerNanos, long firstTokenSentNanos,
                               long firstAnswerSentNanos, int reasoningTokens, int outputTokens) {
        if (failed) return;
        try {
            out.write("{\"n\":" + number + ",\"firstTokenNanos\":" + since(firstTokenNanos) + ",\"firstAnswerNanos\":"
                    + since(firstAnswerNanos) + ",\"firstTokenSentNanos\":" + since(firstTokenSentNanos)
                    + ",\"firstAnswerSentNanos\":" + since(firstAnswerSentNanos) + ",\"reasoningTokens\":" + reasoningTokens
                    + ",\"outputTokens\":" + outputTokens + "}\n");
            out.flush();
        } catch (IOException e) {
            failed = true;
            LOG.error("cannot append to the request log {}: {}; it stops here", file, e.getMessage());
        }
    }

    /** An instant as nanoseconds since the server started, or -1 for none. */
    private long since(long nanoTime) {
        return nanoTime < 0 ? -1 : nanoTime - startNanos;
    }

    /**
     * One embeddings, rerank or score request, written when its last input was prefilled: its inputs and
     * their tokens (a rerank or score input's include the query's), received and completed on the same clock.
     */
    synchronized void pooled(long number, long arrivalNanos, long completedNanos, String api, int inputs, long promptTokens) {
        line("{\"n\":" + number + ",\"receivedNanos\":" + (arrivalNanos - startNanos) + ",\"completedNanos\":"
                + (completedNanos - startNanos) + ",\"api\":\"" + api + "\",\"inputs\":" + inputs + ",\"promptTokens\":"
                + promptTokens + "}\n");
    }

    /**
     * The model a request asked for, what loading its adapter cost it, and the routing headers it carried:
     * {@code {"n":0,"model":"adapter-a","adapterLoadMs":40.0,"headers":{"x-session-id":"..."}}}.
     */
    synchronized void routed(long number, String model, double adapterLoadMs, Map<String, String> headers) {
        ObjectNode l = JSON.createObjectNode();
        l.put("n", number);
        l.put("model", model);
        l.put("adapterLoadMs", adapterLoadMs);
        ObjectNode h = l.putObject("headers");
        headers.forEach(h::put);
        line(l.toString() + "\n");
    }

    /** A line of its own (a JSON object and its line end), e.g. what a request offered and the tool the server called. */
    synchronized void line(String json) {
        if (failed) return;
        try {
            out.write(json);
            out.flush();
        } catch (IOException e) {
            failed = true;
            LOG.error("cannot append to the request log {}: {}; it stops here", file, e.getMessage());
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            LOG.warn("closing the request log {} failed: {}", file, e.getMessage());
        }
    }
}
