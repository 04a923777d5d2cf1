package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Conversations in the shape of {@code ShareGPT_V3_unfiltered_cleaned_split.json}:
 * <pre>[{"id": "QWJhYvA_0", "conversations": [{"from": "human", "value": "..."}, {"from": "gpt", "value": "..."}]}, ...]</pre>
 * or its variant with {@code {"role": "user"|"assistant"|"system", "content": "..."}} messages; the
 * file may also hold one such object a line. Speakers {@code human}/{@code user} ask,
 * {@code gpt}/{@code assistant}/{@code chatgpt}/{@code bing}/{@code bard}/{@code model} answer,
 * {@code system} sets the scene; a conversation with any other speaker is skipped and counted.
 *
 * <p><b>One request per conversation</b> (the default): the first human turn that a gpt turn answers
 * is the prompt, and the answer's length in tokens is the output length (the answer is kept as the
 * reference). vLLM takes the first two messages whatever their speakers; this source looks for the
 * first human message followed by an answer, and reads the file in its order (vLLM shuffles it,
 * which needs the whole file in memory). The filters are vLLM's: fewer than 2 messages, a prompt or
 * answer under 4 tokens, a prompt over 1024 tokens or prompt and answer over 2048 drop the
 * conversation ({@link ShareGptOptions}).
 *
 * <p><b>Sessions</b>: each conversation becomes a session whose turns are its human/gpt exchanges,
 * in order (leading system messages open turn 1), until the speakers stop alternating. The length
 * filters apply to each turn's whole prompt (the history so far with its recorded answers, counted
 * message by message, and the new message); the session ends before the first turn that fails them,
 * and a conversation whose first turn fails is skipped.
 */
public final class ShareGptSource implements WorkloadSource {
    private final DataInput input;
    private final ShareGptOptions options;

    /**
     * A ShareGPT-style dataset.
     *
     * @param input the JSON file
     * @param options filters and session handling
     */
    public ShareGptSource(DataInput input, ShareGptOptions options) {
        this.input = notNull(input, "input");
        this.options = notNull(options, "options");
    }

    @Override
    public String describe() {
        return "sharegpt:" + input.name() + " (" + options.describe() + ")";
    }

    @Override
    public boolean bringsOwnTiming() {
        return false;
    }

    @Override
    public PlanCursor open(SourceContext context) {
        notNull(context, "context");
        return new Cursor(context.tokenizer());
    }

    private enum Speaker { SYSTEM, USER, ASSISTANT }

    private record Message(Speaker speaker, String text) {}

    private final class Cursor extends CountingCursor {
        private final Tokenizer tokenizer;
        private final JsonRecords records;
        private final ArrayDeque<RequestPlan> pending = new ArrayDeque<>();
        private long conversations;

        Cursor(Tokenizer tokenizer) {
            this.tokenizer = tokenizer;
            this.records = new JsonRecords("sharegpt dataset '" + input.name() + "'", input.openStream("sharegpt dataset"));
        }

        @Override
        RequestPlan read() {
            while (pending.isEmpty()) {
                if (options.limit() > 0 && conversations >= options.limit()) return null;
                JsonNode record = records.next();
                if (record == null) return null;
                List<Message> messages = messages(record);
                if (messages == null) continue;
                if (messages.size() < 2) {
                    skip("fewer than 2 messages");
                    continue;
                }
                boolean used = options.sessions() ? session(record, messages) : single(messages);
                if (used) conversations++;
            }
            return pending.poll();
        }

        /** The conversation's messages, or null (counted) when a speaker is unknown. */
        private List<Message> messages(JsonNode record) {
            String where = records.where();
            JsonNode list = JsonFields.required(record, "conversations", where);
            if (!list.isArray()) {
                throw new WorkloadDataException(where + ": \"conversations\" must be an array of messages, got "
                        + JsonFields.brief(list));
            }
            List<Message> out = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                JsonNode m = list.get(i);
                String at = where + " message " + (i + 1);
                boolean classic = m.has("from");
                if (!m.isObject() || !(classic || m.has("role"))) {
                    throw new WorkloadDataException(at + ": expected {\"from\", \"value\"} or {\"role\", \"content\"}, got "
                            + JsonFields.brief(m));
                }
                String who = JsonFields.text(m, classic ? "from" : "role", at);
                String text = JsonFields.text(m, classic ? "value" : "content", at);
                Speaker s = speaker(who);
                if (s == null) {
                    skip("unknown speaker '" + who + "'");
                    return null;
                }
                out.add(new Message(s, text));
            }
            return out;
        }

