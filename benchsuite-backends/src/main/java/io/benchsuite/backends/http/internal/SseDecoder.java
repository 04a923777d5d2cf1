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
 * the next is one line end). Comment lines (starting with {@code :}) are skipped; {@code data:} with
 * or without the space after the colon is accepted. One field outside the WHATWG list is read too:
 * llama.cpp's server (2025 builds) writes a failed generation as {@code error: {json}} followed by
 * {@code data: [DONE]}; an {@code error:} line makes its event one of type {@code error} whose data is
 * the line's value, so the dialect reports the server's failure instead of a browser-style silent drop.
 *
 * <p>The hot path allocates nothing: a complete line is read in place from the caller's bytes (only a
 * line split across reads is copied aside), and an event's data is handed to the {@link Handler} as
 * a range of the decoder's own buffer, as UTF-8 bytes, never as a {@code String}: the dialect reads
 * the few fields it needs straight from the bytes. Only the rare {@code event:} field becomes text.
 *
 * <p>Not thread-safe: one decoder per response, fed from the I/O thread that reads it.
 */
public final class SseDecoder {

    /** Receives each complete event. */
    @FunctionalInterface
    public interface Handler {
        /**
         * One complete event. The bytes belong to the decoder and are only valid during the call.
         *
         * @param eventType the {@code event:} field, or {@code null} when absent
         * @param data the decoder's buffer holding the {@code data:} lines joined with LF (UTF-8)
         * @param offset where the data starts in {@code data}
         * @param length how many bytes of data
         */
        void onEvent(String eventType, byte[] data, int offset, int length);
    }

