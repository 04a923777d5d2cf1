package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Prompts from a JSON Lines file, one request a line:
 * <pre>
 * {"prompt": "Explain the CAP theorem.", "output_tokens": 200}
 * {"messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Why is the sky blue?"}]}
 * </pre>
 * A line has either {@code prompt} (a string, sent as one user message) or {@code messages} (an array
 * of {@code {"role", "content"}}), and optionally {@code output_tokens} (a whole number above 0) and
 * {@code reference} (the expected answer, a string, graded when the run has an accuracy scorer),
 * {@code images} (paths or URLs sent with the prompt, see {@link ImageRecords}), {@code audio} (WAV files, see
 * {@link AudioRecords}) and the tool-calling keys
 * {@code tools}, {@code tool_choice}, {@code expected_call} and {@code response_format} ({@link ToolRecordFields});
 * other keys are ignored. Without {@code output_tokens} the output length is drawn from the given
 * distribution with the request's generator ({@code new SplittableRandom(seed.requestSeed(i))}), so
 * it is the same on every run with the same seed. Input lengths are counted with the run's tokenizer.
 */
public final class JsonlPromptSource implements WorkloadSource {
    private final DataInput input;
    private final LengthDistribution outputTokens;
    private final long limit;

    /**
     * A JSONL prompt file.
     *
     * @param input the file
     * @param outputTokens output length for lines without {@code output_tokens}
     * @param limit the most requests to take, 0 for all
     */
    public JsonlPromptSource(DataInput input, LengthDistribution outputTokens, long limit) {
        this.input = notNull(input, "input");
        this.outputTokens = notNull(outputTokens, "outputTokens");
        if (limit < 0) throw new IllegalArgumentException("limit must be >= 0, got " + limit);
        this.limit = limit;
    }

    @Override
    public String describe() {
        return "jsonl:" + input.name() + " (output=" + outputTokens.describe() + (limit > 0 ? ",limit=" + limit : "") + ")";
    }

    @Override
    public boolean bringsOwnTiming() {
        return false;
    }

    @Override
    public PlanCursor open(SourceContext context) {
        notNull(context, "context");
        return new Cursor(context);
    }

    private final class Cursor extends CountingCursor {
        private final Tokenizer tokenizer;
        private final ScenarioSeed seed;
        private final JsonRecords records;

        Cursor(SourceContext context) {
            this.tokenizer = context.tokenizer();
            this.seed = context.seed();
            this.records = new JsonRecords("jsonl prompts '" + input.name() + "'", input.openStream("jsonl prompts"));
        }

        @Override
        RequestPlan read() {
            if (limit > 0 && nextIndex() >= limit) return null;
            while (true) {
                JsonNode r = records.next();
                if (r == null) return null;
                String where = records.where();
                List<ChatMessage> messages = messages(r, where);
                String prompt = ChatMessage.join(messages);
                int in = tokenizer.countTokens(prompt);
                if (in == 0) {
                    skip("empty prompt");
                    continue;
                }
                long index = nextIndex();
                int out = JsonFields.optionalPositive(r, "output_tokens", where);
                if (out < 0) out = outputTokens.sample(new SplittableRandom(seed.requestSeed(index)));
                RequestPlan.Builder plan = RequestPlan.builder(index).messages(messages).inputTokens(in).outputTokens(out);
                if (r.hasNonNull("reference")) plan.referenceAnswer(JsonFields.text(r, "reference", where));
                ToolRecordFields.addTo(plan, r, where);
                ImageRecords.attach(r, where, plan, input.name());
                AudioRecords.attach(r, where, plan, input.name());
                return plan.build();
            }
        }

        private List<ChatMessage> messages(JsonNode r, String where) {
            boolean hasPrompt = r.hasNonNull("prompt");
            boolean hasMessages = r.hasNonNull("messages");
            if (hasPrompt == hasMessages) {
                throw new WorkloadDataException(where + ": expected either a \"prompt\" string or a \"messages\" array"
                        + (hasPrompt ? ", not both" : ""));
            }
            if (hasPrompt) return List.of(ChatMessage.user(JsonFields.text(r, "prompt", where)));
            JsonNode list = r.get("messages");
            if (!list.isArray() || list.isEmpty()) {
                throw new WorkloadDataException(where + ": \"messages\" must be a non-empty array of {\"role\", \"content\"}, got "
                        + JsonFields.brief(list));
            }
            List<ChatMessage> out = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                String at = where + " message " + (i + 1);
                out.add(new ChatMessage(JsonFields.text(list.get(i), "role", at), JsonFields.text(list.get(i), "content", at)));
            }
            return out;
        }

        @Override
        void release() {
            records.close();
        }
    }
}
