package io.benchsuite.sim;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.api.tools.ToolSpec;
import java.util.List;

/**
 * Gives an in-process request that offers tools or asks for a response format the answer {@code serve-sim}
 * gives it over HTTP ({@link ShapedText}), reported as an HTTP backend reports that answer: the first answer
 * token carries the function's name, each later one a piece of its arguments (or of the JSON text); what the
 * engine left unsaid when it ended early comes as one last chunk of no token; then the kinds of output
 * received and, when tools were offered, the {@link ToolCalls} (empty for an answer in text), before
 * {@code onComplete}. Reasoning tokens pass as they are. Events of one request come one at a time.
 */
final class ShapedListener implements ResponseListener {
    private final ResponseListener downstream;
    private final ShapedText shaped;
    private final boolean toolsOffered;
    private final int maxTokens;
    private int tokens;
    private int answers;
    private OutputKinds kinds = OutputKinds.none();

    private ShapedListener(ResponseListener downstream, ShapedText shaped, boolean toolsOffered, int maxTokens) {
        this.downstream = downstream;
        this.shaped = shaped;
        this.toolsOffered = toolsOffered;
        this.maxTokens = maxTokens;
    }

    /** {@code listener} wrapped when the request offers tools or asks for a format, else itself. */
    static ResponseListener wrap(InferenceRequest request, ResponseListener listener) {
        ShapedText shaped = ShapedText.of(request);
        if (shaped == null) return listener;
        return new ShapedListener(listener, shaped, request.extras().get(ToolSpec.class).isPresent(), request.maxTokens());
    }

    @Override
    public void onSent(long nanoTime) {
        downstream.onSent(nanoTime);
    }

    @Override
    public void onMark(String mark, long nanoTime) {
        downstream.onMark(mark, nanoTime);
    }

    @Override
    public void onReasoningTokens(long nanoTime, int tokenCount, String text) {
        tokens += tokenCount;
        kinds = kinds.with(OutputKinds.Kind.REASONING);
        downstream.onReasoningTokens(nanoTime, tokenCount, text);
    }

    @Override
    public void onTokens(long nanoTime, int tokenCount, String text) {
        tokens += tokenCount;
        if (!shaped.shapes()) {
            kinds = kinds.with(OutputKinds.Kind.CONTENT);
            downstream.onTokens(nanoTime, tokenCount, text);
            return;
        }
        answers++;
        boolean last = tokens >= maxTokens;
        String piece;
        if (shaped.function() == null) {
            piece = shaped.piece(answers);
            kinds = kinds.with(OutputKinds.Kind.CONTENT);
        } else {
            piece = answers == 1 ? shaped.function() + (last ? shaped.rest() : "") : shaped.piece(answers - 1);
            kinds = kinds.with(OutputKinds.Kind.TOOL_CALLS);
        }
        downstream.onTokens(nanoTime, tokenCount, piece);
    }

    @Override
    public void onComplete(long nanoTime, Usage usage) {
        if (shaped.unsent()) downstream.onTokens(nanoTime, 0, shaped.rest());
        if (!kinds.isEmpty()) downstream.onOutputKinds(kinds);
        if (toolsOffered) {
            List<ToolCall> calls = shaped.function() == null || answers == 0 ? List.of()
                    : List.of(new ToolCall(0, shaped.callId(), shaped.function(), shaped.padded(), SimJson.valid(shaped.padded())));
            downstream.onExtra(new ToolCalls(calls));
        }
        downstream.onComplete(nanoTime, usage);
    }

    @Override
    public void onError(long nanoTime, BackendError error) {
        downstream.onError(nanoTime, error);
    }
}
