package io.benchsuite.core.accuracy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Checks a JSON value against a JSON schema, for the subset of JSON Schema that function-calling
 * schemas and structured-output formats use (no validation library is among this project's
 * dependencies). Checked keywords:
 * <ul>
 *   <li>{@code type}: a name or a list of names among {@code object}, {@code array}, {@code string},
 *       {@code number}, {@code integer}, {@code boolean}, {@code null}; also the Python-style names of the
 *       Berkeley Function-Calling Leaderboard's schemas: {@code dict} (object), {@code float} (number),
 *       {@code tuple} (array), {@code any} (anything);</li>
 *   <li>{@code properties}, {@code required}, {@code additionalProperties} ({@code false} or a schema),
 *       {@code minProperties}, {@code maxProperties};</li>
 *   <li>{@code items} (one schema for every element), {@code minItems}, {@code maxItems};</li>
 *   <li>{@code enum}, {@code const};</li>
 *   <li>{@code minLength}, {@code maxLength}, {@code pattern} (Java regular expressions, found anywhere in the
 *       string, as JSON Schema says);</li>
 *   <li>{@code minimum}, {@code maximum}, {@code exclusiveMinimum}, {@code exclusiveMaximum} (numbers);</li>
 *   <li>{@code anyOf}, {@code oneOf}, {@code allOf}.</li>
 * </ul>
 * Any other keyword ({@code $ref}, {@code format}, {@code if}/{@code then}, {@code dependentRequired},
 * ...) is not checked; {@link #unchecked} names those met, so a grade can say what it did not look at.
 * An integer is a number with no fractional part ({@code 1.0} is an integer, as JSON Schema says).
 */
final class JsonSchemaCheck {
    private static final int MAX_PROBLEMS = 5;
    private static final List<String> KNOWN = List.of("type", "properties", "required", "additionalProperties", "minProperties",
            "maxProperties", "items", "minItems", "maxItems", "enum", "const", "minLength", "maxLength", "pattern", "minimum",
            "maximum", "exclusiveMinimum", "exclusiveMaximum", "anyOf", "oneOf", "allOf",
            // annotations: nothing to check
            "description", "title", "default", "examples", "$schema", "$id", "$comment", "strict", "name");

    private final List<String> problems = new ArrayList<>();
    private final List<String> unchecked = new ArrayList<>();

    private JsonSchemaCheck() {}

    /**
     * The problems of {@code value} against {@code schema}, at most a few, each with its JSON path; empty when
     * the value is valid (for the checked keywords).
     */
    static List<String> problems(JsonNode schema, JsonNode value) {
        JsonSchemaCheck c = new JsonSchemaCheck();
        c.check(schema, value, "$");
        return List.copyOf(c.problems);
    }

    /** The keywords of {@code schema} (at any depth) this check does not look at, sorted, each once. */
    static List<String> unchecked(JsonNode schema) {
        JsonSchemaCheck c = new JsonSchemaCheck();
        c.collectUnchecked(schema);
        return c.unchecked.stream().sorted().toList();
    }

    private void collectUnchecked(JsonNode schema) {
        if (schema == null || !schema.isObject()) return;
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!KNOWN.contains(e.getKey()) && !unchecked.contains(e.getKey())) unchecked.add(e.getKey());
            switch (e.getKey()) {
                case "properties" -> e.getValue().forEach(this::collectUnchecked);
                case "items", "additionalProperties" -> collectUnchecked(e.getValue());
                case "anyOf", "oneOf", "allOf" -> e.getValue().forEach(this::collectUnchecked);
                default -> { }
            }
        }
    }

    private boolean full() {
        return problems.size() >= MAX_PROBLEMS;
    }

    private void problem(String path, String what) {
        if (!full()) problems.add(path + ": " + what);
    }

    private void check(JsonNode schema, JsonNode v, String path) {
        if (schema == null || !schema.isObject() || full()) return; // true, or a schema of nothing checked
        JsonNode type = schema.get("type");
        if (type != null && !typeMatches(type, v)) {
            problem(path, "expected " + (type.isArray() ? "one of " + type : type.asText()) + ", got " + kind(v));
            return;
        }
        JsonNode en = schema.get("enum");
        if (en != null && en.isArray()) {
            boolean found = false;
            for (JsonNode option : en) found |= same(option, v);
            if (!found) problem(path, "value " + brief(v) + " is not one of " + brief(en));
        }
        JsonNode cn = schema.get("const");
        if (cn != null && !same(cn, v)) problem(path, "value " + brief(v) + " is not the constant " + brief(cn));
        if (v.isObject()) object(schema, v, path);
        if (v.isArray()) array(schema, v, path);
        if (v.isTextual()) string(schema, v.asText(), path);
        if (v.isNumber()) number(schema, v.asDouble(), path);
        combinations(schema, v, path);
    }

    private void object(JsonNode schema, JsonNode v, String path) {
        JsonNode props = schema.get("properties");
        JsonNode required = schema.get("required");
        if (required != null && required.isArray()) {
            for (JsonNode r : required) if (!v.has(r.asText())) problem(path, "required property '" + r.asText() + "' is missing");
        }
        JsonNode additional = schema.get("additionalProperties");
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode ps = props != null && props.isObject() ? props.get(e.getKey()) : null;
            String at = path + "." + e.getKey();
            if (ps != null) {
                check(ps, e.getValue(), at);
            } else if (additional != null && additional.isBoolean() && !additional.asBoolean()) {
                problem(at, "property not allowed (additionalProperties is false)");
            } else if (additional != null && additional.isObject()) {
                check(additional, e.getValue(), at);
            }
        }
        bound(schema, "minProperties", v.size(), path, "properties", true);
        bound(schema, "maxProperties", v.size(), path, "properties", false);
    }

    private void array(JsonNode schema, JsonNode v, String path) {
        JsonNode items = schema.get("items");
        if (items != null && items.isObject()) {
            for (int i = 0; i < v.size(); i++) check(items, v.get(i), path + "[" + i + "]");
        }
        bound(schema, "minItems", v.size(), path, "items", true);
        bound(schema, "maxItems", v.size(), path, "items", false);
    }

    private void string(JsonNode schema, String s, String path) {
        int length = s.codePointCount(0, s.length());
        bound(schema, "minLength", length, path, "characters", true);
        bound(schema, "maxLength", length, path, "characters", false);
        JsonNode pattern = schema.get("pattern");
        if (pattern != null && pattern.isTextual()) {
            try {
                if (!Pattern.compile(pattern.asText()).matcher(s).find()) {
                    problem(path, "'" + shorten(s) + "' does not match the pattern " + pattern.asText());
                }
            } catch (PatternSyntaxException e) {
                problem(path, "the schema's pattern '" + pattern.asText() + "' is not a regular expression this check reads");
            }
        }
    }

    private void number(JsonNode schema, double d, String path) {
        JsonNode min = schema.get("minimum");
        JsonNode max = schema.get("maximum");
        JsonNode xmin = schema.get("exclusiveMinimum");
        JsonNode xmax = schema.get("exclusiveMaximum");
        if (min != null && min.isNumber() && d < min.asDouble()) problem(path, d + " is below the minimum " + min.asText());
        if (max != null && max.isNumber() && d > max.asDouble()) problem(path, d + " is above the maximum " + max.asText());
        if (xmin != null && xmin.isNumber() && d <= xmin.asDouble()) problem(path, d + " is not above " + xmin.asText());
        if (xmax != null && xmax.isNumber() && d >= xmax.asDouble()) problem(path, d + " is not below " + xmax.asText());
    }

    private void combinations(JsonNode schema, JsonNode v, String path) {
        JsonNode all = schema.get("allOf");
        if (all != null && all.isArray()) for (JsonNode s : all) check(s, v, path);
        for (String key : new String[] {"anyOf", "oneOf"}) {
            JsonNode options = schema.get(key);
            if (options == null || !options.isArray()) continue;
            int valid = 0;
            for (JsonNode s : options) if (problems(s, v).isEmpty()) valid++;
            if (valid == 0) problem(path, "matches none of the " + key + " schemas");
            else if (key.equals("oneOf") && valid > 1) problem(path, "matches " + valid + " of the oneOf schemas, not exactly one");
        }
    }

    private void bound(JsonNode schema, String keyword, int actual, String path, String unit, boolean lower) {
        JsonNode b = schema.get(keyword);
        if (b == null || !b.isNumber()) return;
        if (lower ? actual < b.asInt() : actual > b.asInt()) {
            problem(path, actual + " " + unit + ", " + (lower ? "fewer" : "more") + " than " + keyword + " " + b.asInt());
        }
    }

    private static boolean typeMatches(JsonNode type, JsonNode v) {
        if (type.isArray()) {
            for (JsonNode t : type) if (typeMatches(t, v)) return true;
            return false;
        }
        return switch (type.asText()) {
            case "object", "dict" -> v.isObject();
            case "array", "tuple" -> v.isArray();
            case "string" -> v.isTextual();
            case "number", "float" -> v.isNumber();
            case "integer" -> v.isIntegralNumber() || v.isNumber() && v.asDouble() == Math.rint(v.asDouble());
            case "boolean" -> v.isBoolean();
            case "null" -> v.isNull();
            default -> true; // "any", or a name this check does not know: not checked
        };
    }

    /** JSON equality with numbers compared by value ({@code 1} equals {@code 1.0}). */
    private static boolean same(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) return a.decimalValue().compareTo(b.decimalValue()) == 0;
        return a.equals(b);
    }

    private static String kind(JsonNode v) {
        if (v.isObject()) return "an object";
        if (v.isArray()) return "an array";
        if (v.isTextual()) return "a string";
        if (v.isIntegralNumber()) return "an integer";
        if (v.isNumber()) return "a number";
        if (v.isBoolean()) return "a boolean";
        return "null";
    }

    private static String brief(JsonNode v) {
        return shorten(v.toString());
    }

    private static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
