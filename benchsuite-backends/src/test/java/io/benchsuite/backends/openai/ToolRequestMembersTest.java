package io.benchsuite.backends.openai;

import static io.benchsuite.backends.testing.Fixtures.okServer;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.tools.ExpectedCall;
import io.benchsuite.api.tools.ResponseFormat;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.backends.testing.ScriptedServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A request's tools and response format in the body, in OpenAI's shape; the expected call never. */
class ToolRequestMembersTest {
    private static final ToolSpec TOOLS = new ToolSpec(List.of(new ToolDefinition("get_weather", "Weather of a city",
            "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}")), "function:get_weather");

    private static InferenceRequest request(Object... extras) {
        InferenceRequest r = new InferenceRequest(0, "m", List.of(ChatMessage.user("weather in Paris?")), 5, 8, false, 0.0, 1, true, Map.of());
        for (Object e : extras) r = r.withExtra(e);
        return r;
    }

    @Test
    void toolsChoiceAndResponseFormatAreWrittenAndTheExpectationIsNot() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            JsonNode body = b.body(request(TOOLS, new ResponseFormat("answer", "{\"type\":\"object\"}", true),
                    new ExpectedCall("get_weather", "{}")));
            assertThat(body.at("/tools/0/type").asText()).isEqualTo("function");
            assertThat(body.at("/tools/0/function/name").asText()).isEqualTo("get_weather");
            assertThat(body.at("/tools/0/function/description").asText()).isEqualTo("Weather of a city");
            assertThat(body.at("/tools/0/function/parameters/required/0").asText()).isEqualTo("city");
            assertThat(body.at("/tool_choice/type").asText()).isEqualTo("function");
            assertThat(body.at("/tool_choice/function/name").asText()).isEqualTo("get_weather");
            assertThat(body.at("/response_format/type").asText()).isEqualTo("json_schema");
            assertThat(body.at("/response_format/json_schema/name").asText()).isEqualTo("answer");
            assertThat(body.at("/response_format/json_schema/strict").asBoolean()).isTrue();
            assertThat(body.toString()).doesNotContain("expected");
            assertThat(b.body(request()).has("tools")).isFalse();
            assertThat(b.body(request(new ToolSpec(TOOLS.tools(), "required"))).get("tool_choice").asText()).isEqualTo("required");
        }
    }

    @Test
    void theCompletionsApiGetsTheResponseFormatButNoTools() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.OPENAI, server.url(), "endpoint", "completions")) {
            JsonNode body = b.body(request(TOOLS, new ResponseFormat("answer", "{\"type\":\"object\"}", false)));
            assertThat(body.has("tools")).isFalse();
            assertThat(body.has("tool_choice")).isFalse();
            assertThat(body.at("/response_format/json_schema/strict").asBoolean()).isFalse();
        }
    }
}
