package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.SplittableRandom;

/**
 * Draws a JSON value valid against a schema, as a server with guided decoding answers: every required
 * property and about half of the optional ones, values inside {@code enum}, {@code const}, numeric
 * bounds, length and item bounds. Reads the keywords of function-calling and structured-output schemas
 * ({@code type} (also BFCL's {@code dict}, {@code float}, {@code tuple}), {@code properties},
 * {@code required}, {@code items}, {@code enum}, {@code const}, {@code minimum}/{@code maximum},
 * {@code minLength}/{@code maxLength}, {@code minItems}/{@code maxItems}, {@code anyOf}/{@code oneOf}
 * (the first option)); a {@code pattern} is not followed. Values are ASCII, so a text can be cut anywhere.
 */
final class SchemaSample {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] WORDS = {"alpha", "bravo", "paris", "blue", "north", "seven", "delta", "river", "quartz", "lima"};
    private static final int MAX_DEPTH = 6;

    private SchemaSample() {}

    /** A value valid against {@code schema}, drawn with {@code random}. */
    static JsonNode value(JsonNode schema, SplittableRandom random) {
        return value(schema, random, 0);
    }

    private static JsonNode value(JsonNode schema, SplittableRandom random, int depth) {
        if (schema == null || !schema.isObject()) return F.textNode(word(random));
        if (schema.has("const")) return schema.get("const");
        JsonNode en = schema.get("enum");
        if (en != null && en.isArray() && !en.isEmpty()) return en.get(random.nextInt(en.size()));
        for (String key : new String[] {"anyOf", "oneOf", "allOf"}) {
            JsonNode options = schema.get(key);
            if (options != null && options.isArray() && !options.isEmpty()) return value(options.get(0), random, depth + 1);
        }
        JsonNode type = schema.get("type");
        String t = type == null ? (schema.has("properties") ? "object" : "string")
                : type.isArray() && !type.isEmpty() ? type.get(0).asText() : type.asText();
        return switch (t) {
            case "object", "dict" -> object(schema, random, depth);
            case "array", "tuple" -> array(schema, random, depth);
            case "integer" -> F.numberNode(Math.round(number(schema, random, true)));
            case "number", "float" -> F.numberNode(Math.round(number(schema, random, false) * 100) / 100.0);
            case "boolean" -> F.booleanNode(random.nextBoolean());
            case "null" -> F.nullNode();
            default -> F.textNode(string(schema, random));
        };
    }

    private static JsonNode object(JsonNode schema, SplittableRandom random, int depth) {
        ObjectNode o = F.objectNode();
        JsonNode props = schema.get("properties");
        JsonNode required = schema.get("required");
        if (props == null || !props.isObject() || depth >= MAX_DEPTH) return o;
        for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            boolean needed = false;
            if (required != null && required.isArray()) for (JsonNode r : required) needed |= r.asText().equals(name);
            if (needed || random.nextBoolean()) o.set(name, value(props.get(name), random, depth + 1));
        }
        return o;
    }

    private static JsonNode array(JsonNode schema, SplittableRandom random, int depth) {
        ArrayNode a = F.arrayNode();
        int min = schema.path("minItems").asInt(1);
        int max = Math.max(min, schema.path("maxItems").asInt(min + 2));
        int n = depth >= MAX_DEPTH ? 0 : min + random.nextInt(max - min + 1);
        for (int i = 0; i < n; i++) a.add(value(schema.get("items"), random, depth + 1));
        return a;
    }

    private static double number(JsonNode schema, SplittableRandom random, boolean integer) {
        double lo = schema.has("minimum") ? schema.get("minimum").asDouble() : schema.has("exclusiveMinimum")
                ? schema.get("exclusiveMinimum").asDouble() + 1 : 0;
        double hi = schema.has("maximum") ? schema.get("maximum").asDouble() : schema.has("exclusiveMaximum")
                ? schema.get("exclusiveMaximum").asDouble() - 1 : lo + 100;
        if (hi < lo) hi = lo;
        if (integer) {
            long l = (long) Math.ceil(lo);
            long h = (long) Math.floor(hi);
            return h <= l ? l : l + random.nextLong(h - l + 1);
        }
        return lo + random.nextDouble() * (hi - lo);
    }

    private static String string(JsonNode schema, SplittableRandom random) {
        int min = schema.path("minLength").asInt(0);
        int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
        StringBuilder b = new StringBuilder(word(random));
        while (b.length() < min) b.append(' ').append(word(random));
        if (b.length() > max) b.setLength(max);
        return b.toString();
    }

    private static String word(SplittableRandom random) {
        return WORDS[random.nextInt(WORDS.length)];
    }
}
