package io.benchsuite.backends.http.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.function.LongConsumer;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.DataStreamChannel;

/**
 * Sends a JSON request body of any size and reports the moment its last byte was handed to the
 * socket (the "sent" time). Large bodies (a 128K-token prompt is about 500 KB) go out over several
 * writes as the socket drains.
 */
final class BodyProducer implements AsyncEntityProducer {
    private final byte[] body;
    private final ByteBuffer buffer;
    private final LongConsumer onSent;
    private boolean ended;

    BodyProducer(byte[] body, LongConsumer onSent) {
        this.body = body;
        this.buffer = ByteBuffer.wrap(body);
        this.onSent = onSent;
    }

    @Override
    public synchronized int available() {
        return buffer.remaining();
    }

    @Override
    public synchronized void produce(DataStreamChannel channel) throws IOException {
        if (ended) return;
        while (buffer.hasRemaining()) {
            if (channel.write(buffer) == 0) return; // socket full; called again when writable
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
        return body.length;
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
