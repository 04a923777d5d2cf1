package io.benchsuite.core.workload;

import io.benchsuite.api.workload.LengthDistribution;
import java.nio.file.Path;

/**
 * Parses a length distribution as the command line and scenario files write it, files included:
 * {@code empirical:FILE} and {@code empirical:FILE#field} are read here ({@link EmpiricalLengths}: one
 * number a line, a JSON Lines field, or a CSV column); every other form is {@link LengthDistribution#parse}.
 */
public final class LengthDistributions {
    private static final String FORMS = "expected a length distribution such as 512, uniform:100-500, "
            + "normal:512,64[,min-max], lognormal:550,0.6[,min-max] or empirical:FILE[#field]";

    private LengthDistributions() {}

    /**
     * The distribution {@code text} names; an {@code empirical:} one is read from its file now.
     *
     * @param text e.g. {@code lognormal:550,0.6} or {@code empirical:trace.csv#ContextTokens}
     * @return the distribution
     * @throws IllegalArgumentException naming the text, and for a file its line and what is wrong
     */
    public static LengthDistribution parse(String text) {
        String t = text == null ? "" : text.trim();
        if (!t.regionMatches(true, 0, "empirical:", 0, "empirical:".length())) return LengthDistribution.parse(text);
        String spec = t.substring("empirical:".length()).trim();
        int hash = spec.lastIndexOf('#');
        String path = hash < 0 ? spec : spec.substring(0, hash).trim();
        String field = hash < 0 ? null : spec.substring(hash + 1).trim();
        String forms = FORMS + ", got '" + text + "'";
        if (path.isEmpty()) throw new IllegalArgumentException(forms + ": no file given");
        if (field != null && field.isEmpty()) throw new IllegalArgumentException(forms + ": no field given after '#'");
        try {
            return LengthDistribution.empirical(path + (field == null ? "" : "#" + field),
                    EmpiricalLengths.read(Path.of(path), field));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(forms + ": " + e.getMessage(), e);
        }
    }
}
