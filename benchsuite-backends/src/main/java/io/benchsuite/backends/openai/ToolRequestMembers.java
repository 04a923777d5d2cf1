package io.benchsuite.backends.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.tools.ResponseFormat;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a request's tools ({@code tools}, {@code tool_choice}) and response format
 * ({@code response_format} of type {@code json_schema}) into an OpenAI request body, in OpenAI's shape,
 * which vLLM, SGLang, llama.cpp's server and TGI's Messages API read too.
 *
 * <p>The schemas arrive as JSON text; their parsed trees are kept for the few distinct specs a run
 * sends (a synthetic workload sends one, a dataset a handful), so a request is not slowed by parsing
 * the same schema again.
 */
final class ToolRequestMembers {
    private static final int CACHED = 256;
    private static final Map<Object, JsonNode> TREES = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, JsonNode> eldest) {
            return size() > CACHED;
        }
    });

    private ToolRequestMembers() {}

    /** Whether the request offers tools (its answer's tool calls are then reported). */
    static boolean offersTools(RequestExtras extras) {
        return extras.get(ToolSpec.class).isPresent();
    }

    /**
     * Adds the members for what {@code extras} holds; the completions API gets the response format only
     * (it has no tools).
     */
    static void write(ObjectNode body, RequestExtras extras, boolean chat) {
        if (extras.isEmpty()) return;
        if (chat) extras.get(ToolSpec.class).ifPresent(spec -> {
            body.set("tools", TREES.computeIfAbsent(spec, k -> tools(spec)).deepCopy());
            body.set("tool_choice", choice(spec));
        });
        extras.get(ResponseFormat.class).ifPresent(f -> body.set("response_format",
                TREES.computeIfAbsent(f, k -> responseFormat(f)).deepCopy()));
    }

    private static JsonNode tools(ToolSpec spec) {
        ArrayNode tools = Json.MAPPER.createArrayNode();
        for (ToolDefinition t : spec.tools()) {
            ObjectNode fn = tools.addObject().put("type", "function").putObject("function");
            fn.put("name", t.name());
            if (!t.description().isEmpty()) fn.put("description", t.description());
            fn.set("parameters", schema(t.parameters(), "tool '" + t.name() + "'"));
        }
        return tools;
    }

    private static JsonNode choice(ToolSpec spec) {
        if (spec.forced().isEmpty()) return Json.MAPPER.getNodeFactory().textNode(spec.choice());
        ObjectNode c = Json.object().put("type", "function");
        c.putObject("function").put("name", spec.forced().get());
        return c;
    }

    private static JsonNode responseFormat(ResponseFormat f) {
        ObjectNode rf = Json.object().put("type", "json_schema");
        ObjectNode js = rf.putObject("json_schema");
        js.put("name", f.name());
        js.set("schema", schema(f.schema(), "response format '" + f.name() + "'"));
        js.put("strict", f.strict());
        return rf;
    }

    private static JsonNode schema(String text, String what) {
        try {
            JsonNode n = Json.parse(text);
            if (!n.isObject()) throw new IllegalArgumentException(what + ": the schema is not a JSON object");
            return n;
        } catch (MalformedResponseException e) {
            throw new IllegalArgumentException(what + ": the schema is not JSON: " + e.getMessage(), e);
        }
    }
}
