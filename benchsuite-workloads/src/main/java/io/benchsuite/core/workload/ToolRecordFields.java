package io.benchsuite.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.tools.ExpectedCall;
import io.benchsuite.api.tools.ResponseFormat;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The tool-calling keys of a JSON Lines prompt record (see {@link JsonlPromptSource}): {@code tools},
 * {@code tool_choice}, {@code expected_call} and {@code response_format}, each optional, read into the
 * plan's extras. The shapes are OpenAI's request members, so a line can be pasted from a real request:
 * <pre>
 * "tools": [{"type": "function", "function": {"name": "get_weather", "description": "...", "parameters": {...}}}]
 * "tool_choice": "auto" | "none" | "required" | {"type": "function", "function": {"name": "get_weather"}}
 * "expected_call": {"name": "get_weather", "arguments": {"city": "Paris"}}
 * "response_format": {"type": "json_schema", "json_schema": {"name": "answer", "schema": {...}, "strict": true}}
 * </pre>
 * A tool may also be written bare ({@code {"name", "description", "parameters"}}). {@code expected_call}'s
 * {@code arguments} are exact values; {@code acceptable} instead lists acceptable values per parameter
 * (the possible-answer form of the Berkeley Function-Calling Leaderboard, {@code ""} marking an optional one).
 */
final class ToolRecordFields {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ToolRecordFields() {}

    /** Adds the record's tool keys, when it has any, to {@code plan}. */
    static void addTo(RequestPlan.Builder plan, JsonNode r, String where) {
        ToolSpec spec = null;
        if (r.hasNonNull("tools")) {
            spec = new ToolSpec(tools(r.get("tools"), where), choice(r.get("tool_choice"), where));
            plan.extra(spec);
        } else if (r.hasNonNull("tool_choice") || r.hasNonNull("expected_call")) {
            throw new WorkloadDataException(where + ": \"tool_choice\" and \"expected_call\" need \"tools\"");
        }
        if (r.hasNonNull("expected_call")) plan.extra(expected(r.get("expected_call"), where));
        if (r.hasNonNull("response_format")) plan.extra(responseFormat(r.get("response_format"), where));
    }

    /** OpenAI-shaped or bare tool definitions. */
    static List<ToolDefinition> tools(JsonNode list, String where) {
        if (!list.isArray() || list.isEmpty()) {
            throw new WorkloadDataException(where + ": \"tools\" must be a non-empty array, got " + JsonFields.brief(list));
        }
        List<ToolDefinition> out = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            JsonNode t = list.get(i);
            JsonNode fn = t.has("function") ? t.get("function") : t;
            String at = where + " tool " + (i + 1);
            String name = JsonFields.text(fn, "name", at);
            JsonNode params = fn.hasNonNull("parameters") ? fn.get("parameters") : null;
            if (params != null && !params.isObject()) {
                throw new WorkloadDataException(at + ": \"parameters\" must be a JSON schema object, got " + JsonFields.brief(params));
            }
            String description = fn.hasNonNull("description") ? fn.get("description").asText() : "";
            try {
                out.add(new ToolDefinition(name, description, params == null ? "{\"type\":\"object\",\"properties\":{}}"
                        : params.toString()));
            } catch (IllegalArgumentException e) {
                throw new WorkloadDataException(at + ": " + e.getMessage());
            }
        }
        return out;
    }

    private static String choice(JsonNode c, String where) {
        if (c == null || c.isNull()) return ToolSpec.AUTO;
        if (c.isTextual()) return c.asText();
        JsonNode name = c.path("function").path("name");
        if (c.isObject() && name.isTextual()) return "function:" + name.asText();
        throw new WorkloadDataException(where + ": \"tool_choice\" must be auto, none, required or {\"type\": \"function\", "
                + "\"function\": {\"name\": ...}}, got " + JsonFields.brief(c));
    }

    private static ExpectedCall expected(JsonNode e, String where) {
        String at = where + " expected_call";
        String name = JsonFields.text(e, "name", at);
        if (e.hasNonNull("acceptable")) {
            if (!e.get("acceptable").isObject()) throw new WorkloadDataException(at + ": \"acceptable\" must be an object");
            return new ExpectedCall(name, e.get("acceptable").toString());
        }
        JsonNode args = e.get("arguments");
        if (args != null && args.isTextual()) args = parse(args.asText(), at); // arguments written as OpenAI sends them
        if (args == null || args.isNull()) return new ExpectedCall(name, "{}");
        if (!args.isObject()) throw new WorkloadDataException(at + ": \"arguments\" must be an object, got " + JsonFields.brief(args));
        ObjectNode acceptable = args.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> it = args.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            acceptable.putArray(f.getKey()).add(f.getValue());
        }
        return new ExpectedCall(name, acceptable.toString());
    }

    private static ResponseFormat responseFormat(JsonNode f, String where) {
        String at = where + " response_format";
        JsonNode js = f.has("json_schema") ? f.get("json_schema") : f;
        JsonNode schema = js.get("schema");
        if (schema == null || !schema.isObject()) {
            throw new WorkloadDataException(at + ": expected {\"type\": \"json_schema\", \"json_schema\": {\"name\", \"schema\"}}, got "
                    + JsonFields.brief(f));
        }
        String name = js.hasNonNull("name") ? js.get("name").asText() : "response";
        return new ResponseFormat(name, schema.toString(), js.path("strict").asBoolean(false));
    }

    private static JsonNode parse(String text, String where) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new WorkloadDataException(where + ": \"arguments\" is a string that is not JSON");
        }
    }
}
