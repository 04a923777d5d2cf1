package io.benchsuite.backends.openai;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.media.AudioClips;
import io.benchsuite.backends.media.ImageUrls;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A chat completions body whose last user message carries images as content parts, in the shape OpenAI's
 * API, vLLM and SGLang read:
 * {@code {"role":"user","content":[{"type":"text","text":"..."},{"type":"image_url","image_url":{"url":"data:image/png;base64,..."}}]}}.
 *
 * <p>Why pieces: a data URL is hundreds of kilobytes; passing it through a JSON tree and a serialiser
 * would copy it several times (a string, an escaped buffer, the output). The small parts are rendered
 * with Jackson, each image's URL bytes come from {@link ImageUrls} as they are (base64 needs no escaping),
 * and the body is assembled in one array of its exact size: each byte is copied once.
 *
 * <p>Audio clips follow the images as {@code input_audio} parts, in the shape of OpenAI's chat API (its
 * {@code ChatCompletionContentPartInputAudioParam}: base64 without a {@code data:} prefix, format {@code wav} or
 * {@code mp3}) that vLLM reads too: {@code {"type":"input_audio","input_audio":{"data":"UklGR...","format":"wav"}}}.
 */
final class ImageChatBody {
    private static final byte[] TEXT_PART = bytes(",\"content\":[{\"type\":\"text\",\"text\":");
    private static final byte[] IMAGE_PART = bytes("},{\"type\":\"image_url\",\"image_url\":{\"url\":\"");
    private static final byte[] IMAGE_END = bytes("\"}");
    private static final byte[] AUDIO_PART = bytes("},{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"");
    private static final byte[] AUDIO_FORMAT = bytes("\",\"format\":\"");

    private ImageChatBody() {
    }

    /**
     * A body and what its images weighed.
     *
     * @param bytes the whole body
     * @param images the images it carries
     * @param imageBytes their own bytes (0 for each one sent as a URL to fetch)
     * @param clips the audio clips it carries
     * @param audioSeconds their length together, -1 when one's is unknown
     * @param audioBytes their own bytes (before base64)
     */
    record Composed(byte[] bytes, int images, long imageBytes, int clips, double audioSeconds, long audioBytes) {
    }

    /**
     * The body: {@code "messages"} with the images in the last user message (the last message when none is
     * a user's), then the members of {@code rest}.
     */
    static Composed compose(List<ChatMessage> messages, ImageInputs images, ImageUrls urls, ObjectNode rest) {
        return compose(messages, images, urls, null, null, rest);
    }

    /**
     * The body with images and audio clips in the last user message: the images first, then the clips; either
     * may be {@code null} (none).
     */
    static Composed compose(List<ChatMessage> messages, ImageInputs images, ImageUrls urls, AudioInputs audio, AudioClips clips,
                            ObjectNode rest) {
        if (rest.has("messages")) throw new IllegalArgumentException("the body already has a member 'messages'");
        int target = messages.size() - 1;
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role().equals("user")) {
                target = i;
                break;
            }
        }
        int imageCount = images == null ? 0 : images.count();
        int clipCount = audio == null ? 0 : audio.count();
        List<byte[]> pieces = new ArrayList<>(messages.size() + 4 * imageCount + 5 * clipCount + 8);
        pieces.add(bytes("{\"messages\":["));
        long imageBytes = 0;
        long audioBytes = 0;
        double audioSeconds = 0;
        for (int i = 0; i < messages.size(); i++) {
            ChatMessage m = messages.get(i);
            if (i > 0) pieces.add(bytes(","));
            if (i != target) {
                ObjectNode o = Json.object();
                o.put("role", m.role()).put("content", m.content());
                pieces.add(Json.bytes(o));
                continue;
            }
            pieces.add(bytes("{\"role\":"));
            pieces.add(Json.bytes(TextNode.valueOf(m.role())));
            pieces.add(TEXT_PART);
            pieces.add(Json.bytes(TextNode.valueOf(m.content())));
            for (ImageInputs.Image image : images == null ? List.<ImageInputs.Image>of() : images.images()) {
                ImageUrls.Encoded e = urls.url(image);
                pieces.add(IMAGE_PART);
                pieces.add(e.url());
                pieces.add(IMAGE_END);
                imageBytes += e.imageBytes();
            }
            for (AudioInputs.Clip clip : audio == null ? List.<AudioInputs.Clip>of() : audio.clips()) {
                AudioClips.Encoded e = clips.clip(clip);
                pieces.add(AUDIO_PART);
                pieces.add(e.base64());
                pieces.add(AUDIO_FORMAT);
                pieces.add(bytes(e.format()));
                pieces.add(IMAGE_END);
                audioBytes += e.wav().length;
                audioSeconds = audioSeconds < 0 || e.seconds() < 0 ? -1 : audioSeconds + e.seconds();
            }
            pieces.add(bytes("}]}"));
        }
        byte[] tail = Json.bytes(rest); // {...}
        if (tail.length > 2) {
            pieces.add(bytes("],"));
            pieces.add(Arrays.copyOfRange(tail, 1, tail.length));
        } else {
            pieces.add(bytes("]}"));
        }
        long total = 0;
        for (byte[] p : pieces) total += p.length;
        if (total > Integer.MAX_VALUE - 16) throw new IllegalArgumentException("request body over 2 GB: " + total + " bytes");
        byte[] body = new byte[(int) total];
        int at = 0;
        for (byte[] p : pieces) {
            System.arraycopy(p, 0, body, at, p.length);
            at += p.length;
        }
        return new Composed(body, imageCount, imageBytes, clipCount, audioSeconds, audioBytes);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
