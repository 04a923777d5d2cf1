package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.tools.ExpectedCall;
import io.benchsuite.api.tools.ToolDefinition;
import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A question file of the Berkeley Function-Calling Leaderboard (BFCL, e.g. {@code BFCL_v3_simple.json}):
 * one JSON object a line, {@code {"id", "question", "function"}}, where {@code question} is a list of
 * turns, each a list of {@code {"role", "content"}} messages (the first turn is sent), and
 * {@code function} the functions offered ({@code {"name", "description", "parameters"}}). The possible
 * answers, when found, give each request its {@link ExpectedCall}: they are read from
 * {@code possible_answer/<same file name>} beside the question file (BFCL's layout), lines
 * {@code {"id", "ground_truth": [{"function name": {"parameter": [acceptable values]}}]}} matched by id.
 *
 * <p>As BFCL does for OpenAI-style servers, the schemas' Python type names are rewritten to JSON Schema's
 * ({@code dict} → {@code object}, {@code float} → {@code number}, {@code tuple} → {@code array}, {@code any}
 * → no type) and dots in function names become underscores (OpenAI allows {@code [a-zA-Z0-9_-]} only),
 * in the expected call too. An entry whose ground truth has several calls (the parallel categories) is
 * sent with its first expected call only; entries of the multi-turn categories (several turns) send their
 * first turn. The answers file (a few hundred lines) is held in memory; the questions are read lazily.
 * Output lengths come from the given distribution, drawn per request from the seed chain.
 */
public final class BfclSource implements WorkloadSource {
    private final DataInput input;
    private final Path answers;
    private final LengthDistribution outputTokens;
    private final String choice;

    /**
     * A BFCL question file.
     *
     * @param questions the question file
     * @param outputTokens output length of each request
     * @param choice the tool choice for every request ({@code auto}, {@code required}, ...)
     */
    public BfclSource(Path questions, LengthDistribution outputTokens, String choice) {
        notNull(questions, "questions");
        this.input = DataInput.of(questions);
        Path parent = questions.toAbsolutePath().getParent();
        Path a = parent == null ? null : parent.resolve("possible_answer").resolve(questions.getFileName().toString());
        this.answers = a != null && Files.isRegularFile(a) ? a : null;
        this.outputTokens = notNull(outputTokens, "outputTokens");
        this.choice = notNull(choice, "choice");
    }

    @Override
    public String describe() {
        return "bfcl:" + input.name() + (answers == null ? " (no possible answers found)" : " (with possible answers)")
                + " output=" + outputTokens.describe();
    }

    @Override
    public boolean bringsOwnTiming() {
        return false;
    }

    @Override
    public PlanCursor open(SourceContext context) {
        notNull(context, "context");
        return new Cursor(context, answers == null ? Map.of() : readAnswers(answers));
    }

    private static Map<String, JsonNode> readAnswers(Path file) {
        Map<String, JsonNode> byId = new HashMap<>();
        try (JsonRecords records = new JsonRecords("bfcl possible answers '" + file.getFileName() + "'",
                DataInput.of(file).openStream("bfcl possible answers"))) {
            JsonNode r;
            while ((r = records.next()) != null) {
                JsonNode truth = r.get("ground_truth");
                if (r.hasNonNull("id") && truth != null && truth.isArray() && !truth.isEmpty()) byId.put(r.get("id").asText(), truth.get(0));
            }
        }
        return byId;
    }

    private final class Cursor extends CountingCursor {
        private final Tokenizer tokenizer;
        private final ScenarioSeed seed;
        private final JsonRecords records;
        private final Map<String, JsonNode> answers;

        Cursor(SourceContext context, Map<String, JsonNode> answers) {
            this.tokenizer = context.tokenizer();
            this.seed = context.seed();
            this.answers = answers;
            this.records = new JsonRecords("bfcl questions '" + input.name() + "'", input.openStream("bfcl questions"));
        }

        @Override
        RequestPlan read() {
            while (true) {
                JsonNode r = records.next();
                if (r == null) return null;
                String where = records.where();
                List<ChatMessage> messages = firstTurn(JsonFields.required(r, "question", where), where);
                JsonNode functions = JsonFields.required(r, "function", where);
                if (messages.isEmpty() || !functions.isArray() || functions.isEmpty()) {
                    skip(messages.isEmpty() ? "no question" : "no functions (irrelevance entries offer none)");
                    continue;
                }
                ArrayNode tools = functions.deepCopy();
                for (JsonNode f : tools) {
                    if (f.isObject()) {
                        ((ObjectNode) f).put("name", openAiName(f.path("name").asText()));
                        if (f.has("parameters")) ((ObjectNode) f).set("parameters", jsonSchemaTypes(f.get("parameters")));
                    }
                }
                List<ToolDefinition> defs = ToolRecordFields.tools(tools, where);
                int in = tokenizer.countTokens(ChatMessage.join(messages));
                if (in == 0) {
                    skip("empty prompt");
                    continue;
                }
                long index = nextIndex();
                RequestPlan.Builder plan = RequestPlan.builder(index).messages(messages).inputTokens(in)
                        .outputTokens(outputTokens.sample(new SplittableRandom(seed.requestSeed(index))));
                try {
                    plan.extra(new ToolSpec(defs, choice));
                } catch (IllegalArgumentException e) {
                    throw new WorkloadDataException(where + ": " + e.getMessage());
                }
                JsonNode truth = r.hasNonNull("id") ? answers.get(r.get("id").asText()) : null;
                if (truth != null && truth.isObject() && truth.size() == 1) {
                    Map.Entry<String, JsonNode> call = truth.fields().next();
                    plan.extra(new ExpectedCall(openAiName(call.getKey()), call.getValue().toString()));
                }
                return plan.build();
            }
        }

        private List<ChatMessage> firstTurn(JsonNode question, String where) {
            JsonNode turn = question.isArray() && !question.isEmpty() && question.get(0).isArray() ? question.get(0) : question;
            List<ChatMessage> out = new ArrayList<>();
            if (turn.isTextual()) return List.of(ChatMessage.user(turn.asText()));
            if (!turn.isArray()) throw new WorkloadDataException(where + ": \"question\" must be a list of turns of messages");
            for (int i = 0; i < turn.size(); i++) {
                String at = where + " message " + (i + 1);
                out.add(new ChatMessage(JsonFields.text(turn.get(i), "role", at), JsonFields.text(turn.get(i), "content", at)));
            }
            return out;
        }

        @Override
        void release() {
            records.close();
        }
    }

    /** BFCL's names may hold dots ({@code math.factorial}); OpenAI's may not. */
    static String openAiName(String name) {
        return name.replace('.', '_');
    }

    /** A copy of a BFCL schema with JSON Schema's type names. */
    static JsonNode jsonSchemaTypes(JsonNode schema) {
        if (schema.isArray()) {
            ArrayNode out = schema.deepCopy();
            for (int i = 0; i < out.size(); i++) out.set(i, jsonSchemaTypes(out.get(i)));
            return out;
        }
        if (!schema.isObject()) return schema;
        ObjectNode out = schema.deepCopy();
        JsonNode type = out.get("type");
        if (type != null && type.isTextual()) {
            switch (type.asText()) {
                case "dict" -> out.put("type", "object");
                case "float" -> out.put("type", "number");
                case "tuple" -> out.put("type", "array");
                case "any" -> out.remove("type");
                default -> { }
            }
        }
        for (String key : new String[] {"items", "additionalProperties"}) {
            if (out.has(key) && out.get(key).isObject()) out.set(key, jsonSchemaTypes(out.get(key)));
        }
        if (out.has("properties") && out.get("properties").isObject()) {
            ObjectNode props = (ObjectNode) out.get("properties");
            for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                props.set(k, jsonSchemaTypes(props.get(k)));
            }
        }
        return out;
    }
}
