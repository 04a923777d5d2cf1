package io.benchsuite.backends.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.ImageInputs.Format;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each distinct image is encoded once while the budget holds it; what is held stays within the budget. */
class ImageUrlsTest {
    @TempDir
    Path tmp;

    private static String text(ImageUrls.Encoded e) {
        return new String(e.url(), StandardCharsets.US_ASCII);
    }

    @Test
    void aPoolOfImagesIsEncodedOnceEachHoweverOftenItIsSent() {
        ImageUrls urls = new ImageUrls(ImageUrls.DEFAULT_BUDGET);
        for (int request = 0; request < 200; request++) {
            ImageUrls.Encoded e = urls.url(new ImageInputs.Synthetic(64, 64, Format.PNG, request % 5));
            assertThat(text(e)).startsWith("data:image/png;base64,");
        }
        assertThat(urls.encodings()).isEqualTo(5);
        ImageUrls.Encoded e = urls.url(new ImageInputs.Synthetic(64, 64, Format.PNG, 3));
        byte[] decoded = Base64.getDecoder().decode(text(e).substring("data:image/png;base64,".length()));
        assertThat(decoded).isEqualTo(SyntheticImages.encode(new ImageInputs.Synthetic(64, 64, Format.PNG, 3)));
        assertThat(e.imageBytes()).isEqualTo(decoded.length);
    }

    @Test
    void imagesBeyondTheBudgetAreDroppedOldestFirst() {
        long one = new ImageUrls(0).url(new ImageInputs.Synthetic(64, 64, Format.PNG, 0)).url().length;
        ImageUrls urls = new ImageUrls(3 * one);
        for (int i = 0; i < 100; i++) urls.url(new ImageInputs.Synthetic(64, 64, Format.PNG, i));
        assertThat(urls.heldBytes()).isEqualTo(3 * one);
        assertThat(urls.encodings()).isEqualTo(100);
        urls.url(new ImageInputs.Synthetic(64, 64, Format.PNG, 99)); // among the last three: held
        assertThat(urls.encodings()).isEqualTo(100);
        urls.url(new ImageInputs.Synthetic(64, 64, Format.PNG, 0)); // long dropped: encoded again
        assertThat(urls.encodings()).isEqualTo(101);
        assertThat(urls.heldBytes()).isLessThanOrEqualTo(urls.budgetBytes());
    }

    @Test
    void urlsAreSentAsTheyAreAndFilesAsDataUrls() throws Exception {
        ImageUrls urls = new ImageUrls(ImageUrls.DEFAULT_BUDGET);
        assertThat(text(urls.url(new ImageInputs.Reference("https://example.test/cat.jpg"))))
                .isEqualTo("https://example.test/cat.jpg");
        byte[] png = SyntheticImages.encode(new ImageInputs.Synthetic(8, 8, Format.PNG, 1));
        Path file = Files.write(tmp.resolve("picture.bin"), png);
        ImageUrls.Encoded e = urls.url(new ImageInputs.Reference(file.toString()));
        assertThat(text(e)).isEqualTo("data:image/png;base64," + Base64.getEncoder().encodeToString(png));
        assertThat(e.imageBytes()).isEqualTo(png.length);
        assertThatThrownBy(() -> urls.url(new ImageInputs.Reference(tmp.resolve("missing.png").toString())))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("cannot read the image");
    }

    @Test
    void aDataUrlLongerThanOneEncodingSliceIsTheWholeBase64() {
        byte[] bytes = new byte[200_001];
        for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) (i * 31);
        String url = new String(ImageUrls.dataUrl("image/png", bytes), StandardCharsets.US_ASCII);
        assertThat(url).isEqualTo("data:image/png;base64," + Base64.getEncoder().encodeToString(bytes));
    }
}
