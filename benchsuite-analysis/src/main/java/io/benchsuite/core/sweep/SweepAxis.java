package io.benchsuite.core.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * One swept parameter and its values, e.g. {@code max-concurrent=1,2,4,...,256}. The parameter is a run flag
 * name without its dashes ({@code max-concurrent}, {@code rate}, {@code input-length}, {@code quantization},
 * {@code device}, ...) or a backend option ({@code engine}, {@code tp}, ...). Values are kept as text; an axis
 * whose values are all numbers is numeric and can be searched ({@link io.benchsuite.core.analysis.sweep.SloSearch}).
 *
 * <p>{@code ...} continues a sequence to the value after it: {@code 1,2,4,...,256} doubles (the terms before it
 * have a constant ratio), {@code 10,20,...,100} adds (a constant difference); at least two terms must come
 * before it, and the last value must be reached exactly.
 *
 * @param parameter the parameter's name
 * @param values its values, in the order given, distinct
 */
public record SweepAxis(String parameter, List<String> values) {
    private static final int MAX_VALUES = 10_000;

    /**
     * Checks the parameter and the values.
     *
     * @param parameter the parameter's name
     * @param values its values
     */
    public SweepAxis {
        notNull(parameter, "parameter");
        notNull(values, "values");
        if (parameter.isBlank()) throw new IllegalArgumentException("the swept parameter's name must not be blank");
        if (values.isEmpty()) throw new IllegalArgumentException(parameter + ": give at least one value");
        if (new LinkedHashSet<>(values).size() != values.size()) {
            throw new IllegalArgumentException(parameter + ": values must be distinct, got " + String.join(",", values));
        }
        for (String v : values) {
            if (notNull(v, "value").isBlank()) throw new IllegalArgumentException(parameter + ": a value is blank");
        }
        values = List.copyOf(values);
    }

    /**
     * An axis from numbers.
     *
     * @param parameter the parameter's name
     * @param values its values
     * @return the axis
     */
    public static SweepAxis of(String parameter, Number... values) {
        List<String> text = new ArrayList<>();
        for (Number n : values) text.add(format(n.doubleValue()));
        return new SweepAxis(parameter, text);
    }

    /**
     * Parses {@code parameter=v1,v2,...} (with {@code ...} continuing a sequence).
     *
     * @param text the flag's value
     * @return the axis
     * @throws IllegalArgumentException saying what is wrong
     */
    public static SweepAxis parse(String text) {
        notNull(text, "text");
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new IllegalArgumentException("expected parameter=value,value,... (e.g. max-concurrent=1,2,4,...,256), got '" + text + "'");
        }
        String parameter = text.substring(0, eq).trim();
        if (parameter.startsWith("--")) parameter = parameter.substring(2);
        List<String> raw = new ArrayList<>();
        for (String v : text.substring(eq + 1).split(",", -1)) raw.add(v.trim());
        return new SweepAxis(parameter, expand(parameter, raw));
    }

    private static List<String> expand(String parameter, List<String> raw) {
        int dots = raw.indexOf("...");
        if (dots < 0) return raw;
        if (raw.lastIndexOf("...") != dots) throw new IllegalArgumentException(parameter + ": '...' may appear once");
        if (dots < 2 || dots == raw.size() - 1) {
            throw new IllegalArgumentException(parameter + ": '...' needs at least two values before it and one after it, "
                    + "e.g. 1,2,4,...,256");
        }
        List<BigDecimal> head = new ArrayList<>();
        for (String v : raw.subList(0, dots)) head.add(number(parameter, v));
        BigDecimal last = number(parameter, raw.get(dots + 1));
        BigDecimal diff = head.get(1).subtract(head.get(0));
        boolean arithmetic = true;
        for (int i = 2; i < head.size(); i++) arithmetic &= head.get(i).subtract(head.get(i - 1)).compareTo(diff) == 0;
        boolean geometric = head.get(0).signum() > 0 && head.size() >= 3;
        double ratio = head.get(1).doubleValue() / head.get(0).doubleValue();
        for (int i = 2; geometric && i < head.size(); i++) {
            geometric = Math.abs(head.get(i).doubleValue() / head.get(i - 1).doubleValue() - ratio) < 1e-9 * ratio;
        }
        if (arithmetic == geometric) {
            throw new IllegalArgumentException(parameter + ": cannot tell how '" + String.join(",", raw.subList(0, dots))
                    + ",...' goes on: give two terms with a constant difference (10,20,...,100) or three with a constant ratio (1,2,4,...,256)");
        }
        if (geometric && !(ratio > 1)) throw new IllegalArgumentException(parameter + ": a '...' sequence must grow");
        if (arithmetic && diff.signum() <= 0) throw new IllegalArgumentException(parameter + ": a '...' sequence must grow");
        List<String> out = new ArrayList<>(raw.subList(0, dots));
        BigDecimal x = head.get(head.size() - 1);
        BigDecimal r = BigDecimal.valueOf(ratio);
        while (x.compareTo(last) < 0) {
            x = arithmetic ? x.add(diff) : x.multiply(r);
            if (out.size() > MAX_VALUES) throw new IllegalArgumentException(parameter + ": the sequence has more than " + MAX_VALUES + " values");
            out.add(format(x.doubleValue()));
        }
        if (x.compareTo(last) != 0) {
            throw new IllegalArgumentException(parameter + ": the sequence " + String.join(",", raw.subList(0, dots)) + ",... does not reach "
                    + raw.get(dots + 1) + " (it passes from " + out.get(out.size() - 2) + " to " + out.get(out.size() - 1) + ")");
        }
        out.addAll(raw.subList(dots + 2, raw.size()));
        return out;
    }

    private static BigDecimal number(String parameter, String v) {
        try {
            return new BigDecimal(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(parameter + ": '...' continues numbers only, got '" + v + "'");
        }
    }

    /** Whether every value is a number. */
    public boolean numeric() {
        for (String v : values) {
            try {
                if (!Double.isFinite(Double.parseDouble(v))) return false;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }

    /**
     * The values as numbers.
     *
     * @return the numbers
     * @throws IllegalStateException when the axis is not numeric
     */
    public double[] numbers() {
        if (!numeric()) throw new IllegalStateException(parameter + " is not numeric: " + String.join(",", values));
        return values.stream().mapToDouble(Double::parseDouble).toArray();
    }

    /** Whether the values are whole numbers of a parameter that takes whole numbers (not {@code rate}). */
    public boolean integers() {
        if (!numeric() || parameter.equals("rate")) return false;
        for (double d : numbers()) if (d != Math.rint(d)) return false;
        return true;
    }

    /** A number as a value is written: 8, not 8.0; 2.5 as 2.5. */
    public static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString().toLowerCase(Locale.ROOT);
    }
}
