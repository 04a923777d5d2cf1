package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.util.WavHeader;
import io.benchsuite.sim.AudioTokens;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The audio clips a request carries, read as far as the simulator needs: a chat request's
 * {@code {"type":"input_audio","input_audio":{"data":<base64>,"format":"wav"}}} content parts (decoded), or a
 * transcription request's file; each clip's length is read from its WAV header. What was received goes into
 * the request log, so a test can check that a client's bodies carried the clips it was configured to send.
 *
 * @param clips the clips, in the order received
 */
record AudioParts(List<Clip> clips) {
    /** A request without audio. */
    static final AudioParts NONE = new AudioParts(List.of());

    /**
     * One clip as received.
     *
     * @param format the format the request named ({@code wav}, {@code mp3}), or {@code unknown}
     * @param seconds its length from its WAV header, -1 when unknown
     * @param bytes its own bytes (decoded from base64), -1 when undecodable
     */
    record Clip(String format, double seconds, long bytes) {
    }

    /** The audio parts of every message of {@code messages} (a chat request's array). */
    static AudioParts read(JsonNode messages) {
        List<Clip> clips = null;
        for (JsonNode m : messages) {
            JsonNode content = m.get("content");
            if (content == null || !content.isArray()) continue;
            for (JsonNode part : content) {
                JsonNode type = part.get("type");
                if (type == null || !"input_audio".equals(type.asText())) continue;
                if (clips == null) clips = new ArrayList<>();
                JsonNode audio = part.path("input_audio");
                JsonNode data = audio.get("data");
                String format = audio.path("format").asText("unknown").toLowerCase(Locale.ROOT);
                byte[] bytes = null;
                if (data != null && data.isTextual()) {
                    try {
                        bytes = Base64.getDecoder().decode(data.asText());
                    } catch (IllegalArgumentException e) {
                        bytes = null;
                    }
                }
                clips.add(bytes == null ? new Clip(format, -1, -1) : clip(format, bytes));
            }
        }
        return clips == null ? NONE : new AudioParts(List.copyOf(clips));
    }

    /** A clip of these bytes: its length from its WAV header, when it has one. */
    static Clip clip(String format, byte[] bytes) {
        return new Clip(format, WavHeader.read(bytes).map(WavHeader::seconds).orElse(-1.0), bytes.length);
    }

    /** The prompt tokens of these clips under {@code rule}. */
    int tokens(AudioTokens rule) {
        int sum = 0;
        for (Clip c : clips) sum += rule.tokens(c.seconds());
        return sum;
    }

    /** Their length together, -1 when one's is unknown. */
    double seconds() {
        double sum = 0;
        for (Clip c : clips) {
            if (c.seconds() < 0) return -1;
            sum += c.seconds();
        }
        return sum;
    }

    /** Their bytes together. */
    long bytes() {
        long sum = 0;
        for (Clip c : clips) sum += Math.max(0, c.bytes());
        return sum;
    }

    /** The log's fields: {@code ,"audioClips":1,"audioSeconds":10.0,"audioBytes":320044,"audioTokens":250}. */
    String logFields(int tokens) {
        double s = seconds();
        return ",\"audioClips\":" + clips.size() + ",\"audioSeconds\":" + (s < 0 ? -1 : Math.round(s * 1000) / 1000.0) + ",\"audioBytes\":"
                + bytes() + ",\"audioTokens\":" + tokens;
    }
}
