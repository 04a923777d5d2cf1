package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.sim.AudioTokens;
import io.benchsuite.sim.Seeds;
import io.benchsuite.sim.SimBackend;
import io.benchsuite.sim.Transcription;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Serves {@code POST /v1/audio/transcriptions} as vLLM does: a {@code multipart/form-data} body with the audio
 * {@code file} (its length read from its WAV header), {@code model}, {@code stream} and
 * {@code stream_include_usage}. The clip is run as a {@link Transcription} (its audio tokens and the decoder's task
 * tokens prefilled, a transcript of 3 tokens a second generated), as the in-process simulator runs it.
 *
 * <p>Streamed as vLLM's {@code TranscriptionStreamResponse} events,
 * {@code {"id":"trsc-..","object":"transcription.chunk","created":..,"model":..,"choices":[{"delta":{"content":".."}}]}},
 * a usage event when {@code stream_include_usage} is true, then {@code data: [DONE]}; not streamed as
 * {@code {"text":"..","usage":{"type":"duration","seconds":n}}}. The request log gets the clip:
 * {@code {"n":0,...,"api":"transcription","promptTokens":254,"maxTokens":30,"audioClips":1,"audioSeconds":10.0,..}}.
 */
final class TranscriptionHandler extends PostHandler {
    /** The path served. */
    static final String PATH = "/v1/audio/transcriptions";

    private final SimBackend backend;
    private final String servedName;
    private final ServerMetrics metrics;
    private final RequestLog requestLog;
    private final AudioTokens rule;
    private final AtomicLong requestNumber = new AtomicLong();

    TranscriptionHandler(SimBackend backend, String servedName, ServerMetrics metrics, RequestLog requestLog, AudioTokens rule) {
        this.backend = backend;
        this.servedName = servedName;
        this.metrics = metrics;
        this.requestLog = requestLog;
        this.rule = rule;
    }

    @Override
    boolean serves(String path) {
        return path.equals(PATH);
    }

    @Override
    void serve(HttpExchange ex, String path, long arrival) throws IOException {
        long number = requestNumber.getAndIncrement();
        FormData form;
        try {
            form = FormData.parse(ex.getRequestHeaders().getFirst("Content-Type"), ex.getRequestBody().readAllBytes());
        } catch (IllegalArgumentException e) {
            error(ex, PATH, 400, e.getMessage());
            return;
        }
        byte[] file = form.file("file");
        if (file == null) {
            error(ex, PATH, 400, "the form has no 'file' (the audio to transcribe)");
            return;
        }
        String model = form.field("model");
        if (model != null && !model.isEmpty() && !model.equals(servedName)) {
            error(ex, PATH, 404, "The model `" + model + "` does not exist.");
            return;
        }
        boolean stream = "true".equalsIgnoreCase(form.field("stream"));
        boolean includeUsage = "true".equalsIgnoreCase(form.field("stream_include_usage"));
        AudioParts audio = new AudioParts(List.of(AudioParts.clip(form.fileType("file"), file)));
        Transcription t = Transcription.of(audio.seconds(), rule);
        if (requestLog != null) {
            requestLog.received(number, arrival, "transcription", t.promptTokens(), t.maxTokens(), ImageParts.NONE, 0, audio,
                    t.audioTokens());
        }
        InferenceRequest request = t.engineRequest(number, servedName, number, stream);
        StreamEvents events = new StreamEvents(metrics, arrival);
        RequestHandle handle = backend.send(request, events);
        String id = "trsc-" + Long.toHexString(Seeds.mix(number + 1));
        long created = System.currentTimeMillis() / 1000;
        try {
            respond(ex, events, handle, id, created, stream, includeUsage, Math.max(0, audio.seconds()));
        } catch (IOException e) {
            handle.cancel();
            throw e;
        }
    }

    private void respond(HttpExchange ex, StreamEvents events, RequestHandle handle, String id, long created, boolean stream,
                         boolean includeUsage, double seconds) throws IOException {
        OutputStream out = null;
        if (stream) {
            ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            ex.getResponseHeaders().set("Cache-Control", "no-cache");
            ex.sendResponseHeaders(200, 0);
            out = ex.getResponseBody();
        }
        StringBuilder text = new StringBuilder();
        while (true) {
            StreamEvents.Event e = events.poll();
            if (e == null) {
                if (out != null) out.flush();
                try {
                    e = events.take(EVENT_TIMEOUT_MILLIS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    e = null;
                }
                if (e == null) {
                    handle.cancel();
                    if (out == null) error(ex, PATH, 503, "the engine did not complete the transcription");
                    return;
                }
            }
            if (e instanceof StreamEvents.Token t) {
                if (out == null) {
                    text.append(t.text());
                } else {
                    ObjectNode c = chunk(id, created);
                    ObjectNode choice = c.putArray("choices").addObject();
                    choice.putObject("delta").put("content", t.text());
                    choice.putNull("finish_reason");
                    choice.putNull("stop_reason");
                    write(out, c);
                }
            } else if (e instanceof StreamEvents.Done d) {
                if (out == null) {
                    ObjectNode r = json.createObjectNode();
                    r.put("text", text.toString());
                    r.putObject("usage").put("type", "duration").put("seconds", (long) Math.ceil(seconds));
                    send(ex, 200, json.writeValueAsString(r));
                    return;
                }
                if (includeUsage) {
                    ObjectNode c = chunk(id, created);
                    c.putArray("choices");
                    ChunkTemplate.usage(c, d.usage());
                    write(out, c);
                }
                out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                return;
            } else {
                metrics.finished("abort");
                if (out == null) error(ex, PATH, 503, "request ended by the engine: " + ((StreamEvents.Failed) e).error().message());
                return;
            }
        }
    }

    private ObjectNode chunk(String id, long created) {
        ObjectNode c = json.createObjectNode();
        c.put("id", id);
        c.put("object", "transcription.chunk");
        c.put("created", created);
        c.put("model", servedName);
        return c;
    }

    private void write(OutputStream out, ObjectNode event) throws IOException {
        out.write(("data: " + json.writeValueAsString(event) + "\n\n").getBytes(StandardCharsets.UTF_8));
    }

}
