package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.Locale;

/**
 * How many prompt tokens an image becomes, as a vision-language model family defines it; the simulated
 * engine prefills them with the text (the vision encoder's cost per image, in the tokens its output adds
 * to the prompt).
 *
 * <ul>
 *   <li>{@code qwen2-vl}: the image is resized to multiples of 28 pixels (14-pixel patches, 2x2 merged)
 *       with its pixel count kept within 4x28x28 to 16384x28x28 ({@code smart_resize} of qwen-vl-utils and
 *       of Transformers' Qwen2-VL image processor), then one token per 28x28 pixels, plus the
 *       {@code <|vision_start|>} and {@code <|vision_end|>} tokens: 512x512 gives 18x18 + 2 = 326.</li>
 *   <li>{@code llava-1.5}: every image is resized to 336x336 and encoded by CLIP ViT-L/14: (336/14)^2 = 576
 *       tokens, whatever its size.</li>
 *   <li>a number: that many tokens per image.</li>
 * </ul>
 *
 * <p>An image whose size is not known (a URL the simulator does not fetch) counts as a 512x512 one.
 */
public final class VisionTokens {
    /** Qwen2-VL's dynamic resolution. */
    public static final VisionTokens QWEN2_VL = new VisionTokens("qwen2-vl", 0);
    /** LLaVA-1.5's fixed 576 tokens. */
    public static final VisionTokens LLAVA_1_5 = new VisionTokens("llava-1.5", 576);
    /** The side assumed for an image of unknown size. */
    public static final int UNKNOWN_SIDE = 512;

    private static final int FACTOR = 28;
    private static final long MIN_PIXELS = 4L * FACTOR * FACTOR;
    private static final long MAX_PIXELS = 16384L * FACTOR * FACTOR;

    private final String name;
    private final int fixed;

    private VisionTokens(String name, int fixed) {
        this.name = name;
        this.fixed = fixed;
    }

    /**
     * {@code n} tokens per image.
     *
     * @param n tokens per image, at least 1
     * @return the rule
     */
    public static VisionTokens fixed(int n) {
        if (n < 1) throw new IllegalArgumentException("tokens per image must be at least 1, got " + n);
        return new VisionTokens(Integer.toString(n), n);
    }

    /**
     * Reads {@code qwen2-vl}, {@code llava-1.5} or a number of tokens per image.
     *
     * @param text the rule's name
     * @return the rule
     * @throws IllegalArgumentException for another text
     */
    public static VisionTokens parse(String text) {
        String t = notNull(text, "vision tokens").strip().toLowerCase(Locale.ROOT);
        if (t.equals(QWEN2_VL.name)) return QWEN2_VL;
        if (t.equals(LLAVA_1_5.name)) return LLAVA_1_5;
        try {
            return fixed(Integer.parseInt(t));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("vision tokens must be qwen2-vl, llava-1.5 or a number of tokens per image, got '"
                    + text + "'");
        }
    }

    /**
     * The prompt tokens of an image.
     *
     * @param width its width in pixels, 0 or less when unknown
     * @param height its height in pixels, 0 or less when unknown
     * @return its tokens
     */
    public int tokens(int width, int height) {
        if (fixed > 0) return fixed;
        if (width <= 0 || height <= 0) {
            width = UNKNOWN_SIDE;
            height = UNKNOWN_SIDE;
        }
        long[] hw = smartResize(height, width);
        return (int) ((hw[0] / FACTOR) * (hw[1] / FACTOR)) + 2;
    }

    /** Qwen2-VL's {@code smart_resize}: {height, width}, multiples of 28 within the pixel bounds. */
    static long[] smartResize(int height, int width) {
        long h = Math.max(FACTOR, roundBy(height));
        long w = Math.max(FACTOR, roundBy(width));
        if (h * w > MAX_PIXELS) {
            double beta = Math.sqrt((double) height * width / MAX_PIXELS);
            h = (long) Math.floor(height / beta / FACTOR) * FACTOR;
            w = (long) Math.floor(width / beta / FACTOR) * FACTOR;
        } else if (h * w < MIN_PIXELS) {
            double beta = Math.sqrt(MIN_PIXELS / ((double) height * width));
            h = (long) Math.ceil(height * beta / FACTOR) * FACTOR;
            w = (long) Math.ceil(width * beta / FACTOR) * FACTOR;
        }
        return new long[] {h, w};
    }

    /** Python's {@code round(n / 28) * 28}: halves round to even. */
    private static long roundBy(int n) {
        return (long) Math.rint((double) n / FACTOR) * FACTOR;
    }

    /**
     * The rule's name, as {@link #parse} reads it.
     *
     * @return e.g. {@code qwen2-vl}
     */
    public String describe() {
        return name;
    }

    @Override
    public String toString() {
        return "VisionTokens[" + name + "]";
    }
}
