package io.benchsuite.core.accuracy;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.Reasoning;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.report.model.ToolsSection;
import io.benchsuite.core.report.text.ToolsText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code tools} section: counts, names, malformed arguments and grades of the measured requests that offered tools. */
class ToolsListenerTest {
    private static final ToolSpec SPEC = new ToolSpec(List.of(
            new ToolDefinition("get_weather", "", "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
                    + "\"required\":[\"city\"]}"),
            new ToolDefinition("get_time", "", "{\"type\":\"object\",\"properties\":{}}")), "auto");

    private static RequestRecord record(Window window, Outcome outcome, Object... extras) {
        RequestRecord r = new RequestRecord(0, window, -1, 0, 0, 0, 0, -1, 1_000_000, 10, 4, 10, 4, 4, TokenSource.SERVER, "0",
                outcome, outcome == Outcome.SUCCESS ? null : ErrorKind.HTTP_5XX, outcome == Outcome.SUCCESS ? null : "boom",
                Gaps.empty(), -1, 0, null, 0, 0, OutputKinds.none(), null, Reasoning.none(-1, Gaps.empty()));
        return r.withExtras(RequestExtras.of(extras));
    }

    private static ToolCalls calls(ToolCall... c) {
        return new ToolCalls(List.of(c));
    }

    private static ToolCall call(String name, String args) {
        return new ToolCall(0, "id", name, args, ToolCallsJson.isJson(args));
    }

    @Test
    void countsNamesMalformedArgumentsAndGradesOnlyMeasuredRequestsThatOfferedTools() {
        ToolsListener l = new ToolsListener();
        l.onRequestFinished(record(Window.MEASURED, Outcome.SUCCESS)); // offered no tools
        assertThat(l.reportSections()).as("no tools offered, no section").isEmpty();
        l.onRequestFinished(record(Window.WARM_UP, Outcome.SUCCESS, SPEC, calls(call("get_time", "{}"))));
        l.onRequestFinished(record(Window.MEASURED, Outcome.SUCCESS, SPEC, calls(call("get_weather", "{\"city\":\"paris\"}"))));
        l.onRequestFinished(record(Window.MEASURED, Outcome.SUCCESS, SPEC, calls(call("get_weather", "{\"days\":3}"))));
        l.onRequestFinished(record(Window.MEASURED, Outcome.SUCCESS, SPEC, calls(call("get_time", "{\"zone\":"))));
        l.onRequestFinished(record(Window.MEASURED, Outcome.SUCCESS, SPEC, calls()));
        l.onRequestFinished(record(Window.MEASURED, Outcome.SUCCESS, SPEC)); // a backend that does not read calls
        l.onRequestFinished(record(Window.MEASURED, Outcome.FAILED, SPEC));
        ToolsSection s = l.section();
        assertThat(s.requests()).isEqualTo(6);
        assertThat(s.answeredWithCalls()).isEqualTo(3);
        assertThat(s.answeredInText()).isEqualTo(1);
        assertThat(s.notReported()).isEqualTo(1);
        assertThat(s.calls()).isEqualTo(3);
        assertThat(s.callsPerRequest()).isEqualTo(0.75);
        assertThat(s.names()).containsExactly(Map.entry("get_weather", 2L), Map.entry("get_time", 1L));
        assertThat(s.malformedArguments()).isEqualTo(1);
        // right: paris; wrong: a missing required city, arguments that are not JSON, an answer in text
        assertThat(s.graded()).isEqualTo(4);
        assertThat(s.correct()).isEqualTo(1);
        assertThat(s.accuracy()).isEqualTo(0.25);
        assertThat(l.reportSections()).containsExactly(s);

        assertThat(ToolsText.console(s)).startsWith("tools                6 requests offered tools: 3 answered with calls "
                + "(0.75 per request), 1 in text, 1 without calls reported").contains("1 malformed arguments; accuracy 25.0 % (1 of 4); "
                + "get_weather 2, get_time 1");
        StringBuilder csv = new StringBuilder();
        ToolsText.csv(csv, s);
        assertThat(csv.toString()).contains("tools,requests,6,count\n", "tools,calls_per_request,0.75,ratio\n",
                "tools,malformed_arguments,1,count\n", "tools,accuracy,0.25,ratio\n", "tool:get_weather,calls,2,count\n");
    }

    @Test
    void onlyTheTenMostCalledFunctionsAreNamed() {
        ToolsListener l = new ToolsListener();
        List<ToolDefinition> many = new ArrayList<>();
        for (int i = 0; i < 12; i++) many.add(new ToolDefinition("f" + i, "", "{}"));
        ToolSpec spec = new ToolSpec(many, "auto");
        for (int i = 0; i < 12; i++) {
            for (int k = 0; k <= i; k++) l.onRequestFinished(record(Window.MEASURED, Outcome.SUCCESS, spec, calls(call("f" + i, "{}"))));
        }
        ToolsSection s = l.section();
        assertThat(s.names()).hasSize(ToolsListener.TOP_NAMES);
        assertThat(s.names().keySet().iterator().next()).isEqualTo("f11");
        assertThat(s.otherNames()).as("f0 once, f1 twice").isEqualTo(3);
        assertThat(s.accuracy()).isEqualTo(1.0);
    }

    /** Whether a text is one JSON value, as an HTTP backend decides it. */
    private static final class ToolCallsJson {
        static boolean isJson(String text) {
            return ToolCallScorer.parse(text) != null;
        }
    }
}
