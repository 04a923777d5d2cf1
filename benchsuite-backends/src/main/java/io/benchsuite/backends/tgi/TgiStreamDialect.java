package io.benchsuite.backends.tgi;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.OutputKinds;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.EventJson;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.http.spi.ResponseDialect;
import java.nio.charset.StandardCharsets;

/**
 * Reads TGI's native {@code /generate_stream} events and {@code /generate} bodies.
 *
 * <p>Every stream event carries exactly one {@code token}, which counts as one token (special
 * tokens such as end-of-sequence too, because TGI's {@code generated_tokens} counts them and the two
 * counts must agree; their text is not added). The last event also carries
 * {@code generated_text} and {@code details}; its {@code details.generated_tokens} becomes the
 * completion token count. An event with an {@code error} member, or of type {@code error} (an
 * {@code event: error} line, or an {@code error:} line as llama.cpp writes them, which the SSE
 * decoder turns into such an event), is {@code SERVER_ERROR_EVENT} with the server's message, even
 * after tokens (they stay counted); a stream that ends before the event with {@code generated_text}
 * is {@code STREAM_TRUNCATED}. {@link #outputKinds()} reports {@code content} once a non-special
 * token with text arrived.
 *
 * <p>Events are read with Jackson's streaming parser straight from their bytes (see
 * {@link EventJson}); only the token text becomes an object.
 */
public final class TgiStreamDialect implements ResponseDialect {
    private final EventJson json = new EventJson();
    private int events;
    private OutputKinds kinds = OutputKinds.none();

    /** A reader for one response. */
    public TgiStreamDialect() {
        // one per request: it counts the events of its stream
    }

    @Override
    public void event(long nanoTime, String eventType, byte[] data, int offset, int length, Emitter out) {
        int s = offset;
        int e = offset + length;
        while (s < e && isSpace(data[s])) s++;
        while (e > s && isSpace(data[e - 1])) e--;
        if (s == e) return;
        events++;
        boolean error = "error".equals(eventType);
        boolean token = false;
        boolean special = false;
        String text = null;
        boolean generated = false;
        int generatedTokens = Usage.UNKNOWN;
        JsonParser p = json.open(data, s, e - s);
        while (json.next() == JsonToken.FIELD_NAME) {
            String name = json.name();
            JsonToken t = json.next();
            switch (name) {
                case "error" -> {
                    if (t != JsonToken.VALUE_NULL) error = true;
                    json.skip();
                }
                case "token" -> {
                    if (t != JsonToken.START_OBJECT) {
                        json.skip();
                        break;
                    }
                    token = true;
                    while (json.next() == JsonToken.FIELD_NAME) {
                        String field = json.name();
                        JsonToken v = json.next();
                        switch (field) {
                            case "text" -> text = EventJson.string(p);
                            case "special" -> special = v == JsonToken.VALUE_TRUE;
                            default -> json.skip();
                        }
                    }
                }
                case "generated_text" -> {
                    if (t != JsonToken.VALUE_NULL) generated = true;
                    json.skip();
                }
                case "details" -> {
                    if (t != JsonToken.START_OBJECT) {
                        json.skip();
                        break;
                    }
                    while (json.next() == JsonToken.FIELD_NAME) {
                        String field = json.name();
                        json.next();
                        if (field.equals("generated_tokens")) {
                            generatedTokens = EventJson.count(p);
                        } else {
                            json.skip();
                        }
                    }
                }
                default -> json.skip();
            }
        }
        json.close();
        if (error) {
            JsonNode n = Json.parse(new String(data, s, e - s, StandardCharsets.UTF_8));
            JsonNode err = n.get("error");
            String type = Json.text(n, "error_type");
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server error event in stream: "
                    + Json.errorMessage(err != null && !err.isNull() ? err : n) + (type != null ? " (" + type + ")" : "")));
            return;
        }
        if (token && !special && text != null && !text.isEmpty()) kinds = kinds.with(OutputKinds.Kind.CONTENT);
        if (token) out.tokens(nanoTime, 1, special || text == null ? "" : text);
        if (generated) out.complete(nanoTime, new Usage(Usage.UNKNOWN, generatedTokens));
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == 0x0B || b == 0x0C;
    }

    @Override
    public void body(long nanoTime, byte[] body, Emitter out) {
        JsonNode n = Json.parse(body);
        // /generate answers one object; some versions wrap it in an array.
        if (n.isArray() && !n.isEmpty()) n = n.get(0);
        if (!n.isObject()) throw new MalformedResponseException("response is not a JSON object");
        JsonNode err = n.get("error");
        if (err != null && !err.isNull()) {
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server returned an error: " + Json.errorMessage(err)));
            return;
        }
        String text = Json.text(n, "generated_text");
        if (text == null) throw new MalformedResponseException("response has no 'generated_text'");
        if (!text.isEmpty()) kinds = kinds.with(OutputKinds.Kind.CONTENT);
        out.tokens(nanoTime, 0, text);
        out.complete(nanoTime, usageOf(n.get("details")));
    }

    @Override
    public void end(long nanoTime, Emitter out) {
        if (out.finished()) return;
        out.error(nanoTime, BackendError.of(ErrorKind.STREAM_TRUNCATED,
                "stream ended after " + events + " events without the final event (generated_text)"));
    }

    @Override
    public OutputKinds outputKinds() {
        return kinds;
    }

    private static Usage usageOf(JsonNode details) {
        if (details == null || !details.isObject()) return Usage.unknown();
        int generated = Json.count(details.get("generated_tokens"));
        return new Usage(Usage.UNKNOWN, generated);
    }
}
