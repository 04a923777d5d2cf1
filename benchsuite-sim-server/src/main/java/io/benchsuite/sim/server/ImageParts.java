package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.sim.ImageHeader;
import io.benchsuite.sim.VisionTokens;
import java.util.ArrayList;
import java.util.List;

/**
 * The images a chat request's messages carry ({@code {"type":"image_url","image_url":{"url":...}}} content
 * parts), read as far as the simulator needs: a data URL is decoded to count its bytes and to read the
 * image's width and height from its PNG, JPEG, GIF or WebP header; an {@code http(s)} URL is not fetched
 * (its size is unknown). What was received goes into the request log, so a test can check that a client's
 * bodies carried the images it was configured to send.
 *
 * @param images the images, in the order received
 */
record ImageParts(List<ImageHeader> images) {
    /** A request without images. */
    static final ImageParts NONE = new ImageParts(List.of());

    /** The image parts of every message of {@code messages} (a chat request's array). */
    static ImageParts read(JsonNode messages) {
        List<ImageHeader> images = null;
        for (JsonNode m : messages) {
            JsonNode content = m.get("content");
            if (content == null || !content.isArray()) continue;
            for (JsonNode part : content) {
                JsonNode type = part.get("type");
                if (type == null || !"image_url".equals(type.asText())) continue;
                JsonNode url = part.path("image_url").get("url");
                if (url == null) url = part.get("image_url"); // the older shape: "image_url": "<url>"
                if (images == null) images = new ArrayList<>();
                images.add(url != null && url.isTextual() ? ImageHeader.ofUrl(url.asText()) : new ImageHeader("unknown", -1, -1, -1));
            }
        }
        return images == null ? NONE : new ImageParts(List.copyOf(images));
    }

    /** The prompt tokens of these images under {@code rule}. */
    int tokens(VisionTokens rule) {
        int sum = 0;
        for (ImageHeader i : images) sum += rule.tokens(i.width(), i.height());
        return sum;
    }

    /** The log's form: {@code [{"format":"png","width":512,"height":512,"bytes":786571}]}. */
    String json() {
        StringBuilder b = new StringBuilder("[");
        for (ImageHeader i : images) {
            if (b.length() > 1) b.append(',');
            b.append("{\"format\":\"").append(i.format()).append("\",\"width\":").append(i.width()).append(",\"height\":")
                    .append(i.height()).append(",\"bytes\":").append(i.bytes()).append('}');
        }
        return b.append(']').toString();
    }
}
