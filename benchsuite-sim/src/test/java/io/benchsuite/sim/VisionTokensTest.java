package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.ImagesSent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tokens per image as the model families define them. */
class VisionTokensTest {

    @Test
    void qwen2VlCountsOneTokenPer28PixelSquareAfterResizingPlusTwo() {
        // 512 / 28 = 18.3 -> 18; 18 x 18 merged patches + <|vision_start|> and <|vision_end|>
        assertThat(VisionTokens.QWEN2_VL.tokens(512, 512)).isEqualTo(18 * 18 + 2);
        // 1024 / 28 = 36.6 -> 37 (width), 768 / 28 = 27.4 -> 27 (height)
        assertThat(VisionTokens.QWEN2_VL.tokens(1024, 768)).isEqualTo(37 * 27 + 2);
        // Python's round halves to even: 14 / 28 = 0.5 -> 0, raised to one factor; 42 / 28 = 1.5 -> 2
        assertThat(VisionTokens.smartResize(42, 42)).containsExactly(56, 56);
        // below 4 x 28 x 28 pixels: scaled up to the minimum
        assertThat(VisionTokens.QWEN2_VL.tokens(10, 10)).isEqualTo(2 * 2 + 2);
        // above 16384 x 28 x 28 pixels: scaled down within it
        int big = VisionTokens.QWEN2_VL.tokens(8192, 8192);
        assertThat(big - 2).isLessThanOrEqualTo(16384).isGreaterThan(16000);
    }

    @Test
    void llavaCountsTheSameWhateverTheSizeAndANumberIsThatMany() {
        assertThat(VisionTokens.LLAVA_1_5.tokens(64, 64)).isEqualTo(576);
        assertThat(VisionTokens.LLAVA_1_5.tokens(2048, 1024)).isEqualTo(576);
        assertThat(VisionTokens.parse("llava-1.5")).isSameAs(VisionTokens.LLAVA_1_5);
        assertThat(VisionTokens.parse(" Qwen2-VL ")).isSameAs(VisionTokens.QWEN2_VL);
        assertThat(VisionTokens.parse("100").tokens(1, 1)).isEqualTo(100);
        assertThatThrownBy(() -> VisionTokens.parse("clip")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("qwen2-vl, llava-1.5 or a number");
        assertThatThrownBy(() -> VisionTokens.parse("0")).hasMessageContaining("at least 1");
    }

    @Test
    void aRequestsImagesAddUpAndAnUnknownSizeCountsAs512() throws Exception {
        ImageInputs images = new ImageInputs(List.of(new ImageInputs.Synthetic(1024, 768, ImageInputs.Format.PNG, 1),
                new ImageInputs.Reference("https://example.test/a.png")));
        assertThat(ImageFigures.tokens(new ImageFigures().of(images), VisionTokens.QWEN2_VL)).isEqualTo(37 * 27 + 2 + 18 * 18 + 2);
    }

    @Test
    void aFilesSizeComesFromItsHeaderAndItsBytesFromTheFile(@TempDir Path dir) throws Exception {
        // a PNG's signature and IHDR chunk (width 640, height 480) and a few bytes of data: all the header reader needs
        byte[] png = new byte[64];
        byte[] head = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 2, (byte) 0x80, 0, 0, 1,
            (byte) 0xe0};
        System.arraycopy(head, 0, png, 0, head.length);
        Path file = Files.write(dir.resolve("a.png"), png);
        ImageInputs images = new ImageInputs(List.of(new ImageInputs.Reference(file.toString()),
                new ImageInputs.Reference("https://example.test/b.png")));
        List<ImageHeader> figures = new ImageFigures().of(images);
        assertThat(figures).containsExactly(new ImageHeader("png", 640, 480, 64), new ImageHeader("url", -1, -1, -1));
        assertThat(ImageFigures.tokens(figures, VisionTokens.QWEN2_VL)).isEqualTo(VisionTokens.QWEN2_VL.tokens(640, 480) + 18 * 18 + 2);
        assertThat(ImageFigures.sent(images, figures)).as("the file's bytes; a URL is sent as it is")
                .isEqualTo(new ImagesSent(2, 64, ImagesSent.NO_BODY));
        ImageInputs synthetic = new ImageInputs(List.of(new ImageInputs.Synthetic(64, 64, ImageInputs.Format.JPEG, 2)));
        assertThat(ImageFigures.sent(synthetic, new ImageFigures().of(synthetic)).logFields()).as("never encoded: no bytes to tell")
                .isEqualTo(Map.of("images", 1));
        ImageFigures ahead = new ImageFigures();
        ahead.readFilesAhead(images);
        Files.delete(file);
        assertThat(ahead.of(images)).as("read ahead once, kept for the send").isEqualTo(figures);
        ImageInputs missing = new ImageInputs(List.of(new ImageInputs.Reference(dir.resolve("gone.png").toString())));
        assertThatThrownBy(() -> new ImageFigures().of(missing)).isInstanceOf(IOException.class)
                .hasMessageContaining("cannot read the image " + dir.resolve("gone.png"));
    }
}
