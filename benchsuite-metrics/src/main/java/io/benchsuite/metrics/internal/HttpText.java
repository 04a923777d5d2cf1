package io.benchsuite.metrics.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Fetches a small text document over HTTP. Uses {@link HttpURLConnection} rather than
 * {@code java.net.http.HttpClient} because on Java 17 the latter keeps a selector thread alive
 * until it is garbage collected, and samplers must leave no thread behind.
 */
public final class HttpText {
    /** An SSL context that accepts every certificate; built once, only used when asked for. */
    private static final class TrustAll implements X509TrustManager {
        static final SSLContext CONTEXT = create();

        private static SSLContext create() {
            try {
                SSLContext ctx = SSLContext.getInstance("TLS");
                ctx.init(null, new TrustManager[] {new TrustAll()}, null);
                return ctx;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            // insecure: verification deliberately skipped
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // insecure: verification deliberately skipped
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    private static final int MAX_BYTES = 32 * 1024 * 1024;

    private HttpText() {}

    /**
     * GETs {@code url} and returns the body.
     *
     * @throws IOException on connection failure, timeout, a non-200 status or a body over 32 MiB
     */
    public static String get(URI url, Duration timeout) throws IOException {
        return get(url, timeout, false);
    }

    /**
     * GETs {@code url} and returns the body.
     *
     * @param insecure accept any TLS certificate and host name (the user's {@code --insecure}, for
     *     servers with self-signed certificates)
     * @throws IOException on connection failure, timeout, a non-200 status or a body over 32 MiB
     */
    public static String get(URI url, Duration timeout, boolean insecure) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        if (insecure && c instanceof HttpsURLConnection https) {
            https.setSSLSocketFactory(TrustAll.CONTEXT.getSocketFactory());
            https.setHostnameVerifier((host, session) -> true);
        }
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
