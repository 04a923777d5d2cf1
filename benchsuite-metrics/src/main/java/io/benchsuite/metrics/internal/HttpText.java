package io.benchsuite.metrics.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Fetches a small text document over HTTP. Uses {@link HttpURLConnection} rather than
 * {@code java.net.http.HttpClient} because on Java 17 the latter keeps a selector thread alive
 * until it is garbage collected, and samplers must leave no thread behind.
 */
public final class HttpText {
    private static final int MAX_BYTES = 32 * 1024 * 1024;

    private HttpText() {}

    /**
     * GETs {@code url} and returns the body.
     *
     * @throws IOException on connection failure, timeout, a non-200 status or a body over 32 MiB
     */
    public static String get(URI url, Duration timeout) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        try {
            int ms = (int) Math.max(1, timeout.toMillis());
            c.setConnectTimeout(ms);
            c.setReadTimeout(ms);
            c.setRequestProperty("Accept", "text/plain;version=0.0.4, */*;q=0.1");
            int status = c.getResponseCode();
            if (status != 200) throw new IOException("HTTP " + status + " from " + url);
            try (InputStream in = c.getInputStream()) {
                byte[] body = in.readNBytes(MAX_BYTES + 1);
                if (body.length > MAX_BYTES) throw new IOException("response from " + url + " is larger than 32 MiB");
                return new String(body, StandardCharsets.UTF_8);
            }
        } finally {
            c.disconnect();
        }
    }
}
