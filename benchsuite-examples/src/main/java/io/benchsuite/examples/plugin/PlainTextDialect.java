package io.benchsuite.examples.plugin;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.http.spi.ResponseDialect;
import java.nio.charset.StandardCharsets;

/**
 * A response dialect written against the HTTP SPI alone ({@code io.benchsuite.backends.http.spi}, see
 * {@code docs/backend-spi.md}), for a server that streams one token of plain text per server-sent
 * event and ends with {@code data: [DONE]}; answered without streaming, its body is the whole text.
 * An HTTP backend hands a new one to {@code HttpTransport.post} with each request. It shows the
 * dialect's rules: report through the {@link Emitter} with the time it was given, read the event's
 * bytes during the call only, throw {@link MalformedResponseException} for what it cannot parse, and
 * call a stream that ends without its terminator truncated.
 */
public final class PlainTextDialect implements ResponseDialect {
    private static final String DONE = "[DONE]";
    private int tokens;

    @Override
    public void event(long nanoTime, String eventType, byte[] data, int offset, int length, Emitter out) {
        String text = new String(data, offset, length, StandardCharsets.UTF_8);
        if (text.equals(DONE)) {
            out.complete(nanoTime, new Usage(Usage.UNKNOWN, tokens));
        } else if (text.isEmpty()) {
            throw new MalformedResponseException("an event without text");
        } else {
            tokens++;
            out.tokens(nanoTime, 1, text);
        }
    }

    @Override
    public void body(long nanoTime, byte[] body, Emitter out) {
        String text = new String(body, StandardCharsets.UTF_8).strip();
        if (text.isEmpty()) throw new MalformedResponseException("an empty body");
        int words = text.split("\\s+").length;
        out.tokens(nanoTime, words, text);
        out.complete(nanoTime, new Usage(Usage.UNKNOWN, words));
    }

    @Override
    public void end(long nanoTime, Emitter out) {
        if (!out.finished()) {
            out.error(nanoTime, BackendError.of(ErrorKind.STREAM_TRUNCATED, "the stream ended before " + DONE
                    + " after " + tokens + " tokens"));
        }
    }
}
