package io.benchsuite.backends.openai;

import com.fasterxml.jackson.core.JsonParser;
import io.benchsuite.api.tools.ToolCall;
import io.benchsuite.api.tools.ToolCalls;
import io.benchsuite.backends.http.internal.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Puts a response's tool calls together from their pieces: a streamed call arrives as deltas keyed by
 * {@code index}, the first with the call's {@code id} and {@code function.name}, the later ones with
 * fragments of {@code function.arguments} to be concatenated (vLLM, OpenAI, llama.cpp); a whole response
 * holds each call in one piece. The key is the index, not the id: some servers send a different id on
 * later fragments of one call, and others repeat an empty {@code name} on them, which must not erase the
 * name already received.
 */
final class ToolCallAssembler {
    /** One call being assembled. */
    private static final class Part {
        String id = "";
        String name = "";
        final StringBuilder arguments = new StringBuilder();
    }

    private final Map<Integer, Part> parts = new TreeMap<>();

    /**
     * Adds the pieces of call {@code index} found in one delta; {@code null} for a piece the delta lacks.
     */
    void piece(int index, String id, String name, String arguments) {
        Part p = parts.computeIfAbsent(index, i -> new Part());
        if (id != null && !id.isEmpty() && p.id.isEmpty()) p.id = id;
        if (name != null && !name.isEmpty() && p.name.isEmpty()) p.name = name; // later deltas may repeat it
        if (arguments != null) p.arguments.append(arguments);
    }

    /** Whether any call arrived. */
    boolean any() {
        return !parts.isEmpty();
    }

    /** The calls in index order, each with whether its arguments are one JSON value. */
    ToolCalls result() {
        List<ToolCall> calls = new ArrayList<>(parts.size());
        for (Map.Entry<Integer, Part> e : parts.entrySet()) {
            String args = e.getValue().arguments.toString();
            calls.add(new ToolCall(e.getKey(), e.getValue().id, e.getValue().name, args, isJson(args)));
        }
        return new ToolCalls(calls);
    }

    /** Whether {@code text} is exactly one JSON value (surrounding white space allowed). */
    static boolean isJson(String text) {
        if (text.isBlank()) return false;
        try (JsonParser p = Json.MAPPER.getFactory().createParser(text)) {
            if (p.nextToken() == null) return false;
            p.skipChildren();
            return p.nextToken() == null;
        } catch (IOException e) {
            return false;
        }
    }
}
