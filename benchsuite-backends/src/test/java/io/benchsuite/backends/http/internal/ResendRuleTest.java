package io.benchsuite.backends.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import java.io.EOFException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/** The re-send rule's cases one by one, including those a loopback server cannot stage on demand. */
class ResendRuleTest {
    private static final long MS = 1_000_000L;
    private static final Failures.Classified CLOSED = Failures.classify(new EOFException("closed by the server"), false);

    @Test
    void aRequestNotWrittenInFullOnAKeptAliveConnectionIsResent() {
        assertThat(CLOSED.kind()).isEqualTo(ErrorKind.CONNECTION_CLOSED);
        assertThat(ResendRule.reason(true, -1, 5 * MS, CLOSED)).isEqualTo(
                "kept-alive connection closed before the request was written in full (connection closed before a response: "
                        + "closed by the server)");
    }

    @Test
    void aCloseWithinTheWindowIsAnIdleCloseAndOneAfterItIsNot() {
        assertThat(ResendRule.reason(true, 100 * MS, 100 * MS + ResendRule.IDLE_CLOSE_WINDOW_NANOS, CLOSED))
                .startsWith("kept-alive connection closed by the server 50.0 ms after the request was written");
        assertThat(ResendRule.reason(true, 100 * MS, 100 * MS + ResendRule.IDLE_CLOSE_WINDOW_NANOS + 1, CLOSED)).isNull();
        assertThat(ResendRule.notResent(100 * MS, 1100 * MS, CLOSED, "the server may have read it")).isEqualTo(
                "connection closed by the server 1000.0 ms after the request was written, before any response byte; "
                        + "not re-sent (the server may have read it): connection closed before a response: closed by the server");
    }

    @Test
    void aNewConnectionOrAnotherFailureIsNeverResent() {
        assertThat(ResendRule.reason(false, -1, 0, CLOSED)).as("a connection opened for the request").isNull();
        assertThat(ResendRule.reason(true, -1, 0, Failures.classify(new SocketTimeoutException("read timed out"), false)))
                .as("a timeout").isNull();
        assertThat(Failures.classify(new EOFException("closed by the server"), true).kind())
                .as("after the response began").isEqualTo(ErrorKind.STREAM_RESET);
    }
}
