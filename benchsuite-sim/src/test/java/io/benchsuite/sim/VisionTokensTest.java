package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ImageInputs;
import java.util.List;
import org.junit.jupiter.api.Test;

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
    void aRequestsImagesAddUpAndAnUnknownSizeCountsAs512() {
        ImageInputs images = new ImageInputs(List.of(new ImageInputs.Synthetic(1024, 768, ImageInputs.Format.PNG, 1),
                new ImageInputs.Reference("https://example.test/a.png")));
        assertThat(VisionTokens.QWEN2_VL.tokens(images)).isEqualTo(37 * 27 + 2 + 18 * 18 + 2);
    }
}
