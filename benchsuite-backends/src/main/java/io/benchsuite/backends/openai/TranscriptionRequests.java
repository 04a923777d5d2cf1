package io.benchsuite.backends.openai;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.AudioSent;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PromptNotSent;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.backends.http.spi.HttpTransport;
import io.benchsuite.backends.media.AudioClips;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sends one transcription request ({@code POST /v1/audio/transcriptions}) as OpenAI's API and vLLM read it: a
 * {@code multipart/form-data} body with the request's first audio clip as {@code file}, then {@code model},
 * {@code response_format=json}, {@code temperature}, {@code stream} and, when streaming with usage asked
 * for, vLLM's {@code stream_include_usage}, then each {@code param.*} as a field of its own
 * ({@code param.language=en}). The response is read by a {@link TranscriptionDialect}; the listener hears
 * {@link AudioSent} (the clip, its seconds and bytes, the body's bytes) and {@link PromptNotSent} (the request's
 * text prompt stays home).
 */
final class TranscriptionRequests {
    private TranscriptionRequests() {}

    /** A body and the clip it carries. */
    record Body(byte[] bytes, String contentType, AudioSent sent) {}

    /**
     * Posts {@code request}'s first audio clip; a request without audio fails (the listener hears why).
     *
     * @param settings the backend's settings, whose endpoint is transcriptions
     * @param transport the backend's transport
     * @param clips the backend's clip cache
     * @param request the request
     * @param listener where the response goes
     * @return the request's handle
     */
    static RequestHandle send(OpenAiSettings settings, HttpTransport transport, AudioClips clips, InferenceRequest request,
                              ResponseListener listener) {
        Body body;
        try {
            body = body(settings, clips, request);
        } catch (RuntimeException e) {
            listener.onError(System.nanoTime(), BackendError.of(ErrorKind.BACKEND_EXCEPTION,
                    "cannot build the request body: " + transport.scrub(String.valueOf(e.getMessage()))));
            return RequestHandle.NONE;
        }
        listener.onExtra(body.sent());
        listener.onExtra(PromptNotSent.INSTANCE); // the record counts the server's prompt tokens, not the planned prompt's
        Map<String, String> headers = new LinkedHashMap<>(request.headers());
        headers.put("Content-Type", body.contentType());
        return transport.post(settings.endpoint().path(), body.bytes(), headers, request.stream(), new TranscriptionDialect(), listener);
    }

    /** The multipart body as sent; package-private for tests. */
    static Body body(OpenAiSettings settings, AudioClips clips, InferenceRequest request) {
        AudioInputs audio = request.extras().get(AudioInputs.class).orElseThrow(() -> new IllegalArgumentException(
                "a transcription request needs an audio clip (--audio-count, or \"audio\" in the dataset's lines)"));
        AudioClips.Encoded clip = clips.clip(audio.clips().get(0));
        // a boundary of the request's seed: the same run sends the same bytes; 30 random-looking characters
        // are not found in a clip by chance
        String boundary = "benchsuite-" + Long.toHexString(request.seed() * 0x9E3779B97F4A7C15L | 1) + Long.toHexString(request.index());
        Multipart m = new Multipart(boundary);
        m.file("file", "audio." + clip.format(), clip.format().equals("mp3") ? "audio/mpeg" : "audio/wav", clip.wav());
        m.field("model", request.model().isBlank() ? settings.model() : request.model());
        m.field("response_format", "json");
        m.field("temperature", Double.toString(request.temperature()));
        m.field("stream", Boolean.toString(request.stream()));
        if (request.stream() && settings.includeUsage() && settings.preset() != Preset.OPENAI) m.field("stream_include_usage", "true");
        settings.extraParams().forEach(m::field);
        byte[] bytes = m.end();
        return new Body(bytes, "multipart/form-data; boundary=" + boundary,
                new AudioSent(1, clip.seconds(), clip.wav().length, bytes.length));
    }

    /** A {@code multipart/form-data} body (RFC 7578), written part by part. */
    private static final class Multipart {
        private final String boundary;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Multipart(String boundary) {
            this.boundary = boundary;
        }

        void field(String name, String value) {
            if (value == null || value.isEmpty()) return;
            head("form-data; name=\"" + name + "\"", null);
            out.writeBytes(value.getBytes(StandardCharsets.UTF_8));
            out.writeBytes(CRLF);
        }

        void file(String name, String fileName, String type, byte[] bytes) {
            head("form-data; name=\"" + name + "\"; filename=\"" + fileName + "\"", type);
            out.writeBytes(bytes);
            out.writeBytes(CRLF);
        }

        private void head(String disposition, String type) {
            ascii("--" + boundary + "\r\nContent-Disposition: " + disposition + "\r\n"
                    + (type == null ? "" : "Content-Type: " + type + "\r\n") + "\r\n");
        }

        byte[] end() {
            ascii("--" + boundary + "--\r\n");
            return out.toByteArray();
        }

        private void ascii(String s) {
            out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        }

        private static final byte[] CRLF = {'\r', '\n'};
    }
}