        private boolean single(List<Message> messages) {
            for (int i = 0; i + 1 < messages.size(); i++) {
                if (messages.get(i).speaker() == Speaker.USER && messages.get(i + 1).speaker() == Speaker.ASSISTANT) {
                    String prompt = messages.get(i).text();
                    String answer = messages.get(i + 1).text();
                    int in = tokenizer.countTokens(prompt);
                    int answerTokens = tokenizer.countTokens(answer);
                    int out = options.outputTokens() > 0 ? options.outputTokens() : answerTokens;
                    String problem = problem(in, in, answerTokens, out);
                    if (problem != null) {
                        skip(problem);
                        return false;
                    }
                    pending.add(RequestPlan.builder(nextIndex()).prompt(prompt).inputTokens(in).outputTokens(out)
                            .referenceAnswer(answer).build());
                    return true;
                }
            }
            skip("no human turn followed by a gpt turn");
            return false;
        }

        private boolean session(JsonNode record, List<Message> messages) {
            int i = 0;
            List<ChatMessage> opening = new ArrayList<>();
            while (i < messages.size() && messages.get(i).speaker() == Speaker.SYSTEM) {
                opening.add(new ChatMessage("system", messages.get(i).text()));
                i++;
            }
            List<Message[]> turns = new ArrayList<>();
            while (i + 1 < messages.size() && (options.maxTurns() == 0 || turns.size() < options.maxTurns())
                    && messages.get(i).speaker() == Speaker.USER && messages.get(i + 1).speaker() == Speaker.ASSISTANT) {
                turns.add(new Message[] {messages.get(i), messages.get(i + 1)});
                i += 2;
            }
            if (turns.isEmpty()) {
                skip("no human turn followed by a gpt turn");
                return false;
            }
            boolean alternationBroke = i + 1 < messages.size() && (options.maxTurns() == 0 || turns.size() < options.maxTurns());
            JsonNode id = record.get("id");
            String sessionId = (id != null && id.isTextual() ? id.textValue() : "conversation") + "#" + records.record();
            long history = 0;
            for (ChatMessage m : opening) history += tokenizer.countTokens(m.content());
            List<RequestPlan> plans = new ArrayList<>(turns.size());
            for (int t = 0; t < turns.size(); t++) {
                String user = turns.get(t)[0].text();
                String answer = turns.get(t)[1].text();
                List<ChatMessage> sent = new ArrayList<>(t == 0 ? opening : List.of());
                sent.add(ChatMessage.user(user));
                int in = tokenizer.countTokens(ChatMessage.join(sent));
                int userTokens = tokenizer.countTokens(user);
                int answerTokens = tokenizer.countTokens(answer);
                int out = options.outputTokens() > 0 ? options.outputTokens() : answerTokens;
                long whole = history + userTokens;
                String problem = problem(userTokens, whole, answerTokens, out);
                if (problem != null) {
                    if (t == 0) {
                        skip(problem);
                        return false;
                    }
                    adjust("session ended before a turn with " + problem.replace("prompt", "its prompt"));
                    alternationBroke = false;
                    break;
                }
                plans.add(RequestPlan.builder(nextIndex() + t).messages(sent).inputTokens(in).outputTokens(out)
                        .referenceAnswer(answer).session(sessionId, t + 1, false).build());
                history = whole + answerTokens;
            }
            if (alternationBroke) adjust("session ended where speakers stop alternating");
            int last = plans.size() - 1;
            for (int t = 0; t < plans.size(); t++) {
                RequestPlan p = plans.get(t);
                pending.add(t < last ? p : RequestPlan.builder(p.index()).messages(p.messages())
                        .inputTokens(p.inputTokens()).outputTokens(p.outputTokens())
                        .referenceAnswer(p.referenceAnswer().orElseThrow()).session(sessionId, t + 1, true).build());
            }
            return true;
        }

        /** Why a request fails the length filters, in the user's terms, or null. */
        private String problem(int promptTokens, long wholePrompt, int answerTokens, int outputTokens) {
            int min = options.minTokens();
            if (min > 0 && promptTokens < min) return "prompt under " + min + " tokens";
            if (min > 0 && options.outputTokens() == 0 && answerTokens < min) return "answer under " + min + " tokens";
            if (options.maxPromptTokens() > 0 && wholePrompt > options.maxPromptTokens()) {
                return "prompt over " + options.maxPromptTokens() + " tokens";
            }
            if (options.maxTotalTokens() > 0 && wholePrompt + outputTokens > options.maxTotalTokens()) {
                return "prompt + answer over " + options.maxTotalTokens() + " tokens";
            }
            return null;
        }

        @Override
        void release() {
            records.close();
        }
    }

    private static Speaker speaker(String who) {
        return switch (who.trim().toLowerCase(Locale.ROOT)) {
            case "human", "user" -> Speaker.USER;
            case "gpt", "assistant", "chatgpt", "bing", "bard", "model" -> Speaker.ASSISTANT;
            case "system" -> Speaker.SYSTEM;
            default -> null;
        };
    }
}
