package io.benchsuite.backends.http.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.DataStreamChannel;

/**
 * Sends a JSON request body of any size and reports the moment its last byte was handed to the
 * socket (the "sent" time). Large bodies (a 128K-token prompt is about 500 KB) go out over several
 * writes as the socket drains; its parts go out one after the other, never joined.
 */
final class BodyProducer implements AsyncEntityProducer {
    private final List<byte[]> parts;
    private final int length;
    private final LongConsumer onSent;
    private int part;
    private ByteBuffer buffer;
    private int remaining;
    private boolean ended;

    /**
     * @param parts the body's parts, sent one after the other
     * @param length their total length
     * @param onSent told when the last byte was handed to the socket
     */
    BodyProducer(List<byte[]> parts, int length, LongConsumer onSent) {
        this.parts = parts;
        this.length = length;
        this.remaining = length;
        this.onSent = onSent;
        this.buffer = parts.isEmpty() ? ByteBuffer.allocate(0) : ByteBuffer.wrap(parts.get(0));
    }

    @Override
    public synchronized int available() {
        return remaining;
    }

    @Override
    public synchronized void produce(DataStreamChannel channel) throws IOException {
        if (ended) return;
        while (true) {
            while (buffer.hasRemaining()) {
                int n = channel.write(buffer);
                if (n == 0) return; // socket full; called again when writable
                remaining -= n;
            }
            if (part + 1 >= parts.size()) break;
            buffer = ByteBuffer.wrap(parts.get(++part));
        }
        ended = true;
        channel.endStream();
        onSent.accept(System.nanoTime());
    }

    @Override
    public boolean isRepeatable() {
        // HttpClient's own retries are off: a benchmark must not hide a failure by sending the request
        // again. The one retry on a fresh connection (see Exchange) builds a new producer.
        return false;
    }

    @Override
    public void failed(Exception cause) {
        // The exchange reports the failure; nothing to release here.
    }

    @Override
    public long getContentLength() {
        return length;
    }

    @Override
    public String getContentType() {
        return "application/json";
    }

    @Override
    public String getContentEncoding() {
        return null;
    }

    @Override
    public boolean isChunked() {
        return false;
    }

    @Override
    public Set<String> getTrailerNames() {
        return Set.of();
    }

    @Override
    public void releaseResources() {
        // Nothing pooled.
    }
}
