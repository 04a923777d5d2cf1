package io.benchsuite.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Draws a JSON value valid against a schema, as a server with guided decoding answers: every required
 * property and about half of the optional ones, values inside {@code enum}, {@code const}, numeric
 * bounds, length and item bounds. Reads the keywords of function-calling and structured-output schemas
 * ({@code type} (also BFCL's {@code dict}, {@code float}, {@code tuple}), {@code properties},
 * {@code required}, {@code items}, {@code enum}, {@code const}, {@code minimum}/{@code maximum},
 * {@code minLength}/{@code maxLength}, {@code minItems}/{@code maxItems}, {@code anyOf}/{@code oneOf}
 * (the first option)); a {@code pattern} is not followed. Values are ASCII, so a text can be cut anywhere.
 * Schemas and values are {@link SimJson} trees.
 */
final class SchemaSample {
    private static final String[] WORDS = {"alpha", "bravo", "paris", "blue", "north", "seven", "delta", "river", "quartz", "lima"};
    private static final int MAX_DEPTH = 6;

    private SchemaSample() {}

    /** A value valid against {@code schema} (a parsed schema, or null for none), drawn with {@code random}. */
    static Object value(Object schema, SplittableRandom random) {
        return value(schema, random, 0);
    }

    private static Object value(Object node, SplittableRandom random, int depth) {
        if (!(node instanceof Map<?, ?> schema)) return word(random);
        if (schema.containsKey("const")) return schema.get("const");
        if (schema.get("enum") instanceof List<?> en && !en.isEmpty()) return en.get(random.nextInt(en.size()));
        for (String key : new String[] {"anyOf", "oneOf", "allOf"}) {
            if (schema.get(key) instanceof List<?> options && !options.isEmpty()) return value(options.get(0), random, depth + 1);
        }
        Object type = schema.get("type");
        String t = type == null ? (schema.containsKey("properties") ? "object" : "string")
                : type instanceof List<?> l ? (l.isEmpty() ? "" : String.valueOf(l.get(0))) : String.valueOf(type);
        return switch (t) {
            case "object", "dict" -> object(schema, random, depth);
            case "array", "tuple" -> array(schema, random, depth);
            case "integer" -> Math.round(number(schema, random, true));
            case "number", "float" -> Math.round(number(schema, random, false) * 100) / 100.0;
            case "boolean" -> random.nextBoolean();
            case "null" -> SimJson.NULL;
            default -> string(schema, random);
        };
    }

    private static Object object(Map<?, ?> schema, SplittableRandom random, int depth) {
        Map<String, Object> o = new LinkedHashMap<>();
        if (!(schema.get("properties") instanceof Map<?, ?> props) || depth >= MAX_DEPTH) return o;
        List<?> required = schema.get("required") instanceof List<?> r ? r : List.of();
        for (Map.Entry<?, ?> p : props.entrySet()) {
            String name = p.getKey().toString();
            boolean needed = false;
            for (Object r : required) needed |= String.valueOf(r).equals(name);
            if (needed || random.nextBoolean()) o.put(name, value(p.getValue(), random, depth + 1));
        }
        return o;
    }

    private static Object array(Map<?, ?> schema, SplittableRandom random, int depth) {
        List<Object> a = new ArrayList<>();
        int min = integer(schema.get("minItems"), 1);
        int max = Math.max(min, integer(schema.get("maxItems"), min + 2));
        int n = depth >= MAX_DEPTH ? 0 : min + random.nextInt(max - min + 1);
        for (int i = 0; i < n; i++) a.add(value(schema.get("items"), random, depth + 1));
        return a;
    }

    private static double number(Map<?, ?> schema, SplittableRandom random, boolean integer) {
        double lo = schema.containsKey("minimum") ? real(schema.get("minimum")) : schema.containsKey("exclusiveMinimum")
                ? real(schema.get("exclusiveMinimum")) + 1 : 0;
        double hi = schema.containsKey("maximum") ? real(schema.get("maximum")) : schema.containsKey("exclusiveMaximum")
                ? real(schema.get("exclusiveMaximum")) - 1 : lo + 100;
        if (hi < lo) hi = lo;
        if (integer) {
            long l = (long) Math.ceil(lo);
            long h = (long) Math.floor(hi);
            return h <= l ? l : l + random.nextLong(h - l + 1);
        }
        return lo + random.nextDouble() * (hi - lo);
    }

    private static String string(Map<?, ?> schema, SplittableRandom random) {
        int min = integer(schema.get("minLength"), 0);
        int max = integer(schema.get("maxLength"), Integer.MAX_VALUE);
        StringBuilder b = new StringBuilder(word(random));
        while (b.length() < min) b.append(' ').append(word(random));
        if (b.length() > max) b.setLength(Math.max(0, max));
        return b.toString();
    }

    /** A schema's number, or 0 when it is not one (as a lenient reader takes it). */
    private static double real(Object v) {
        if (v instanceof Number n) return n.doubleValue();
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.strip());
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }

    private static int integer(Object v, int otherwise) {
        if (v instanceof Number n) return n.intValue();
        if (v instanceof String s) {
            try {
                return Integer.parseInt(s.strip());
            } catch (NumberFormatException e) {
                return otherwise;
            }
        }
        return otherwise;
    }

    private static String word(SplittableRandom random) {
        return WORDS[random.nextInt(WORDS.length)];
    }
}
