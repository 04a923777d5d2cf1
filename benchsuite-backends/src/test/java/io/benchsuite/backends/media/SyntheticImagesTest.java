package io.benchsuite.backends.media;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.ImageInputs.Format;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Synthetic images: the same seed gives the same bytes, another seed others, and a decoder reads them back. */
class SyntheticImagesTest {

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedOthers() throws Exception {
        for (Format f : Format.values()) {
            byte[] a = SyntheticImages.encode(new ImageInputs.Synthetic(64, 48, f, 7));
            byte[] again = SyntheticImages.encode(new ImageInputs.Synthetic(64, 48, f, 7));
            byte[] other = SyntheticImages.encode(new ImageInputs.Synthetic(64, 48, f, 8));
            assertThat(again).as(f.name()).isEqualTo(a);
            assertThat(other).as(f.name()).isNotEqualTo(a);
        }
    }

    @Test
    void thePngBytesAreFixedByTheSeedAlone() throws Exception {
        // pinned: the PNG is written byte by byte (stored deflate blocks), so no library version can change it
        byte[] png = SyntheticImages.encode(new ImageInputs.Synthetic(16, 16, Format.PNG, 1));
        assertThat(png.length).isEqualTo(8 + 25 + 12 + 2 + 16 * 49 + 5 + 4 + 12);
        // zlib and CRC checked by Python's zlib when pinned
        assertThat(sha256(png)).isEqualTo("daaf6609141145204b150a413bc7c0bef7ba2837b0a7d172c41bc2b47fa12f50");
    }

    @Test
    void aDecoderReadsThePngPixelForPixel() throws Exception {
        // 300x200: a scanline of 901 bytes and 180,200 bytes of them, so stored blocks split inside scanlines
        int w = 300;
        int h = 200;
        byte[] png = SyntheticImages.encode(new ImageInputs.Synthetic(w, h, Format.PNG, 42));
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(img.getWidth()).isEqualTo(w);
        assertThat(img.getHeight()).isEqualTo(h);
        byte[] rgb = SyntheticImages.pixels(w, h, 42);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = 3 * (y * w + x);
                int expected = (rgb[i] & 0xff) << 16 | (rgb[i + 1] & 0xff) << 8 | (rgb[i + 2] & 0xff);
                assertThat(img.getRGB(x, y) & 0xffffff).as("pixel %d,%d", x, y).isEqualTo(expected);
            }
        }
    }

    @Test
    void aDecoderReadsTheJpegSize() throws Exception {
        byte[] jpeg = SyntheticImages.encode(new ImageInputs.Synthetic(320, 240, Format.JPEG, 3));
        assertThat(jpeg[0] & 0xff).isEqualTo(0xFF);
        assertThat(jpeg[1] & 0xff).isEqualTo(0xD8);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(jpeg));
        assertThat(img.getWidth()).isEqualTo(320);
        assertThat(img.getHeight()).isEqualTo(240);
    }
}
