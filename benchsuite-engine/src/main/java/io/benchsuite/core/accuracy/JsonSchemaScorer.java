package io.benchsuite.core.accuracy;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.accuracy.AccuracyScorer;
import io.benchsuite.api.accuracy.Answer;
import io.benchsuite.api.accuracy.Grade;
import io.benchsuite.api.tools.ResponseFormat;
import java.util.List;

/**
 * "Output valid against the response format's schema" ({@code --accuracy json-schema}): full credit when the
 * answer's text is one JSON value valid against the request's {@link ResponseFormat} schema (the subset
 * {@link JsonSchemaCheck} reads; the keywords it does not read are named in the grade's reason). No credit
 * when the text is not JSON or breaks the schema, with the first problem as the reason. Needs no reference
 * answer; a request without a response format is ungraded.
 */
public final class JsonSchemaScorer implements AccuracyScorer {

    /** The scorer; found by name through the service list. */
    public JsonSchemaScorer() {
        // stateless
    }

    @Override
    public String name() {
        return "json-schema";
    }

    @Override
    public boolean needsReference() {
        return false;
    }

    @Override
    public Grade grade(String response, String reference) {
        throw new IllegalArgumentException("json-schema grades against the request's response format, which a reference is not");
    }

    @Override
    public Grade grade(Answer answer) {
        ResponseFormat format = answer.sent().get(ResponseFormat.class)
                .orElseThrow(() -> new IllegalArgumentException("the request asked for no response format"));
        JsonNode schema = ToolCallScorer.parseSchema(format.schema(), "response format '" + format.name() + "'");
        JsonNode value = ToolCallScorer.parse(answer.text());
        if (value == null) return Grade.wrong("the answer is not JSON");
        List<String> problems = JsonSchemaCheck.problems(schema, value);
        if (!problems.isEmpty()) return Grade.wrong("breaks the schema: " + problems.get(0));
        List<String> unchecked = JsonSchemaCheck.unchecked(schema);
        return Grade.correct("valid against '" + format.name() + "'" + (unchecked.isEmpty() ? "" : " (not checked: "
                + String.join(", ", unchecked) + ")"));
    }
}
