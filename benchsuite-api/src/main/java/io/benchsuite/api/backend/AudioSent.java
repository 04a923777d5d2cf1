package io.benchsuite.api.backend;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a request that carried audio sent, a response extra reported by the backend
 * ({@link ResponseListener#onExtra}) and written into the request log: {@code "audioClips":2,
 * "audioSeconds":12.5,"audioBytes":400088,"payloadBytes":533600}. An in-process backend builds no request body:
 * its {@code payloadBytes} are {@link #NO_BODY} and the log leaves the field out (the clips' figures are the same
 * as a client's of the same clips).
 *
 * @param clips how many clips the body carried
 * @param seconds their length together, from their WAV headers ({@code -1} when a clip's header could not be read)
 * @param audioBytes the clips' own bytes (the files, before base64)
 * @param payloadBytes the whole request body, in bytes; {@link #NO_BODY} when no body was built
 */
public record AudioSent(int clips, double seconds, long audioBytes, long payloadBytes) implements RequestExtras.Logged {
    /** The {@code payloadBytes} of a request that was not serialized: one run in process. */
    public static final long NO_BODY = -1;

    /**
     * Checks that no count is negative.
     *
     * @param clips how many clips the body carried
     * @param seconds their length together, or -1 when unknown
     * @param audioBytes the clips' own bytes
     * @param payloadBytes the whole request body, in bytes, or {@link #NO_BODY}
     */
    public AudioSent {
        if (clips < 0 || audioBytes < 0 || (payloadBytes < 0 && payloadBytes != NO_BODY) || !(seconds >= 0 || seconds == -1)) {
            throw new IllegalArgumentException("counts must be >= 0, got " + clips + ", " + seconds + ", " + audioBytes + ", " + payloadBytes);
        }
    }

    @Override
    public Map<String, Object> logFields() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("audioClips", clips);
        f.put("audioSeconds", seconds < 0 ? seconds : Math.round(seconds * 1000) / 1000.0);
        f.put("audioBytes", audioBytes);
        if (payloadBytes != NO_BODY) f.put("payloadBytes", payloadBytes);
        return f;
    }
}
