package io.benchsuite.core.internal.engine;

import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.core.injection.QueuedInjection;
import java.util.List;

/**
 * One request's content, prepared before its instant so that nothing is tokenized, hashed or
 * rendered on the dispatcher's timing path: the whole conversation to send (a session turn's history
 * included), its exact length, the output to ask for, the prompt's hash and the backend's rendering of it.
 *
 * @param plan the source's plan of this request (for a later turn, its new message only)
 * @param sessionKey the engine's key of the open session it belongs to, or -1 (independent request, or a
 *     session of one turn)
 * @param sessionId the session's id, or {@code null} for an independent request
 * @param turn the turn number, from 1; 0 for an independent request
 * @param last whether no turn follows it
 * @param messages what to send
 * @param promptTokens its length in tokens under the run's tokenizer
 * @param outputTokens the output to ask for
 * @param promptHash first 16 hex digits of SHA-256 of the prompt
 * @param contextExcess why it does not fit the model's context when the policy is to record it without
 *     sending, else {@code null}
 * @param injected injections delivered with this turn, most urgent first
 * @param prepared the backend's rendering of {@code messages} made with the content, or {@code null}
 */
record Outgoing(RequestPlan plan, long sessionKey, String sessionId, int turn, boolean last, List<ChatMessage> messages,
                int promptTokens, int outputTokens, String promptHash, String contextExcess, List<QueuedInjection> injected,
                PreparedPrompt prepared) {
    Outgoing {
        messages = List.copyOf(messages);
        injected = List.copyOf(injected);
    }

    /** Whether another turn of the same session follows this one (its answer is needed). */
    boolean continues() {
        return sessionKey >= 0 && !last;
    }
}
