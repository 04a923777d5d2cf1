package io.benchsuite.backends.http.spi;

import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.internal.BodyParts;
import io.benchsuite.backends.http.internal.PooledHttpTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The HTTP client an HTTP backend sends its requests with: a pool sized to the run's concurrency (Netty
 * by default, Apache HttpClient 5 with {@code transport=httpclient}), the API key and extra headers,
 * timeouts, and the socket reads timestamped before any byte is parsed. A backend opens one with
 * {@link #open}, writes each request's JSON body, and hands the response to its own
 * {@link ResponseDialect}. Automatic retries, redirects, cookies and compression are off because each
 * would distort what is measured.
 */
public interface HttpTransport extends AutoCloseable {

    /**
     * Builds and starts a transport.
     *
     * @param backendName the backend's name, for log lines and errors
     * @param settings the connection settings (URL, pool, timeouts, TLS, headers)
     * @param environment where the API key variable named in the settings is read
     * @return the transport; close it when the backend closes
     * @throws BackendException when the API key variable is named but not set, or TLS cannot be set up
     */
    static HttpTransport open(String backendName, HttpSettings settings, EnvironmentVariables environment) {
        return new PooledHttpTransport(backendName, settings, environment);
    }

    /**
     * A pre-flight response.
     *
     * @param status the HTTP status
     * @param body the body, UTF-8
     */
    record Reply(int status, String body) {}

    /** A pre-flight request that got no HTTP response. */
    final class TransportException extends Exception {
        private static final long serialVersionUID = 1L;
        private final ErrorKind kind;

        /**
         * A pre-flight failure.
         *
         * @param kind the failure's category
         * @param message what happened (secrets masked)
         */
        public TransportException(ErrorKind kind, String message) {
            super(message);
            this.kind = kind;
        }

        /**
         * The failure's category.
         *
         * @return the kind
         */
        public ErrorKind kind() {
            return kind;
        }
    }

    /**
     * The settings in force.
     *
     * @return the settings
     */
    HttpSettings settings();

    /**
     * What carries the requests, e.g. {@code netty (epoll)} or {@code httpclient5}.
     *
     * @return the description
     */
    String describe();

    /**
     * Text with every secret value masked; use on anything that may reach a log or report.
     *
     * @param text the text, or {@code null}
     * @return the masked text (empty for {@code null})
     */
    String scrub(String text);

    /**
     * How many requests are in flight.
     *
     * @return the count
     */
    int inFlight();

    /**
     * Builds the JSON body (UTF-8) and posts it; a body that cannot be built fails the request (typed,
     * with secrets scrubbed from the message) instead of throwing.
     *
     * @param path the path, resolved against the base URL
     * @param body makes the body
     * @param request the request (its headers and whether it streams)
     * @param dialect reads the response
     * @param listener receives the request's events
     * @return the handle that cancels the request
     */
    RequestHandle postJson(String path, Supplier<byte[]> body, InferenceRequest request, ResponseDialect dialect,
                           ResponseListener listener);

    /**
     * As {@link #postJson}, the body made as consecutive parts that are sent one after the other, never joined into
     * one array: a prompt serialised ahead (hundreds of kilobytes) is then not copied on the send path. The default
     * joins the parts and calls {@link #postJson}; benchsuite's transport sends them as they are.
     *
     * @param path the path, resolved against the base URL
     * @param parts makes the body's parts, in order
     * @param request the request (its headers and whether it streams)
     * @param dialect reads the response
     * @param listener receives the request's events
     * @return the handle that cancels the request
     */
    default RequestHandle postJsonParts(String path, Supplier<List<byte[]>> parts, InferenceRequest request,
                                        ResponseDialect dialect, ResponseListener listener) {
        return postJson(path, () -> BodyParts.join(parts.get()), request, dialect, listener);
    }

    /**
     * Posts a JSON body and streams the response into {@code dialect}. Returns at once; never throws
     * for network or server trouble (those reach {@code listener.onError}).
     *
     * @param path the path, resolved against the base URL
     * @param jsonBody the body, UTF-8
     * @param requestHeaders headers of this request alone (they never replace the credentials)
     * @param stream whether to ask for an event stream
     * @param dialect reads the response
     * @param listener receives the request's events
     * @return the handle that cancels the request
     */
    RequestHandle post(String path, byte[] jsonBody, Map<String, String> requestHeaders, boolean stream,
                       ResponseDialect dialect, ResponseListener listener);

    /**
     * Opens the configured {@code prewarm-connections} into the pool (none by default), waiting at most
     * the pre-flight timeout, and starts opening the {@code spare-connections}.
     *
     * @return how many pre-warmed connections opened
     */
    int prewarm();

    /**
     * Opens up to {@code connections} connections just before the run's clock starts, when the user set
     * no {@code prewarm-connections}. Waits at most the pre-flight timeout; never fails.
     *
     * @param connections how many the run asks for
     * @return how many connections opened
     */
    int openAhead(int connections);

    /**
     * A short GET for pre-flight checks (not a counted request).
     *
     * @param path the path, resolved against the base URL
     * @param limit how long to wait for the response
     * @return the response
     * @throws TransportException when no HTTP response came back within {@code limit}
     */
    Reply get(String path, Duration limit) throws TransportException;

    /**
     * Ends every request still in flight (each gets {@code CANCELLED}), closes every connection and
     * stops the client; when this returns no thread of this transport is running.
     */
    @Override
    void close();
}
