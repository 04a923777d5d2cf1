package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import javax.net.ssl.SSLException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionClosedException;

/** Maps transport exceptions to {@link ErrorKind}s and short, secret-free explanations. */
public final class Failures {
    private Failures() {}

    /** A failure's kind and a message for it. */
    public record Classified(ErrorKind kind, String message) {}

    /**
     * Classifies {@code error}.
     *
     * @param responseStarted whether response headers had arrived (a timeout before them is still a
     *     read timeout: the server accepted the connection and went silent)
     */
    public static Classified classify(Throwable error, boolean responseStarted) {
        Throwable t = unwrap(error);
        String detail = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        if (t instanceof CancellationException) {
            return new Classified(ErrorKind.CANCELLED, "cancelled");
        }
        if (t instanceof MalformedResponseException) {
            return new Classified(ErrorKind.MALFORMED_RESPONSE, "malformed response: " + detail);
        }
        if (t instanceof ConnectTimeoutException || t instanceof io.netty.channel.ConnectTimeoutException
                || t instanceof SslHandshakeTimeoutException) {
            return new Classified(ErrorKind.CONNECT_TIMEOUT, "connect timeout: " + detail);
        }
        if (t instanceof SocketTimeoutException) {
            if (!responseStarted && detail.toLowerCase(Locale.ROOT).contains("connect")) {
                return new Classified(ErrorKind.CONNECT_TIMEOUT, "connect timeout: " + detail);
            }
            return new Classified(ErrorKind.READ_TIMEOUT, "read timeout: no data for " + detail);
        }
        if (t instanceof UnknownHostException) {
            return new Classified(ErrorKind.CONNECTION_REFUSED, "unknown host: " + detail);
        }
        if (t instanceof NoRouteToHostException) {
            return new Classified(ErrorKind.CONNECTION_REFUSED, "no route to host: " + detail);
        }
        if (t instanceof ConnectException) {
            return new Classified(ErrorKind.CONNECTION_REFUSED, "connection refused: " + detail);
        }
        if (t instanceof SSLException) {
            return new Classified(ErrorKind.BACKEND_EXCEPTION,
                    "TLS failure: " + detail + " (config insecure=true skips certificate checks)");
        }
        if (t instanceof ConnectionClosedException || t instanceof SocketException || t instanceof EOFException
                || t instanceof ClosedChannelException) {
            return responseStarted
                    ? new Classified(ErrorKind.STREAM_RESET, "connection closed mid-stream: " + detail)
                    : new Classified(ErrorKind.CONNECTION_CLOSED, "connection closed before a response: " + detail);
        }
        if (t instanceof InterruptedIOException) {
            return new Classified(ErrorKind.READ_TIMEOUT, "interrupted I/O: " + detail);
        }
        if (t instanceof IOException) {
            // an established connection broke (Netty's native errors, e.g. a reset, are plain IOExceptions)
            return new Classified(responseStarted ? ErrorKind.STREAM_RESET : ErrorKind.CONNECTION_CLOSED, "I/O error: " + detail);
        }
        return new Classified(ErrorKind.BACKEND_EXCEPTION, t.getClass().getSimpleName() + ": " + detail);
    }

    private static Throwable unwrap(Throwable t) {
        Throwable cur = t;
        while ((cur instanceof ExecutionException || cur instanceof CompletionException
                || cur instanceof DecoderException) && cur.getCause() != null) {
            cur = cur.getCause();
        }
        return cur;
    }
}
