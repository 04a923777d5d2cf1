package io.benchsuite.core.accuracy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.accuracy.AccuracyScorer;
import io.benchsuite.api.accuracy.Answer;
import io.benchsuite.api.accuracy.Grade;
import io.benchsuite.api.tools.ExpectedCall;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "Called the right function with valid arguments" ({@code --accuracy tool-call}): full credit when the
 * response's first tool call
 * <ol>
 *   <li>names the function the dataset expects ({@link ExpectedCall}), or, without an expectation (a
 *       synthetic workload), one of the functions offered;</li>
 *   <li>has arguments that are one JSON object, valid against that function's parameter schema (the subset
 *       {@link JsonSchemaCheck} reads);</li>
 *   <li>when the expectation lists acceptable values (the Berkeley Function-Calling Leaderboard's possible
 *       answers), gives each listed parameter one of them (strings compared ignoring case and surrounding
 *       space, numbers by value), leaves one out only when {@code ""} is among its values, and adds none that
 *       is not listed.</li>
 * </ol>
 * No credit otherwise, with the first reason found. Needs no reference answer; a request that offered no
 * tools, or whose backend reports no tool calls, is ungraded with that reason.
 */
public final class ToolCallScorer implements AccuracyScorer {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The scorer; found by name through the service list. */
    public ToolCallScorer() {
        // stateless
    }

    @Override
    public String name() {
        return "tool-call";
    }

    @Override
    public boolean needsReference() {
        return false;
    }

    @Override
    public Grade grade(String response, String reference) {
        throw new IllegalArgumentException("tool-call grades a request's tool calls; a text and a reference are not enough");
    }

    @Override
    public Grade grade(Answer answer) {
        ToolSpec spec = answer.sent().get(ToolSpec.class)
                .orElseThrow(() -> new IllegalArgumentException("the request offered no tools"));
        ToolCalls calls = answer.received().get(ToolCalls.class)
                .orElseThrow(() -> new IllegalArgumentException("the backend reported no tool calls (it does not read them)"));
        if (calls.calls().isEmpty()) return Grade.wrong("no tool call (answered in text)");
        ToolCall call = calls.calls().get(0);
        ExpectedCall expected = answer.sent().get(ExpectedCall.class).orElse(null);
        if (expected != null && !expected.name().equals(call.name())) {
            return Grade.wrong("called '" + call.name() + "', expected '" + expected.name() + "'");
        }
        ToolDefinition tool = spec.tool(call.name()).orElse(null);
        if (tool == null) return Grade.wrong("called '" + call.name() + "', which was not offered");
        JsonNode args = parse(call.arguments());
        if (args == null || !args.isObject()) return Grade.wrong("arguments of '" + call.name() + "' are not a JSON object");
        List<String> problems = JsonSchemaCheck.problems(parseSchema(tool.parameters(), tool.name()), args);
        if (!problems.isEmpty()) return Grade.wrong("arguments of '" + call.name() + "' break its schema: " + problems.get(0));
        if (expected != null) {
            String mismatch = mismatch(parseSchema(expected.acceptable(), "expected " + expected.name()), args);
            if (mismatch != null) return Grade.wrong(mismatch);
        }
        return Grade.correct("called '" + call.name() + "' with valid arguments");
    }

    /** The first argument that is not among the acceptable values, or null when all are. */
    private static String mismatch(JsonNode acceptable, JsonNode args) {
        if (acceptable.isEmpty()) return null;
        for (Iterator<Map.Entry<String, JsonNode>> it = acceptable.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode given = args.get(e.getKey());
            JsonNode options = e.getValue().isArray() ? e.getValue() : JSON.createArrayNode().add(e.getValue());
            if (given == null) {
                boolean optional = false;
                for (JsonNode o : options) optional |= o.isTextual() && o.asText().isEmpty();
                if (!optional) return "argument '" + e.getKey() + "' is missing";
                continue;
            }
            boolean ok = false;
            for (JsonNode o : options) ok |= equal(o, given);
            if (!ok) return "argument '" + e.getKey() + "' is " + brief(given) + ", expected one of " + brief(options);
        }
        for (Iterator<String> it = args.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!acceptable.has(name)) return "argument '" + name + "' was not expected";
        }
        return null;
    }

    private static boolean equal(JsonNode expected, JsonNode given) {
        if (expected.isNumber() && given.isNumber()) return expected.decimalValue().compareTo(given.decimalValue()) == 0;
        if (expected.isTextual() && given.isTextual()) {
            return expected.asText().strip().toLowerCase(Locale.ROOT).equals(given.asText().strip().toLowerCase(Locale.ROOT));
        }
        if (expected.isArray() && given.isArray() && expected.size() == given.size()) {
            for (int i = 0; i < expected.size(); i++) if (!equal(expected.get(i), given.get(i))) return false;
            return true;
        }
        return expected.equals(given);
    }

    static JsonNode parse(String text) {
        try {
            JsonNode n = JSON.readTree(text);
            return n == null || n.isMissingNode() ? null : n;
        } catch (IOException e) {
            return null;
        }
    }

    static JsonNode parseSchema(String text, String what) {
        JsonNode n = parse(text);
        if (n == null || !n.isObject()) throw new IllegalArgumentException(what + ": the schema is not a JSON object");
        return n;
    }

    private static String brief(JsonNode v) {
        String s = v.toString();
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
