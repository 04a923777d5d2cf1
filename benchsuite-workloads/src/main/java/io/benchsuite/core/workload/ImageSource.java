package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntToLongFunction;

/**
 * Another source's plans, each carrying synthetic images ({@link ImageInputs}) with its last user message;
 * a plan that brings its own images (a dataset line with {@code images}) keeps them.
 *
 * <p>Every choice comes from the seed chain: request {@code i} draws its image count and its images' seeds
 * from {@code SplittableRandom(requestSeed(i) ^ streamSeed("images"))}; with a pool, image {@code j} of the
 * pool has the seed {@code streamSeed("images/" + j)}. The same seed gives the same images, byte for byte.
 * Plans hold the images' descriptions only: the backend encodes them when the request is sent.
 */
public final class ImageSource extends AddingSource {
    private final ImageOptions options;

    /**
     * {@code inner}'s plans with images.
     *
     * @param inner where the plans come from
     * @param options the images each plan gets
     */
    public ImageSource(WorkloadSource inner, ImageOptions options) {
        super(inner);
        this.options = notNull(options, "options");
    }

    /**
     * The images each plan gets.
     *
     * @return the options
     */
    public ImageOptions options() {
        return options;
    }

    /**
     * The source the plans come from.
     *
     * @return the wrapped source
     */
    public WorkloadSource inner() {
        return inner;
    }

    @Override
    public String describe() {
        return inner.describe() + " + images " + options.describe();
    }

    @Override
    public PlanCursor open(SourceContext context) {
        return drawForEach(context, ImageInputs.class, "images", this::images);
    }

    /** The images of a plan whose random is {@code r}. */
    private ImageInputs images(SplittableRandom r, IntToLongFunction poolSeed) {
        int n = options.count().sample(r);
        List<ImageInputs.Image> images = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            long imageSeed = options.pool() > 0 ? poolSeed.applyAsLong(r.nextInt(options.pool())) : r.nextLong();
            images.add(new ImageInputs.Synthetic(options.width(), options.height(), options.format(), imageSeed));
        }
        return new ImageInputs(images);
    }
}
