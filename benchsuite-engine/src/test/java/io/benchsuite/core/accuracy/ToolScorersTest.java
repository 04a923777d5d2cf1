package io.benchsuite.core.accuracy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.accuracy.AccuracyScorers;
import io.benchsuite.api.accuracy.AccuracyTally;
import io.benchsuite.api.accuracy.Answer;
import io.benchsuite.api.accuracy.Grade;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.tools.ExpectedCall;
import io.benchsuite.api.tools.ResponseFormat;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The tool-call and json-schema scorers, and the schema subset they check. */
class ToolScorersTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ToolSpec TOOLS = new ToolSpec(List.of(
            new ToolDefinition("calculate_triangle_area", "", "{\"type\":\"object\",\"properties\":{\"base\":{\"type\":\"integer\"},"
                    + "\"height\":{\"type\":\"integer\"},\"unit\":{\"type\":\"string\"}},\"required\":[\"base\",\"height\"]}"),
            new ToolDefinition("get_time", "", "{\"type\":\"object\",\"properties\":{\"zone\":{\"enum\":[\"UTC\",\"CET\"]}}}")), "auto");
    private static final ExpectedCall TRIANGLE = new ExpectedCall("calculate_triangle_area",
            "{\"base\": [10], \"height\": [5], \"unit\": [\"units\", \"\"]}");

    private static Grade toolCall(String name, String args, Object... sent) {
        RequestExtras s = RequestExtras.of(sent).with(TOOLS);
        ToolCalls calls = new ToolCalls(name == null ? List.of() : List.of(new ToolCall(0, "c1", name, args == null ? "" : args, args != null && ToolCallScorer.parse(args) != null)));
        return new ToolCallScorer().grade(new Answer("", Optional.empty(), s, RequestExtras.of(calls)));
    }

    @Test
    void rightFunctionWithAcceptableArgumentsIsCorrect() {
        assertThat(toolCall("calculate_triangle_area", "{\"base\": 10, \"height\": 5}", TRIANGLE).isCorrect()).isTrue();
        assertThat(toolCall("calculate_triangle_area", "{\"base\": 10.0, \"height\": 5, \"unit\": \" Units\"}", TRIANGLE).isCorrect())
                .as("numbers by value, strings ignoring case and space").isTrue();
    }

    @Test
    void eachWayOfBeingWrongSaysWhy() {
        assertThat(toolCall("get_time", "{}", TRIANGLE).reason()).isEqualTo("called 'get_time', expected 'calculate_triangle_area'");
        assertThat(toolCall("calculate_triangle_area", "{\"base\": 10, \"height\": 6}", TRIANGLE).reason())
                .isEqualTo("argument 'height' is 6, expected one of [5]");
        assertThat(toolCall("calculate_triangle_area", "{\"base\": 10}", TRIANGLE).reason())
                .isEqualTo("arguments of 'calculate_triangle_area' break its schema: $: required property 'height' is missing");
        assertThat(toolCall("calculate_triangle_area", "{\"base\": \"10\", \"height\": 5}", TRIANGLE).reason())
                .isEqualTo("arguments of 'calculate_triangle_area' break its schema: $.base: expected integer, got a string");
        assertThat(toolCall("calculate_triangle_area", "{\"base\": 10, \"height\": 5, \"color\": \"red\"}", TRIANGLE).reason())
                .isEqualTo("argument 'color' was not expected");
        assertThat(toolCall("calculate_triangle_area", "{\"base\": 10, \"hei", TRIANGLE).reason())
                .isEqualTo("arguments of 'calculate_triangle_area' are not a JSON object");
        assertThat(toolCall(null, null, TRIANGLE).reason()).isEqualTo("no tool call (answered in text)");
        assertThat(toolCall("delete_everything", "{}").reason()).isEqualTo("called 'delete_everything', which was not offered");
    }

    @Test
    void withoutAnExpectationAnyOfferedFunctionWithSchemaValidArgumentsCounts() {
        assertThat(toolCall("get_time", "{\"zone\": \"CET\"}").isCorrect()).isTrue();
        assertThat(toolCall("get_time", "{\"zone\": \"PST\"}").reason())
                .isEqualTo("arguments of 'get_time' break its schema: $.zone: value \"PST\" is not one of [\"UTC\",\"CET\"]");
    }

    @Test
    void requestsThatCannotBeGradedAreCountedAsUngradedWithTheReason() {
        AccuracyTally tally = new AccuracyTally(AccuracyScorers.forSpec("tool-call"));
        assertThat(tally.needsReference()).isFalse();
        tally.grade(new Answer("hi", Optional.empty(), RequestExtras.none(), RequestExtras.none()));
        tally.grade(new Answer("", Optional.empty(), RequestExtras.of(TOOLS), RequestExtras.none()));
        assertThat(tally.summary().ungradedReasons()).containsEntry("the request offered no tools", 1L)
                .containsEntry("the backend reported no tool calls (it does not read them)", 1L);
        assertThat(tally.summary().graded()).isZero();
    }

    @Test
    void jsonSchemaScorerGradesTheAnswerTextAgainstTheResponseFormat() {
        ResponseFormat f = new ResponseFormat("person", "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"minLength\":1},"
                + "\"age\":{\"type\":\"integer\",\"minimum\":0}},\"required\":[\"name\",\"age\"],\"additionalProperties\":false}", true);
        var scorer = AccuracyScorers.forSpec("json-schema");
        assertThat(scorer.name()).isEqualTo("json-schema");
        RequestExtras sent = RequestExtras.of(f);
        assertThat(scorer.grade(new Answer("{\"name\": \"Ada\", \"age\": 36}  ", Optional.empty(), sent, RequestExtras.none())))
                .isEqualTo(Grade.correct("valid against 'person'"));
        assertThat(scorer.grade(new Answer("{\"name\": \"Ada\", \"age\": -1}", Optional.empty(), sent, RequestExtras.none())).reason())
                .isEqualTo("breaks the schema: $.age: -1.0 is below the minimum 0");
        assertThat(scorer.grade(new Answer("{\"name\": \"Ada\", \"age\": 1, \"x\": 0}", Optional.empty(), sent, RequestExtras.none()))
                .reason()).isEqualTo("breaks the schema: $.x: property not allowed (additionalProperties is false)");
        assertThat(scorer.grade(new Answer("Sure! {\"name\": \"Ada\"}", Optional.empty(), sent, RequestExtras.none())).reason())
                .isEqualTo("the answer is not JSON");
        assertThatThrownBy(() -> scorer.grade(new Answer("{}", Optional.empty(), RequestExtras.none(), RequestExtras.none())))
                .hasMessage("the request asked for no response format");
    }

    @Test
    void schemaSubsetCoversTypesBoundsCombinationsAndNamesWhatItSkips() throws Exception {
        var schema = JSON.readTree("{\"type\":\"object\",\"properties\":{\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\","
                + "\"pattern\":\"^[a-z]+$\"},\"maxItems\":2},\"n\":{\"type\":[\"integer\",\"null\"]},\"v\":{\"anyOf\":[{\"type\":\"boolean\"},"
                + "{\"const\":3}]},\"d\":{\"type\":\"string\",\"format\":\"date\"},\"f\":{\"type\":\"float\"}}}");
        assertThat(JsonSchemaCheck.problems(schema, JSON.readTree("{\"tags\":[\"a\",\"b\"],\"n\":null,\"v\":3,\"d\":\"x\",\"f\":1}"))).isEmpty();
        assertThat(JsonSchemaCheck.problems(schema, JSON.readTree("{\"tags\":[\"a\",\"B\",\"c\"],\"n\":1.5,\"v\":\"x\"}"))).containsExactly(
                "$.tags[1]: 'B' does not match the pattern ^[a-z]+$",
                "$.tags: 3 items, more than maxItems 2",
                "$.n: expected one of [\"integer\",\"null\"], got a number",
                "$.v: matches none of the anyOf schemas");
        assertThat(JsonSchemaCheck.unchecked(schema)).containsExactly("format");
    }
}