    /** The event or line exceeds the configured limit. */
    public static final class EventTooLargeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EventTooLargeException(long limit) {
            super("a server-sent event exceeds " + limit + " bytes (config max-event-size)");
        }
    }

    /** Buffers above this size are dropped after use, so one huge event does not pin memory per stream. */
    private static final int KEEP_BUFFER_BYTES = 1 << 16;
    /** Direct (off-heap) reads are copied through this per-thread array in slices of its size. */
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[8192]);

    private final long maxEventBytes;
    private byte[] line = new byte[256];
    private int lineLength;
    private boolean pendingCr;
    private boolean atStart = true;
    private byte[] data = new byte[256];
    private int dataLength;
    private boolean hasData;
    private String eventType;
    private boolean errorField;
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
        if (src.hasArray()) {
            int n = src.remaining();
            int start = src.arrayOffset() + src.position();
            src.position(src.limit());
            feed(src.array(), start, n, handler);
            return;
        }
        byte[] scratch = SCRATCH.get();
        while (src.hasRemaining()) {
            int n = Math.min(src.remaining(), scratch.length);
            src.get(scratch, 0, n);
            feed(scratch, 0, n, handler);
        }
    }

    /**
     * Decodes {@code length} bytes of {@code bytes} from {@code offset}, calling {@code handler} for
     * every event they complete. The decoder keeps no reference to {@code bytes}.
     *
     * @throws EventTooLargeException when an event grows past the limit
     */
    public void feed(byte[] bytes, int offset, int length, Handler handler) {
        int i = offset;
        int end = offset + length;
        while (i < end) {
            if (pendingCr) {
                pendingCr = false;
                if (bytes[i] == '\n') {
                    i++;
                    continue;
                }
            }
            int j = i;
            while (j < end) {
                byte b = bytes[j];
                if (b == '\n' || b == '\r') break;
                j++;
            }
            if (j == end) { // the line continues in the next read
                appendToLine(bytes, i, end - i);
                return;
            }
            if (lineLength > 0) {
                appendToLine(bytes, i, j - i);
                int n = lineLength;
                lineLength = 0;
                endLine(line, 0, n, handler);
                if (line.length > KEEP_BUFFER_BYTES) line = new byte[256];
            } else {
                count(j - i);
                endLine(bytes, i, j - i, handler);
            }
            if (bytes[j] == '\r') pendingCr = true;
            i = j + 1;
        }
    }

    /**
     * The stream ended: a last line without its line end is processed and a last event without its
     * blank line is delivered (servers that close right after {@code data: [DONE]} are common).
     */
    public void finish(Handler handler) {
        if (lineLength > 0) {
            int n = lineLength;
            lineLength = 0;
            endLine(line, 0, n, handler);
        }
        dispatch(handler);
    }

    /** Whether bytes of an unfinished event are buffered. */
    public boolean hasPartialEvent() {
        return lineLength > 0 || hasData;
    }

    private void count(int n) {
        eventBytes += n;
        if (eventBytes > maxEventBytes) throw new EventTooLargeException(maxEventBytes);
    }

    private void appendToLine(byte[] bytes, int from, int n) {
        if (n == 0) return;
        count(n);
        if (lineLength + n > line.length) line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + n));
        System.arraycopy(bytes, from, line, lineLength, n);
        lineLength += n;
    }

    private void endLine(byte[] b, int start, int length, Handler handler) {
        if (atStart) {
            atStart = false;
            // A UTF-8 byte order mark may precede the first line; the format says to ignore it.
            if (length >= 3 && (b[start] & 0xff) == 0xEF && (b[start + 1] & 0xff) == 0xBB && (b[start + 2] & 0xff) == 0xBF) {
                start += 3;
                length -= 3;
            }
        }
        if (length == 0) {
            dispatch(handler);
            return;
        }
        if (b[start] == ':') return; // comment, e.g. keep-alive pings
        int end = start + length;
        int colon = start;
        while (colon < end && b[colon] != ':') colon++;
        int fieldLength = colon - start;
        int value = colon + 1;
        if (value < end && b[value] == ' ') value++;
        if (value > end) value = end; // a line without a colon is a field with an empty value
        if (isField(b, start, fieldLength, 'd', 'a', 't', 'a')) {
            appendData(b, value, end - value);
        } else if (fieldLength == 5 && b[start] == 'e' && b[start + 1] == 'v' && b[start + 2] == 'e' && b[start + 3] == 'n'
                && b[start + 4] == 't') {
            eventType = new String(b, value, end - value, StandardCharsets.UTF_8);
        } else if (fieldLength == 5 && b[start] == 'e' && b[start + 1] == 'r' && b[start + 2] == 'r' && b[start + 3] == 'o'
                && b[start + 4] == 'r') {
            // Not a WHATWG field, but llama.cpp's server (2025 builds) reports a failure as "error: {json}":
            // an event of type "error" whose data is that value, never a silently dropped line.
            appendData(b, value, end - value);
            errorField = true;
        }
        // id, retry and unknown fields carry nothing a benchmark needs.
    }

    private void appendData(byte[] b, int from, int n) {
        int need = dataLength + n + (hasData ? 1 : 0);
        if (need > data.length) data = Arrays.copyOf(data, Math.max(data.length * 2, need));
        if (hasData) data[dataLength++] = '\n';
        System.arraycopy(b, from, data, dataLength, n);
        dataLength += n;
        hasData = true;
    }

    private static boolean isField(byte[] b, int start, int length, char c0, char c1, char c2, char c3) {
        return length == 4 && b[start] == c0 && b[start + 1] == c1 && b[start + 2] == c2 && b[start + 3] == c3;
    }

    private void dispatch(Handler handler) {
        eventBytes = 0;
        if (!hasData) {
            eventType = null;
            errorField = false;
            return;
        }
        String type = errorField ? "error" : eventType;
        errorField = false;
        int n = dataLength;
        hasData = false;
        eventType = null;
        dataLength = 0;
        byte[] d = data;
        if (d.length > KEEP_BUFFER_BYTES) data = new byte[256];
        handler.onEvent(type, d, 0, n);
    }
}
