package io.benchsuite.backends.http.internal;

import io.benchsuite.backends.http.spi.HttpTransport;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;

/**
 * One way of putting requests on the wire (Netty, or Apache HttpClient 5), behind
 * {@link HttpTransport}: a connection pool sized to the run's concurrency, timers, and threads that
 * all end in {@link #close()}.
 */
interface Connector {

    /** Sends {@code request} and reports everything about it to {@code receiver}; never throws for network trouble. */
    void execute(WireRequest request, Receiver receiver);

    /**
     * A short GET outside the measured requests (pre-flight checks).
     *
     * @throws HttpTransport.TransportException when no HTTP response came back within {@code limit}
     */
    HttpTransport.Reply get(WireRequest request, Duration limit) throws HttpTransport.TransportException;

    /** Runs {@code task} once after {@code nanos}, on a thread of this connector. */
    ScheduledFuture<?> schedule(Runnable task, long nanos);

    /** Closes every connection at once and stops every thread; the transport cancelled its requests first. */
    void close();

    /** What carries the requests, for the backend's info: e.g. {@code netty (epoll)}. */
    String describe();

    /**
     * Opens up to {@code connections} connections into the pool before the run's clock starts, waiting at
     * most {@code limit} for them, and starts keeping its spare connections ({@code spare-connections});
     * returns how many of the {@code connections} opened. A connector that cannot open connections ahead
     * opens none (the default).
     */
    default int prewarm(int connections, Duration limit) {
        return 0;
    }

    /** Extra request headers this connector needs from the caller (none by default). */
    default Map<String, String> defaultHeaders() {
        return Map.of();
    }
}
