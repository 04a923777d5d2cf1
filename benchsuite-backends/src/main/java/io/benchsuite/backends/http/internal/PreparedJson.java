package io.benchsuite.backends.http.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The prompt member of a JSON request body ({@code "messages":[...]}, {@code "prompt":"..."},
 * {@code "inputs":"..."}) serialised ahead of time: escaping and encoding a prompt of 10K+ tokens costs
 * hundreds of microseconds, which a burst of such requests would otherwise spend one after another on
 * the dispatcher's thread. A body is this member followed by the request's other members, rendered when
 * it is sent (a few small fields).
 *
 * @param messages the messages the member renders
 * @param name the member's name
 * @param member {@code "name":value} in UTF-8
 */
public record PreparedJson(List<ChatMessage> messages, String name, byte[] member) implements PreparedPrompt {
    private static final byte[] OPEN = "{".getBytes(StandardCharsets.UTF_8);
    private static final byte[] CLOSE = "}".getBytes(StandardCharsets.UTF_8);

    /** Renders {@code value} as the member {@code name}, made from {@code messages}. */
    public static PreparedJson of(List<ChatMessage> messages, String name, JsonNode value) {
        ObjectNode holder = Json.object();
        holder.set(name, value);
        byte[] whole = Json.bytes(holder); // {"name":value}
        return new PreparedJson(List.copyOf(messages), name, Arrays.copyOfRange(whole, 1, whole.length - 1));
    }

    /**
     * The member prepared for {@code request} when there is one made from its messages under {@code name},
     * else one rendered now.
     */
    public static PreparedJson forRequest(InferenceRequest request, String name,
                                          Function<List<ChatMessage>, JsonNode> value) {
        PreparedJson p = request.preparedAs(PreparedJson.class);
        if (p != null && p.name.equals(name)) return p;
        return of(request.messages(), name, value.apply(request.messages()));
    }

    /**
     * A whole body: this member first, then the members of {@code rest} (which must not hold a member
     * of the same name).
     */
    public byte[] into(ObjectNode rest) {
        return BodyParts.join(parts(rest));
    }

    /**
     * The same body as {@link #into} in three parts sent one after the other: <code>{</code>, this member (the array
     * prepared ahead, shared, never written to), then the members of {@code rest} and the closing brace. Nothing
     * the size of the prompt is allocated or copied: under ZGC an array over 256 KB (a 60K-token prompt's body) took
     * about 2 ms to allocate on the sending thread, against 0.1 ms under the Parallel collector.
     */
    public List<byte[]> parts(ObjectNode rest) {
        if (rest.has(name)) throw new IllegalArgumentException("the body already has a member '" + name + "'");
        byte[] tail = Json.bytes(rest); // {...}
        if (tail.length == 2) return List.of(OPEN, member, CLOSE);
        tail[0] = ','; // the rest's own opening brace becomes the separator after the member
        return List.of(OPEN, member, tail);
    }

    // a record with an array component: identity of the bytes is what matters, but keep equals coherent

    @Override
    public boolean equals(Object o) {
        return o instanceof PreparedJson p && p.messages.equals(messages) && p.name.equals(name)
                && Arrays.equals(p.member, member);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * messages.hashCode() + name.hashCode()) + Arrays.hashCode(member);
    }

    @Override
    public String toString() {
        return "PreparedJson[" + name + ", " + member.length + " bytes]";
    }
}
