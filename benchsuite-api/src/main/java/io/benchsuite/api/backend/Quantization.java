package io.benchsuite.api.backend;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Weight quantization of the served model; a label everywhere, and acted on by backends that can. */
public enum Quantization {
    /** Unquantized 16-bit weights (FP16/BF16). */
    NONE(16),
    /** 8-bit floating-point weights. */
    FP8(8),
    /** 4-bit activation-aware weight quantization. */
    AWQ(4),
    /** 4-bit GPTQ weight quantization. */
    GPTQ(4),
    /** 8-bit integer weights. */
    INT8(8);

    private final int weightBits;

    Quantization(int weightBits) {
        this.weightBits = weightBits;
    }

    /**
     * Bits per weight, before group scales and zero points.
     *
     * @return bits per weight, before group scales and zero points
     */
    public int weightBits() {
        return weightBits;
    }

    /**
     * Lower-case label, as used on the command line and in reports.
     *
     * @return lower-case label, as used on the command line and in reports
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code none}, {@code fp8}, {@code awq}, {@code gptq}, {@code int8} (case-insensitive).
     *
     * @throws IllegalArgumentException listing the accepted values
     * @param text the text to parse
     * @return the value parsed from {@code none}, {@code fp8}, {@code awq}, {@code gptq}, {@code int8} (case-insensitive)
     */
    public static Quantization parse(String text) {
        String s = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        try {
            return valueOf(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown quantization '" + text + "' (expected one of "
                    + Arrays.stream(values()).map(Quantization::label).collect(Collectors.joining(", ")) + ")");
        }
    }
}
