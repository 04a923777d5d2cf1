package io.benchsuite.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.tools.ExpectedCall;
import io.benchsuite.api.tools.ResponseFormat;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Workloads that carry tools and response formats: BFCL files, JSONL tool keys, synthetic schemas. */
class ToolWorkloadsTest {
    @TempDir
    Path tmp;

    private static List<RequestPlan> plans(WorkloadSource s, int max) {
        List<RequestPlan> out = new ArrayList<>();
        try (PlanCursor c = s.open(Fixtures.CONTEXT)) {
            while (out.size() < max) {
                var p = c.next();
                if (p.isEmpty()) break;
                out.add(p.get());
            }
        }
        return out;
    }

    @Test
    void bfclQuestionsGetTheirToolsWithJsonSchemaTypesAndTheirPossibleAnswers() throws URISyntaxException {
        Path questions = Path.of(getClass().getResource("/bfcl/BFCL_v3_simple.json").toURI());
        List<RequestPlan> plans = plans(new BfclSource(questions, LengthDistribution.fixed(32), "auto"), 10);
        assertThat(plans).hasSize(2);
        RequestPlan first = plans.get(0);
        assertThat(first.messages().get(0).content()).isEqualTo("Find the area of a triangle with a base of 10 units and height of 5 units.");
        ToolSpec spec = first.extras().get(ToolSpec.class).orElseThrow();
        assertThat(spec.tools().get(0).name()).isEqualTo("calculate_triangle_area");
        assertThat(spec.tools().get(0).parameters()).startsWith("{\"type\":\"object\"").doesNotContain("dict");
        assertThat(first.extras().get(ExpectedCall.class)).contains(new ExpectedCall("calculate_triangle_area",
                "{\"base\":[10],\"height\":[5],\"unit\":[\"units\",\"\"]}"));
        // a dotted BFCL name becomes an OpenAI one, in the expectation too
        assertThat(plans.get(1).extras().get(ToolSpec.class).orElseThrow().tools().get(0).name()).isEqualTo("math_factorial");
        assertThat(plans.get(1).extras().get(ExpectedCall.class).orElseThrow().name()).isEqualTo("math_factorial");
    }

    @Test
    void jsonlLinesCarryToolKeysInOpenAiShape() throws Exception {
        Path f = tmp.resolve("t.jsonl");
        Files.writeString(f, "{\"prompt\":\"weather?\",\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"parameters\":{\"type\":\"object\"}}}],\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"}},"
                + "\"expected_call\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\": \\\"Paris\\\"}\"}}\n"
                + "{\"prompt\":\"json please\",\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\","
                + "\"schema\":{\"type\":\"object\"},\"strict\":true}}}\n");
        List<RequestPlan> plans = plans(new JsonlPromptSource(DataInput.of(f), LengthDistribution.fixed(8), 0), 10);
        assertThat(plans.get(0).extras().get(ToolSpec.class).orElseThrow().forced()).contains("get_weather");
        assertThat(plans.get(0).extras().get(ExpectedCall.class)).contains(new ExpectedCall("get_weather", "{\"city\":[\"Paris\"]}"));
        assertThat(plans.get(1).extras().get(ResponseFormat.class)).contains(new ResponseFormat("a", "{\"type\":\"object\"}", true));
        assertThat(plans.get(1).extras().get(ToolSpec.class)).isEmpty();
        Files.writeString(f, "{\"prompt\":\"x\",\"tool_choice\":\"required\"}\n");
        assertThatThrownBy(() -> plans(new JsonlPromptSource(DataInput.of(f), LengthDistribution.fixed(8), 0), 1))
                .isInstanceOf(WorkloadDataException.class).hasMessageContaining("\"tool_choice\" and \"expected_call\" need \"tools\"");
    }

    @Test
    void syntheticToolsAreTheSameForTheSameSeedAndOnEveryRequest() {
        WorkloadSource inner = SyntheticSource.builder().inputTokens(LengthDistribution.fixed(32)).outputTokens(LengthDistribution.fixed(8))
                .build();
        SyntheticTools tools = new SyntheticTools(inner, 5, "required", true);
        List<RequestPlan> a = plans(tools, 3);
        List<RequestPlan> b = plans(tools, 3);
        ToolSpec spec = a.get(0).extras().get(ToolSpec.class).orElseThrow();
        assertThat(spec.tools()).hasSize(5);
        assertThat(spec.choice()).isEqualTo("required");
        assertThat(a.get(2).extras()).isEqualTo(a.get(0).extras());
        assertThat(b.get(0).extras()).as("same seed, same schemas").isEqualTo(a.get(0).extras());
        assertThat(a.get(0).extras().get(ResponseFormat.class).orElseThrow().schema()).contains("\"additionalProperties\":false");
        assertThat(a.get(0).messages()).isEqualTo(plans(inner, 1).get(0).messages());
        assertThat(tools.describe()).endsWith("+ 5 synthetic tools (choice required) + json-schema response format");
    }
}
