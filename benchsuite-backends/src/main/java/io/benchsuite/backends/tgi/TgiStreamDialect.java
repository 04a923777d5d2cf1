package io.benchsuite.backends.tgi;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.Emitter;
import io.benchsuite.backends.http.internal.Json;
import io.benchsuite.backends.http.internal.MalformedResponseException;
import io.benchsuite.backends.http.internal.ResponseDialect;

/**
 * Reads TGI's native {@code /generate_stream} events and {@code /generate} bodies.
 *
 * <p>Every stream event carries exactly one {@code token}, which counts as one token (special
 * tokens such as end-of-sequence too, because TGI's {@code generated_tokens} counts them and the two
 * counts must agree; their text is not added). The last event also carries
 * {@code generated_text} and {@code details}; its {@code details.generated_tokens} becomes the
 * completion token count. An event with an {@code error} member is {@code SERVER_ERROR_EVENT}; a
 * stream that ends before the event with {@code generated_text} is {@code STREAM_TRUNCATED}.
 */
final class TgiStreamDialect implements ResponseDialect {
    private int events;

    @Override
    public void event(long nanoTime, String eventType, String data, Emitter out) {
        String d = data.strip();
        if (d.isEmpty()) return;
        events++;
        JsonNode n = Json.parse(d);
        if (!n.isObject()) throw new MalformedResponseException("event is not a JSON object");
        JsonNode err = n.get("error");
        if ((err != null && !err.isNull()) || "error".equals(eventType)) {
            String type = Json.text(n, "error_type");
            out.error(nanoTime, BackendError.of(ErrorKind.SERVER_ERROR_EVENT, "server error event in stream: "
                    + Json.errorMessage(err) + (type != null ? " (" + type + ")" : "")));
            return;
        }
        JsonNode token = n.get("token");
        if (token != null && token.isObject()) {
            boolean special = token.path("special").asBoolean(false);
            String text = special ? "" : Json.text(token, "text");
            out.tokens(nanoTime, 1, text == null ? "" : text);
        }
        JsonNode generated = n.get("generated_text");
        if (generated != null && !generated.isNull()) {
            out.complete(nanoTime, usageOf(n.get("details")));
        }
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
        out.tokens(nanoTime, 0, text);
        out.complete(nanoTime, usageOf(n.get("details")));
    }

    @Override
    public void end(long nanoTime, Emitter out) {
        if (out.finished()) return;
        out.error(nanoTime, BackendError.of(ErrorKind.STREAM_TRUNCATED,
                "stream ended after " + events + " events without the final event (generated_text)"));
    }

    private static Usage usageOf(JsonNode details) {
        if (details == null || !details.isObject()) return Usage.unknown();
        int generated = Json.count(details.get("generated_tokens"));
        return new Usage(Usage.UNKNOWN, generated);
    }
}
