package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.sim.server.SimHttpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tool calling and structured output end to end: the CLI sends tools or a response format to
 * {@code serve-sim} over HTTP, the server answers with vLLM-shaped tool-call deltas or schema-valid JSON
 * and logs what it received and what it answered, and the client's figures in {@code requests.jsonl} and
 * the accuracy section are checked against that log, request by request (one request at a time, so the
 * server's arrival order is the client's index order).
 */
class ToolCallsOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) out.add(JSON.readTree(line));
        return out;
    }

    private static List<JsonNode> served(Path serverLog, String key) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : lines(serverLog)) if (n.has(key)) out.add(n);
        out.sort(Comparator.comparingLong(n -> n.get("n").asLong()));
        return out;
    }

    private static List<JsonNode> requests(Path out) throws Exception {
        List<JsonNode> r = lines(out.resolve("requests.jsonl"));
        r.sort(Comparator.comparingLong(n -> n.get("index").asLong()));
        return r;
    }

    private int run(SimHttpServer server, Path out, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "--backend", "vllm", "--url", server.baseUri().toString(), "--model",
                "llama-3-8b", "--max-concurrent", "1", "--seed", "5", "--no-progress", "--output-dir", out.toString()));
        args.addAll(List.of(extra));
        CliHarness cli = new CliHarness();
        int code = cli.run(args.toArray(String[]::new));
        if (code != 0 && Files.exists(out.resolve("requests.jsonl"))) System.err.println(Files.readString(out.resolve("requests.jsonl")));
        assertThat(code).as(cli.err() + cli.out()).isZero();
        return code;
    }

    @Test
    void syntheticToolsStreamedCallsMatchTheServersLog() throws Exception {
        Path out = tmp.resolve("tools");
        Path serverLog = tmp.resolve("server.jsonl");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).requestLog(serverLog).start()) {
            run(server, out, "--num-requests", "6", "--input-length", "64", "--output-length", "24", "--tools", "4",
                    "--accuracy", "tool-call");
        }
        List<JsonNode> client = requests(out);
        List<JsonNode> server = served(serverLog, "toolsReceived");
        assertThat(client).hasSize(6);
        assertThat(server).hasSize(6);
        for (int i = 0; i < 6; i++) {
            JsonNode c = client.get(i);
            JsonNode s = server.get(i);
            assertThat(c.get("outcome").asText()).isEqualTo("success");
            assertThat(c.get("toolsSent").asInt()).as("tools sent vs received").isEqualTo(s.get("toolsReceived").asInt()).isEqualTo(4);
            assertThat(c.get("toolChoice").asText()).isEqualTo(s.get("toolChoice").asText()).isEqualTo("auto");
            assertThat(c.get("toolCalls").asInt()).isEqualTo(1);
            assertThat(c.get("toolNames").get(0).asText()).as("request %d", i).isEqualTo(s.get("toolCalled").asText());
            assertThat(c.get("toolArgsJson").asInt()).isEqualTo(1);
            // one chunk for the name, one per argument fragment: every token carried output
            assertThat(c.get("outputTokens").asInt()).isEqualTo(24);
        }
        JsonNode accuracy = JSON.readTree(out.resolve("report.json").toFile()).findValue("accuracy");
        assertThat(accuracy.get("scorer").asText()).isEqualTo("tool-call");
        assertThat(accuracy.get("graded").asLong()).isEqualTo(6);
        assertThat(accuracy.get("correct").asLong()).isEqualTo(6);
    }

    @Test
    void responseFormatAnswersAreValidAgainstTheSchemaWholeOrStreamed() throws Exception {
        for (boolean stream : new boolean[] {true, false}) {
            Path out = tmp.resolve("format-" + stream);
            Path serverLog = tmp.resolve("server-format-" + stream + ".jsonl");
            try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).requestLog(serverLog).start()) {
                List<String> args = new ArrayList<>(List.of("--num-requests", "5", "--input-length", "64", "--output-length", "40",
                        "--response-format", "json-schema", "--accuracy", "json-schema"));
                if (!stream) args.add("--no-stream");
                run(server, out, args.toArray(String[]::new));
            }
            List<JsonNode> server = served(serverLog, "responseSchema");
            assertThat(server).hasSize(5).allSatisfy(s -> {
                assertThat(s.get("responseSchema").asBoolean()).isTrue();
                assertThat(s.get("toolsReceived").asInt()).isZero();
            });
            assertThat(requests(out)).allSatisfy(c -> assertThat(c.get("responseFormat").asText()).isEqualTo("json_schema:synthetic_answer"));
            JsonNode accuracy = JSON.readTree(out.resolve("report.json").toFile()).findValue("accuracy");
            assertThat(accuracy.get("graded").asLong()).as("stream=" + stream).isEqualTo(5);
            assertThat(accuracy.get("correct").asLong()).as("stream=" + stream).isEqualTo(5);
        }
    }

    @Test
    void aDatasetsExpectedCallsGradeTheRightAndTheWrongFunction() throws Exception {
        String tools = "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"parameters\":{\"type\":\"object\","
                + "\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}}},"
                + "{\"type\":\"function\",\"function\":{\"name\":\"get_time\",\"parameters\":{\"type\":\"object\","
                + "\"properties\":{\"zone\":{\"type\":\"string\",\"enum\":[\"UTC\",\"CET\"]}},\"required\":[\"zone\"]}}}]";
        Path data = tmp.resolve("tools.jsonl");
        Files.writeString(data, String.join("\n",
                // the simulated model calls the function the prompt names: right here
                "{\"prompt\":\"Use get_weather for Paris.\",\"tools\":" + tools + ",\"expected_call\":{\"name\":\"get_weather\"}}",
                // and wrong here: the prompt names get_time, the dataset expects get_weather
                "{\"prompt\":\"Use get_time, in UTC.\",\"tools\":" + tools + ",\"tool_choice\":\"required\","
                        + "\"expected_call\":{\"name\":\"get_weather\"}}",
                // a forced choice is what the server calls
                "{\"prompt\":\"What time is it?\",\"tools\":" + tools + ",\"tool_choice\":{\"type\":\"function\",\"function\":"
                        + "{\"name\":\"get_time\"}},\"expected_call\":{\"name\":\"get_time\",\"acceptable\":{\"zone\":[\"UTC\",\"CET\"]}}}")
                + "\n");
        Path out = tmp.resolve("dataset");
        Path serverLog = tmp.resolve("server-dataset.jsonl");
        try (SimHttpServer server = SimHttpServer.builder().tokenizer(Tokenizers.cl100k()).requestLog(serverLog).start()) {
            run(server, out, "--dataset", "jsonl:" + data, "--output-length", "12", "--accuracy", "tool-call");
        }
        List<JsonNode> client = requests(out);
        List<JsonNode> server = served(serverLog, "toolsReceived");
        assertThat(server).extracting(s -> s.get("toolCalled").asText()).containsExactly("get_weather", "get_time", "get_time");
        assertThat(server).extracting(s -> s.get("toolChoice").asText()).containsExactly("auto", "required", "function:get_time");
        assertThat(client).extracting(c -> c.get("toolNames").get(0).asText()).containsExactly("get_weather", "get_time", "get_time");
        assertThat(client).extracting(c -> c.get("expectedTool").asText()).containsExactly("get_weather", "get_weather", "get_time");
        JsonNode accuracy = JSON.readTree(out.resolve("report.json").toFile()).findValue("accuracy");
        assertThat(accuracy.get("graded").asLong()).isEqualTo(3);
        assertThat(accuracy.get("correct").asLong()).isEqualTo(2);
    }
}
