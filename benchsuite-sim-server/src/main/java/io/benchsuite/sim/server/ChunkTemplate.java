package io.benchsuite.sim.server;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.Usage;
import java.nio.charset.StandardCharsets;

/**
 * The token events of one OpenAI-style stream, rendered from a template: the members that do not
 * change within a stream ({@code id}, {@code object}, {@code created}, {@code model}) are written
 * once, and each token adds only its escaped text and finish reason. The bytes are those Jackson
 * writes for the same chunk (same member order, same escaping), at a fraction of the cost: building
 * and serialising a tree per token was about a quarter of the simulated server's CPU in a replay,
 * on a machine it shares with the client it serves.
 */
final class ChunkTemplate {
    private static final JsonStringEncoder ESCAPE = JsonStringEncoder.getInstance();

    private final boolean chat;
    private final String head;

    /**
     * @param chat chat completions ({@code delta.content}) rather than completions ({@code text})
     * @param id the stream's id
     * @param created its creation time, epoch seconds
     * @param model the served model name
     */
    ChunkTemplate(boolean chat, String id, long created, String model) {
        this.chat = chat;
        this.head = "data: {\"id\":" + quoted(id) + ",\"object\":\"" + (chat ? "chat.completion.chunk" : "text_completion")
                + "\",\"created\":" + created + ",\"model\":" + quoted(model) + ",\"choices\":[{\"index\":0,";
    }

    /**
     * The event for one token: {@code data: {...}} and the blank line that ends it. A reasoning token
     * of a chat stream is a {@code reasoning_content} delta, as vLLM's reasoning parsers send it; the
     * completions API has no such field and carries it as text.
     */
    byte[] token(String text, boolean last, boolean reasoning) {
        StringBuilder b = new StringBuilder(head.length() + text.length() + 96).append(head);
        if (chat) {
            b.append(reasoning ? "\"delta\":{\"reasoning_content\":\"" : "\"delta\":{\"content\":\"")
                    .append(ESCAPE.quoteAsString(text)).append("\"}");
        } else {
            b.append("\"text\":\"").append(ESCAPE.quoteAsString(text)).append('"');
        }
        b.append(",\"logprobs\":null,\"finish_reason\":").append(last ? "\"length\"" : "null");
        if (!chat) b.append(",\"stop_reason\":null");
        return b.append("}]}\n\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A chat event whose delta is {@code deltaJson} as given (a tool call's pieces), with
     * {@code finishReason} or null.
     */
    byte[] delta(String deltaJson, String finishReason) {
        StringBuilder b = new StringBuilder(head.length() + deltaJson.length() + 64).append(head);
        b.append("\"delta\":").append(deltaJson).append(",\"logprobs\":null,\"finish_reason\":")
                .append(finishReason == null ? "null" : "\"" + finishReason + "\"");
        return b.append("}]}\n\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Writes {@code u} as an OpenAI {@code usage} member of {@code target}; the reasoning count, when
     * the engine reports one, as {@code completion_tokens_details.reasoning_tokens} (OpenAI's shape).
     */
    static void usage(ObjectNode target, Usage u) {
        ObjectNode usage = target.putObject("usage");
        usage.put("prompt_tokens", u.promptTokens());
        usage.put("total_tokens", u.promptTokens() + u.completionTokens());
        usage.put("completion_tokens", u.completionTokens());
        if (u.hasReasoningTokens()) usage.putObject("completion_tokens_details").put("reasoning_tokens", u.reasoningTokens());
    }

    private static String quoted(String s) {
        return "\"" + new String(ESCAPE.quoteAsString(s)) + "\"";
    }
}
