package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.ErrorKind;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Whether a request whose connection died before any byte of a response is sent once more, on a newly
 * opened connection, or fails as {@link ErrorKind#CONNECTION_CLOSED}. A POST sent twice may be executed
 * twice, so it is re-sent only when the close shows that the request cannot have reached the server's
 * application. A client sees only its own socket; what each transport can know decides the rule.
 *
 * <p><b>The rule.</b> The request is re-sent when all of these hold:
 * <ol>
 *   <li>re-sends are on ({@code connection-retries=1}, the default) and the request was not re-sent
 *       already, cancelled, or timed out;</li>
 *   <li>it went out on a <em>reused</em> (kept-alive, idle until then) connection: a connection opened
 *       for the request that dies is a server refusing or failing it, never an idle close;</li>
 *   <li>no byte of a response arrived, and the failure was the connection being closed or reset;</li>
 *   <li>and either
 *     <ul>
 *       <li><b>the request was not written in full</b>: with Netty, the connection was found closed
 *           before the write, or the write failed (the kernel did not take every byte); with
 *           HttpClient, the failure came before its body producer handed the last byte to the
 *           connection, or HttpClient reports the request as not executed. A server cannot act on a
 *           request whose body it has not received in full; or</li>
 *       <li><b>the close came with the request</b>: it reached the client within
 *           {@link #IDLE_CLOSE_WINDOW_NANOS} (50 ms) of the request's last byte being written. A
 *           server that closes an idle kept-alive connection (llama.cpp's after every stream without
 *           saying so, any server at its keep-alive timeout) closes it before reading: its FIN, or the
 *           reset its kernel answers the request's bytes with, is on the way as the request leaves
 *           and arrives within one network delay, plus the client's own scheduling slack (a loaded
 *           client was seen to notice a loopback reset 12 ms after its write).</li>
 *     </ul></li>
 * </ol>
 * Otherwise the request fails as {@code connection_closed}: the server may have read it and worked on
 * it (a close a second after the request is a server that did). The limits of what a client can know:
 * a server that reads a request and closes within 50 ms without a byte of answer looks like an idle
 * close and is re-sent (flagged as such, with the delay); an idle close of a server farther than
 * ~50 ms away may arrive later than the window and fail its request as {@code connection_closed}: a
 * counted failure, never a silent success.
 *
 * <p>The times are those the transports report: the write's completion (Netty: the kernel took the
 * bytes; HttpClient: its producer handed over the last byte) and the moment the failure was read.
 */
final class ResendRule {
    /** How soon after the request's last byte a close still counts as one that came with the request. */
    static final long IDLE_CLOSE_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private ResendRule() {}

    /**
     * Why the request is re-sent, or {@code null} when it is not: the caller has checked rule 1.
     *
     * @param reusedConnection whether the failed attempt ran on a reused connection
     * @param sentNanos when the request's last byte was written, or -1 when it was not written in full
     * @param closedNanos when the close was noticed
     * @param failure the classified failure (before any response byte)
     */
    static String reason(boolean reusedConnection, long sentNanos, long closedNanos, Failures.Classified failure) {
        if (!reusedConnection || failure.kind() != ErrorKind.CONNECTION_CLOSED) return null;
        if (sentNanos < 0) {
            return "kept-alive connection closed before the request was written in full (" + failure.message() + ")";
        }
        long after = closedNanos - sentNanos;
        if (after > IDLE_CLOSE_WINDOW_NANOS) return null;
        return "kept-alive connection closed by the server " + millis(after)
                + " after the request was written, before any response byte: closed idle, as the request arrived ("
                + failure.message() + ")";
    }

    /**
     * The message of a request that fails as {@code connection_closed} after it was written.
     *
     * @param sentNanos when the request's last byte was written (-1: not in full)
     * @param closedNanos when the close was noticed
     * @param failure the classified failure
     * @param why why it was not re-sent
     */
    static String notResent(long sentNanos, long closedNanos, Failures.Classified failure, String why) {
        String when = sentNanos < 0 ? "before the request was written in full"
                : millis(closedNanos - sentNanos) + " after the request was written";
        return "connection closed by the server " + when + ", before any response byte; not re-sent (" + why + "): "
                + failure.message();
    }

    /**
     * Why a request whose connection closed before any response byte is not re-sent.
     *
     * @param resend whether the failed attempt was the re-send
     * @param reused whether it ran on a reused connection
     * @param retries the {@code connection-retries} setting
     */
    static String whyNot(boolean resend, boolean reused, int retries) {
        if (resend) return "it was the re-send";
        if (!reused) return "the connection was opened for it, not a kept-alive one";
        if (retries < 1) return "connection-retries=0";
        return "the server may have read it";
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", Math.max(0, nanos) / 1e6);
    }
}
