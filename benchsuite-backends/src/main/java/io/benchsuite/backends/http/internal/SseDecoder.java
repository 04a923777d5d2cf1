package io.benchsuite.backends.http.internal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Incremental decoder of a {@code text/event-stream} byte stream (the WHATWG server-sent events
 * format), fed with reads as they arrive.
 *
 * <p>Events may span any number of reads and one read may complete several events; the decoder
 * keeps the partial line and the partial event between reads in buffers that grow as needed, so no
 * fixed buffer size caps an event (only {@code maxEventBytes}, a guard against a runaway server).
 * Lines end with LF, CRLF or a lone CR (a CR at the end of one read followed by LF at the start of
 * the next is one line end). Bytes are decoded to text per complete line, so a multi-byte UTF-8
 * character split across reads decodes correctly. Comment lines (starting with {@code :}) are
 * skipped; {@code data:} with or without the space after the colon is accepted.
 *
 * <p>Not thread-safe: one decoder per response, fed from the I/O thread that reads it.
 */
public final class SseDecoder {

    /** Receives each complete event. */
    @FunctionalInterface
    public interface Handler {
        /**
         * @param eventType the {@code event:} field, or {@code null} when absent
         * @param data the {@code data:} lines joined with LF
         */
        void onEvent(String eventType, String data);
    }

    /** The event or line exceeds the configured limit. */
    public static final class EventTooLargeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EventTooLargeException(long limit) {
            super("a server-sent event exceeds " + limit + " bytes (config max-event-size)");
        }
    }

    private final long maxEventBytes;
    private byte[] line = new byte[512];
    private int lineLength;
    private boolean pendingCr;
    private boolean atStart = true;
    private final StringBuilder data = new StringBuilder();
    private boolean hasData;
    private String eventType;
    private long eventBytes;

    public SseDecoder(long maxEventBytes) {
        if (maxEventBytes <= 0) throw new IllegalArgumentException("maxEventBytes must be > 0, got " + maxEventBytes);
        this.maxEventBytes = maxEventBytes;
    }

    /**
     * Decodes the bytes of {@code src} (consuming them), calling {@code handler} for every event
     * they complete.
     *
     * @throws EventTooLargeException when an event grows past the limit
     */
    public void feed(ByteBuffer src, Handler handler) {
        while (src.hasRemaining()) {
            byte b = src.get();
            if (pendingCr) {
                pendingCr = false;
                if (b == '\n') continue;
            }
            if (b == '\n') {
                endLine(handler);
            } else if (b == '\r') {
                pendingCr = true;
                endLine(handler);
            } else {
                append(b);
            }
        }
    }

    /**
     * The stream ended: a last line without its line end is processed and a last event without its
     * blank line is delivered (servers that close right after {@code data: [DONE]} are common).
     */
    public void finish(Handler handler) {
        if (lineLength > 0) endLine(handler);
        dispatch(handler);
    }

    /** Whether bytes of an unfinished event are buffered. */
    public boolean hasPartialEvent() {
        return lineLength > 0 || hasData;
    }

    private void append(byte b) {
        if (++eventBytes > maxEventBytes) throw new EventTooLargeException(maxEventBytes);
        if (lineLength == line.length) line = Arrays.copyOf(line, line.length * 2);
        line[lineLength++] = b;
    }

    private void endLine(Handler handler) {
        int start = 0;
        if (atStart) {
            atStart = false;
            // A UTF-8 byte order mark may precede the first line; the format says to ignore it.
            if (lineLength >= 3 && (line[0] & 0xff) == 0xEF && (line[1] & 0xff) == 0xBB && (line[2] & 0xff) == 0xBF) {
                start = 3;
            }
        }
        int length = lineLength - start;
        lineLength = 0;
        if (length == 0) {
            dispatch(handler);
            return;
        }
        if (line[start] == ':') return; // comment, e.g. keep-alive pings
        int colon = -1;
        for (int i = start; i < start + length; i++) {
            if (line[i] == ':') {
                colon = i;
                break;
            }
        }
        String field;
        String value;
        if (colon < 0) {
            field = new String(line, start, length, StandardCharsets.UTF_8);
            value = "";
        } else {
            field = new String(line, start, colon - start, StandardCharsets.UTF_8);
            int v = colon + 1;
            if (v < start + length && line[v] == ' ') v++;
            value = new String(line, v, start + length - v, StandardCharsets.UTF_8);
        }
        switch (field) {
            case "data" -> {
                if (hasData) data.append('\n');
                data.append(value);
                hasData = true;
            }
            case "event" -> eventType = value;
            default -> {
                // id, retry and unknown fields carry nothing a benchmark needs.
            }
        }
        if (line.length > 1 << 16) line = new byte[512]; // do not keep a multi-MB buffer per stream
    }

    private void dispatch(Handler handler) {
        eventBytes = 0;
        if (!hasData) {
            eventType = null;
            return;
        }
        String d = data.toString();
        String type = eventType;
        data.setLength(0);
        if (data.capacity() > 1 << 16) data.trimToSize();
        hasData = false;
        eventType = null;
        handler.onEvent(type, d);
    }
}
