package io.benchsuite.backends.http;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendOption;
import java.util.List;

/**
 * The declared options of {@link HttpSettings}, shared by every HTTP backend's provider: one
 * declaration per key {@link HttpSettings#from} reads, with the same defaults.
 */
public final class HttpOptions {
    private HttpOptions() {
    }

    /**
     * The connection options, with {@code url} defaulting to {@code defaultUrl}.
     *
     * @param defaultUrl the provider's default base URL
     * @return the declarations, {@code url} first
     */
    public static List<BackendOption> connection(String defaultUrl) {
        notNull(defaultUrl, "defaultUrl");
        return List.of(
                BackendOption.URL.withDefault(defaultUrl)
                        .withDescription("base URL of the server (a trailing /v1 is dropped; user:password@ is sent as Basic auth)"),
                BackendOption.API_KEY_ENV.withDescription(
                        "name of the environment variable holding the API key, sent as Authorization: Bearer"),
                BackendOption.HEADERS,
                BackendOption.SECRET_HEADERS,
                BackendOption.MAX_CONCURRENCY.withDefault(Integer.toString(HttpSettings.DEFAULT_MAX_CONCURRENCY))
                        .withDescription("connection pool size, per route and in total (the run sets it from the workload)"),
                BackendOption.duration(HttpSettings.CONNECT_TIMEOUT, "TCP and TLS connect limit").withDefault("10s"),
                BackendOption.duration(HttpSettings.READ_TIMEOUT, "longest silence while waiting for or reading a response")
                        .withDefault("60s"),
                BackendOption.duration(HttpSettings.REQUEST_TIMEOUT, "longest time one request may take").withDefault("10m"),
                BackendOption.duration(HttpSettings.PREFLIGHT_TIMEOUT, "limit of the pre-flight check").withDefault("5s"),
                BackendOption.bool(HttpSettings.INSECURE, "skip TLS certificate and host name checks").withDefault("false"),
                BackendOption.oneOf(HttpSettings.TRANSPORT, "HTTP client: Netty (default, leanest per token) or "
                        + "Apache HttpClient 5", "netty", "httpclient").withDefault("netty"),
                BackendOption.string(HttpSettings.MAX_EVENT_SIZE, "largest response event or body: bytes, or a size "
                        + "such as 16MB or 512KB, at most 1GB (a guard against a runaway server; one event is held up to "
                        + "~4 times while it is decoded)").withDefault(HttpSettings.DEFAULT_MAX_EVENT_MB + "MB"),
                BackendOption.integer(HttpSettings.PREWARM_CONNECTIONS, "connections the pre-flight check opens into the "
                        + "pool before the clock starts, at most max-concurrency (Netty transport; 0: the first requests "
                        + "open their own, as the Python clients do)").withDefault("0"),
                BackendOption.integer(HttpSettings.SPARE_CONNECTIONS, "idle connections the pool keeps open ahead of need, "
                        + "at most max-concurrency (Netty transport): a request that takes one has another opened in the "
                        + "background, so its send pays for no connect even when the server closes every connection "
                        + "(0: a request opens its own)").withDefault("0"),
                BackendOption.integer(HttpSettings.CONNECTION_RETRIES, "1: a request whose kept-alive connection died "
                        + "before the server can have read it is re-sent once on a fresh connection (flagged \"resent\" in "
                        + "requests.jsonl); 0: never re-sent, it fails as connection_closed").withDefault("1"));
    }
}
