package io.benchsuite.backends.http;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.Secret;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.util.Checks;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Connection settings shared by every HTTP backend, read from a {@link BackendConfig}.
 *
 * <p>Config keys (all optional):
 * <ul>
 *   <li>{@code url} — base URL, e.g. {@code http://host:8000} (a trailing {@code /v1} is accepted
 *       and dropped); the default depends on the provider. User info in the URL
 *       ({@code http://alice:pw@host}) is sent as HTTP Basic credentials, as curl does, unless an
 *       {@code Authorization} header or API key is given; it is never logged or reported.</li>
 *   <li>{@code max-concurrency} — pool size, per route and in total (default 256). HttpClient's
 *       own per-route default of 5 would silently cap a benchmark at 5 streams.</li>
 *   <li>{@code connect-timeout} (default 10s), {@code read-timeout} (longest silence between two
 *       reads, default 60s), {@code request-timeout} (whole request, default 10m),
 *       {@code preflight-timeout} (default 5s).</li>
 *   <li>{@code insecure} — {@code true} disables TLS certificate and host name checks (default
 *       false; a warning is logged).</li>
 *   <li>{@code header.<Name>} — an extra header sent with every request. Values of headers whose
 *       names look like credentials ({@link BackendConfig#isSensitive}) or that are listed in
 *       {@code secret-headers} are {@link Secret}s: never logged or reported, and a value may be a
 *       reference, {@code secret:env:NAME} or {@code secret:file:PATH}, read by the transport when it
 *       starts. User information in the URL may be such a reference too
 *       ({@code http://secret:env:CREDS@host}).</li>
 *   <li>{@code api-key-env} — name of the environment variable holding the API key, sent as
 *       {@code Authorization: Bearer}. The key itself is never in the configuration.</li>
 *   <li>{@code max-event-size} — largest single response event or body: bytes, or a size such as
 *       {@code 16MB}, {@code 512KB}, {@code 1GB} (binary units; default {@value #DEFAULT_MAX_EVENT_MB} MB,
 *       at most 1 GB); a guard against a runaway server. While one event is decoded it is held up to about
 *       four times (the read buffer, its text, the JSON tree), so one event under the default costs at most
 *       ~64 MB of heap and eight at once fit a 512 MB heap; a real streamed chunk is well under 1 MB, and a
 *       non-streamed answer of 128K tokens is under 1 MB too. Raise it for bodies larger than that.</li>
 *   <li>{@code transport} — {@code netty} (default) or {@code httpclient}: which client carries the
 *       requests ({@link Transport}).</li>
 *   <li>{@code prewarm-connections} — connections the pre-flight check opens before the clock starts
 *       (at most {@code max-concurrency}; Netty transport). Unset, a replayed trace has as many opened
 *       as requests are due in its first second (its first bursts then pay for no connect) and other
 *       runs none; {@code 0} opens none, so every connect stays inside the latency of its request.</li>
 *   <li>{@code spare-connections} — idle connections kept open ahead of need (default 0, at most
 *       {@code max-concurrency}; Netty transport): a request that takes one has another opened in the
 *       background, so its own send pays for no connect.</li>
 *   <li>{@code connection-retries} — {@code 1} (default): a request whose kept-alive connection died
 *       before the server can have read it is sent once more on a fresh connection, and flagged as
 *       re-sent; {@code 0}: never re-sent, such a request fails as {@code connection_closed}.</li>
 * </ul>
 *
 * @param baseUri scheme, host, port and optional path prefix, without user info or trailing slash
 * @param maxConcurrency connection pool size per route and in total
 * @param connectTimeout TCP/TLS connect limit
 * @param readTimeout longest silence allowed while waiting for or reading a response
 * @param requestTimeout longest time one request may take in total
 * @param preflightTimeout limit for the pre-flight check
 * @param insecure whether TLS verification is off
 * @param headers extra headers for every request (values may be secret)
 * @param apiKeyEnv name of the variable holding the API key, or empty
 * @param maxEventBytes largest event or body accepted
 * @param secrets every secret of the configuration (credential headers, URL user info), to mask in
 *     anything shown; the API key is added by the transport that reads it
 * @param transport which HTTP client carries the requests
 * @param prewarmConnections connections the pre-flight check opens into the pool before the run's clock
 *     starts (0: none, the first requests open their own), or {@link #PREWARM_AUTO} when not set: as
 *     many as the run asks for ({@code Backend.openConnections})
 * @param spareConnections idle connections the pool keeps open ahead of need (Netty transport): each
 *     time a request takes one, another is opened in the background, so a request rarely pays for a
 *     connect, even against a server that closes every connection (0: none, a request opens its own)
 * @param connectionRetries how many times a request may be re-sent on a fresh connection after its
 *     kept-alive one died before the server can have read it: 1, or 0 for never
 * @param secretHeaders headers whose values are secrets, resolved by the transport when it starts (the
 *     credential headers, and {@code Authorization: Basic} made from the URL's user information)
 */
public record HttpSettings(URI baseUri, int maxConcurrency, Duration connectTimeout, Duration readTimeout,
                           Duration requestTimeout, Duration preflightTimeout, boolean insecure,
                           Map<String, String> headers, Optional<String> apiKeyEnv, long maxEventBytes,
                           SecretMask secrets, Transport transport, int prewarmConnections, int spareConnections,
                           int connectionRetries, Map<String, Secret> secretHeaders) {

    /** Config key of the connect timeout. */
    public static final String CONNECT_TIMEOUT = "connect-timeout";
    /** Config key of the read (idle) timeout. */
    public static final String READ_TIMEOUT = "read-timeout";
    /** Config key of the whole-request timeout. */
    public static final String REQUEST_TIMEOUT = "request-timeout";
    /** Config key of the pre-flight timeout. */
    public static final String PREFLIGHT_TIMEOUT = "preflight-timeout";
    /** Config key that disables TLS verification. */
    public static final String INSECURE = "insecure";
    /** Prefix of config keys naming extra headers. */
    public static final String HEADER_PREFIX = "header.";
    /** Config key of the largest event size in bytes. */
    public static final String MAX_EVENT_SIZE = "max-event-size";
    /** Default of {@link #MAX_EVENT_SIZE}, in MB (2^20 bytes). */
    public static final int DEFAULT_MAX_EVENT_MB = 16;
    /** The most {@link #MAX_EVENT_SIZE} may be: 1 GB. */
    static final long MAX_EVENT_SIZE_CEILING = 1L << 30;
    /** Config key of the HTTP client: {@code netty} (default) or {@code httpclient}. */
    public static final String TRANSPORT = "transport";
    /** Config key of the connections opened before the clock starts. */
    public static final String PREWARM_CONNECTIONS = "prewarm-connections";
    /**
     * {@link #prewarmConnections()} when {@link #PREWARM_CONNECTIONS} is not set: the run decides (a
     * replayed trace asks for its first second's arrivals, other runs for none).
     */
    public static final int PREWARM_AUTO = -1;
    /** Config key of the idle connections kept open ahead of need. */
    public static final String SPARE_CONNECTIONS = "spare-connections";
    /** Config key of the re-sends allowed after a kept-alive connection died unread (0 or 1). */
    public static final String CONNECTION_RETRIES = "connection-retries";

    /** Default pool size when {@code max-concurrency} is not given. */
    public static final int DEFAULT_MAX_CONCURRENCY = 256;

    public HttpSettings {
        notNull(baseUri, "baseUri");
        positive(maxConcurrency, "maxConcurrency");
        Checks.positive(connectTimeout, "connectTimeout");
        Checks.positive(readTimeout, "readTimeout");
        Checks.positive(requestTimeout, "requestTimeout");
        Checks.positive(preflightTimeout, "preflightTimeout");
        headers = Collections.unmodifiableMap(new TreeMap<>(notNull(headers, "headers")));
        TreeMap<String, Secret> sh = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        sh.putAll(notNull(secretHeaders, "secretHeaders"));
        secretHeaders = Collections.unmodifiableMap(sh);
        notNull(apiKeyEnv, "apiKeyEnv");
        positive(maxEventBytes, "maxEventBytes");
        notNull(secrets, "secrets");
        notNull(transport, "transport");
        if (prewarmConnections < PREWARM_AUTO) {
            throw new IllegalArgumentException("prewarmConnections must be >= 0 (or PREWARM_AUTO), got " + prewarmConnections);
        }
        if (spareConnections < 0) throw new IllegalArgumentException("spareConnections must be >= 0, got " + spareConnections);
        if (connectionRetries < 0 || connectionRetries > 1) {
            throw new IllegalArgumentException("connectionRetries must be 0 or 1, got " + connectionRetries);
        }
        baseUri = normalize(baseUri);
    }

    /**
     * Reads the settings from {@code config}.
     *
     * @param defaultUrl base URL used when the config has no {@code url}
     * @throws IllegalArgumentException naming the key whose value is wrong
     */
    public static HttpSettings from(BackendConfig config, String defaultUrl) {
        notNull(config, "config");
        notNull(defaultUrl, "defaultUrl");
        String typed = config.string(BackendConfig.URL, defaultUrl).trim();
        // every secret as a reference: header values and the URL's user information leave the values
        BackendConfig sealed = config.sealSecrets();
        String url = SecretMask.stripUserInfo(typed);
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("backend config key 'url': not a URL: '" + stripUserInfoText(url) + "'");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new IllegalArgumentException("backend config key 'url': expected http://host[:port] or https://host[:port], got '"
                    + stripUserInfoText(url) + "'");
        }
        if (uri.getPort() == 0 || uri.getPort() > 65535) {
            throw new IllegalArgumentException("backend config key 'url': port " + uri.getPort() + " is out of range 1-65535");
        }
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        Map<String, Secret> secretHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        sealed.asMap().forEach((k, v) -> {
            if (k.regionMatches(true, 0, HEADER_PREFIX, 0, HEADER_PREFIX.length())) {
                String name = k.substring(HEADER_PREFIX.length()).trim();
                if (name.isEmpty() || !name.chars().allMatch(HttpSettings::isTokenChar)) {
                    throw new IllegalArgumentException("backend config key '" + k + "': not a valid header name");
                }
                Optional<Secret> secret = sealed.secret(k);
                if (secret.isPresent()) {
                    secretHeaders.put(name, secret.get());
                } else {
                    headers.put(name, v);
                }
            }
        });
        int maxConcurrency = config.integer(BackendConfig.MAX_CONCURRENCY, DEFAULT_MAX_CONCURRENCY);
        if (maxConcurrency <= 0) {
            throw new IllegalArgumentException("backend config key '" + BackendConfig.MAX_CONCURRENCY
                    + "' must be > 0, got " + maxConcurrency);
        }
        long maxEvent = config.string(MAX_EVENT_SIZE).map(HttpSettings::eventSize)
                .orElse((long) DEFAULT_MAX_EVENT_MB << 20);
        boolean prewarmSet = config.string(PREWARM_CONNECTIONS).isPresent();
        int prewarm = prewarmSet ? config.integer(PREWARM_CONNECTIONS, 0) : PREWARM_AUTO;
        if (prewarmSet && prewarm < 0) {
            throw new IllegalArgumentException("backend config key '" + PREWARM_CONNECTIONS + "' must be >= 0, got " + prewarm);
        }
        int spare = config.integer(SPARE_CONNECTIONS, 0);
        if (spare < 0) {
            throw new IllegalArgumentException("backend config key '" + SPARE_CONNECTIONS + "' must be >= 0, got " + spare);
        }
        int retries = config.integer(CONNECTION_RETRIES, 1);
        if (retries < 0 || retries > 1) {
            // a re-send goes out on a connection opened for it, which is never re-sent again
            throw new IllegalArgumentException("backend config key '" + CONNECTION_RETRIES + "' must be 0 (never re-send) or 1 "
                    + "(re-send once on a fresh connection), got " + retries);
        }
        Optional<String> keyEnv = config.string(BackendConfig.API_KEY_ENV).map(String::trim).filter(s -> !s.isEmpty());
        SecretMask secrets = sealed.secretMask();
        Optional<String> typedInfo = SecretMask.userInfo(typed);
        if (typedInfo.isPresent() && !Secret.isReference(typedInfo.get())) {
            int start = typed.indexOf("://");
            // as typed (URL-encoded) too: a server may echo the URL
            int length = typed.length() - url.length() - 1; // what stripping removed, less its '@'
            secrets = secrets.and(SecretMask.of(List.of(typed.substring(start + 3, start + 3 + length))));
        }
        Optional<Secret> userInfo = sealed.secret(BackendConfig.URL + BackendConfig.USER_INFO_SUFFIX);
        if (userInfo.isPresent() && !headers.containsKey("Authorization") && !secretHeaders.containsKey("Authorization")) {
            // sent as HTTP Basic credentials, as curl does
            secretHeaders.put("Authorization", userInfo.get().map(v -> "Basic " + Base64.getEncoder()
                    .encodeToString(v.getBytes(StandardCharsets.UTF_8))));
        }
        return new HttpSettings(uri,
                maxConcurrency,
                positiveDuration(config, CONNECT_TIMEOUT, Duration.ofSeconds(10)),
                positiveDuration(config, READ_TIMEOUT, Duration.ofSeconds(60)),
                positiveDuration(config, REQUEST_TIMEOUT, Duration.ofMinutes(10)),
                positiveDuration(config, PREFLIGHT_TIMEOUT, Duration.ofSeconds(5)),
                config.bool(INSECURE, false),
                headers,
                keyEnv,
                maxEvent,
                secrets,
                Transport.parse(config.string(TRANSPORT, Transport.NETTY.label())),
                Math.min(prewarm, maxConcurrency),
                Math.min(spare, maxConcurrency),
                retries,
                secretHeaders);
    }

    /** The base URL as text, safe to show (no user info). */
    public String displayUrl() {
        return baseUri.toString();
    }

    /** The URL of {@code path} under the base, e.g. {@code /v1/models}. */
    public URI resolve(String path) {
        notNull(path, "path");
        return URI.create(baseUri.toString() + (path.startsWith("/") ? path : "/" + path));
    }

    /** Shows header names but never their values, which may be credentials. */
    @Override
    public String toString() {
        return "HttpSettings[baseUri=" + baseUri + ", maxConcurrency=" + maxConcurrency
                + ", connectTimeout=" + connectTimeout + ", readTimeout=" + readTimeout
                + ", requestTimeout=" + requestTimeout + ", preflightTimeout=" + preflightTimeout
                + ", insecure=" + insecure + ", headers=" + headers.keySet() + ", secretHeaders=" + secretHeaders
                + ", apiKeyEnv=" + apiKeyEnv.orElse("(none)") + ", maxEventBytes=" + maxEventBytes
                + ", transport=" + transport.label() + ", prewarmConnections=" + prewarmConnections
                + ", spareConnections=" + spareConnections + ", connectionRetries=" + connectionRetries + "]";
    }

    private static Duration positiveDuration(BackendConfig config, String key, Duration dflt) {
        Duration d = config.duration(key, dflt);
        if (d.isZero()) throw new IllegalArgumentException("backend config key '" + key + "' must be > 0");
        return d;
    }

    private static URI normalize(URI uri) {
        String path = uri.getPath() == null ? "" : uri.getPath();
        while (path.endsWith("/")) path = path.substring(0, path.length() - 1);
        // Users paste the OpenAI client's base URL (".../v1"); the backends add /v1 themselves.
        if (path.endsWith("/v1")) path = path.substring(0, path.length() - 3);
        try {
            return new URI(uri.getScheme().toLowerCase(Locale.ROOT), null, uri.getHost(), uri.getPort(),
                    path.isEmpty() ? null : path, null, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("backend config key 'url': cannot normalise '" + stripUserInfoText(uri.toString()) + "'");
        }
    }

    private static String stripUserInfoText(String url) {
        return SecretMask.stripUserInfo(url);
    }

    private static boolean isTokenChar(int c) {
        return c > 32 && c < 127 && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0;
    }
    /**
     * Reads {@code max-event-size}: whole bytes ({@code 1048576}) or a whole number of KB, MB or GB (binary:
     * {@code 16MB} is 16 × 2^20 bytes; {@code KiB}, {@code MiB}, {@code GiB} are accepted too), from 1 byte to 1 GB.
     */
    static long eventSize(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT).replace("IB", "B");
        int shift = t.endsWith("GB") ? 30 : t.endsWith("MB") ? 20 : t.endsWith("KB") ? 10 : 0;
        String digits = (shift > 0 ? t.substring(0, t.length() - 2) : t.endsWith("B") ? t.substring(0, t.length() - 1) : t).trim();
        String expected = "backend config key '" + MAX_EVENT_SIZE + "': expected a size from 1 byte to 1GB such as 16MB, "
                + "512KB or 1048576 (bytes), got '" + text + "'";
        if (digits.isEmpty() || digits.length() > 10 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(expected);
        }
        long value = Long.parseLong(digits);
        if (value <= 0 || value > MAX_EVENT_SIZE_CEILING >> shift) throw new IllegalArgumentException(expected);
        return value << shift;
    }
}
