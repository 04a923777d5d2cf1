package io.benchsuite.sim;

import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.ImagesSent;
import io.benchsuite.api.util.IoErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The size and bytes of each image a request carries, as the in-process simulator counts them without encoding a
 * synthetic image: a synthetic image's size is what defines it; a file's is read from its header
 * ({@link ImageHeader#of}) and its bytes are the file's; a {@code data:} URL is decoded and read as {@code serve-sim}
 * reads it; any other URL is not fetched (size unknown, as on the server). So the vision tokens of each image, and the
 * request's {@link ImagesSent} but for the bytes of a body and of synthetic images, are the same in process as over
 * HTTP. Each file is read once and its figures kept, for at most {@value #MAX_FILES} files. Thread-safe.
 */
final class ImageFigures {
    /** The most files whose figures are kept. */
    static final int MAX_FILES = 65_536;

    private final ConcurrentHashMap<String, ImageHeader> files = new ConcurrentHashMap<>();

    /**
     * The figures of {@code images}, in their order.
     *
     * @param images the request's images
     * @return their figures
     * @throws IOException when a file cannot be read, its message saying which and why
     */
    List<ImageHeader> of(ImageInputs images) throws IOException {
        List<ImageHeader> out = new ArrayList<>(images.count());
        for (ImageInputs.Image i : images.images()) out.add(of(i));
        return out;
    }

    /**
     * Reads the files among {@code images} ahead (each once, kept), so that their reads leave the send path; a
     * synthetic image or a URL is not read ahead, as {@link #of} would only decode a {@code data:} URL a second time.
     *
     * @param images the request's images
     * @throws IOException when a file cannot be read
     */
    void readFilesAhead(ImageInputs images) throws IOException {
        for (ImageInputs.Image i : images.images()) {
            if (i instanceof ImageInputs.Reference r && !r.isUrl()) of(r);
        }
    }

    private ImageHeader of(ImageInputs.Image image) throws IOException {
        if (image instanceof ImageInputs.Synthetic s) {
            return new ImageHeader(s.format().name().toLowerCase(Locale.ROOT), s.width(), s.height(), -1);
        }
        ImageInputs.Reference r = (ImageInputs.Reference) image;
        if (r.isUrl()) return ImageHeader.ofUrl(r.location());
        ImageHeader known = files.get(r.location());
        if (known != null) return known;
        Path file = Path.of(r.location());
        ImageHeader h;
        try {
            h = ImageHeader.of(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new IOException("cannot read the image " + file + ": " + IoErrors.reason(e, file), e);
        }
        if (files.size() < MAX_FILES) files.putIfAbsent(r.location(), h);
        return h;
    }

    /**
     * What a request carrying {@code images} sent, in process: no body was built ({@link ImagesSent#NO_BODY}); the
     * images' bytes are the files' ({@code 0} for a URL, which a client sends as it is), unless one is synthetic, which
     * the simulator never encodes ({@link ImagesSent#NOT_ENCODED}).
     *
     * @param images the request's images
     * @param figures their figures, from {@link #of}
     * @return their count and bytes
     */
    static ImagesSent sent(ImageInputs images, List<ImageHeader> figures) {
        long bytes = 0;
        for (int i = 0; i < figures.size(); i++) {
            ImageInputs.Image image = images.images().get(i);
            if (image instanceof ImageInputs.Synthetic) return new ImagesSent(figures.size(), ImagesSent.NOT_ENCODED, ImagesSent.NO_BODY);
            if (!((ImageInputs.Reference) image).isUrl()) bytes += figures.get(i).bytes();
        }
        return new ImagesSent(figures.size(), bytes, ImagesSent.NO_BODY);
    }

    /**
     * The prompt tokens of {@code figures} under {@code rule}: each image's at its size (an unknown size counts as
     * the rule's unknown one, as {@code serve-sim} counts it).
     *
     * @param figures the images' figures
     * @param rule the vision-token rule
     * @return their tokens together, 0 without any
     */
    static int tokens(List<ImageHeader> figures, VisionTokens rule) {
        int sum = 0;
        for (ImageHeader h : figures) sum += rule.tokens(h.width(), h.height());
        return sum;
    }
}
