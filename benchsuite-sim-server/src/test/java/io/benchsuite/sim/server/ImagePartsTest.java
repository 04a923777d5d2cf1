package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.sim.ImageHeader;
import io.benchsuite.sim.VisionTokens;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Base64;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** What the server reads of the image parts it receives: format, size and bytes, from the headers alone. */
class ImagePartsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static byte[] encode(String format, int w, int h) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(ImageIO.write(new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB), format, out)).isTrue();
        return out.toByteArray();
    }

    private static void image(ArrayNode content, String url) {
        ObjectNode part = content.addObject();
        part.put("type", "image_url");
        part.putObject("image_url").put("url", url);
    }

    @Test
    void dataUrlsAreDecodedToTheirFormatSizeAndBytes() throws Exception {
        byte[] png = encode("png", 321, 123);
        byte[] jpeg = encode("jpeg", 640, 480);
        byte[] gif = encode("gif", 17, 9);
        ArrayNode messages = JSON.createArrayNode();
        messages.addObject().put("role", "system").put("content", "plain text");
        ArrayNode content = messages.addObject().put("role", "user").putArray("content");
        content.addObject().put("type", "text").put("text", "what is this?");
        image(content, "data:image/png;base64," + Base64.getEncoder().encodeToString(png));
        image(content, "data:image/jpeg;base64," + Base64.getEncoder().encodeToString(jpeg));
        image(content, "data:image/gif;base64," + Base64.getEncoder().encodeToString(gif));
        image(content, "https://example.test/x.png");
        image(content, "data:image/png;base64,@@not base64@@");
        ImageParts parts = ImageParts.read(messages);
        assertThat(parts.images()).containsExactly(new ImageHeader("png", 321, 123, png.length),
                new ImageHeader("jpeg", 640, 480, jpeg.length), new ImageHeader("gif", 17, 9, gif.length),
                new ImageHeader("url", -1, -1, -1), new ImageHeader("unknown", -1, -1, -1));
        assertThat(parts.json()).startsWith("[{\"format\":\"png\",\"width\":321,\"height\":123,\"bytes\":" + png.length + "},");
        // unknown sizes count as 512x512
        assertThat(parts.tokens(VisionTokens.QWEN2_VL)).isEqualTo(VisionTokens.QWEN2_VL.tokens(321, 123)
                + VisionTokens.QWEN2_VL.tokens(640, 480) + VisionTokens.QWEN2_VL.tokens(17, 9) + 2 * (18 * 18 + 2));
        assertThat(parts.tokens(VisionTokens.LLAVA_1_5)).isEqualTo(5 * 576);
    }

    @Test
    void messagesWithoutImagePartsHaveNone() throws Exception {
        assertThat(ImageParts.read(JSON.readTree("[{\"role\":\"user\",\"content\":\"hi\"},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}]"))).isSameAs(ImageParts.NONE);
        assertThat(ImageParts.NONE.tokens(VisionTokens.QWEN2_VL)).isZero();
    }
}
