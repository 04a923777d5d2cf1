package io.benchsuite.backends.http.internal;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.util.Durations;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * What a response head says, read for the exchange: which body reader its Content-Type calls for,
 * its Retry-After, and what makes it unreadable as an answer: a compressed body
 * (benchsuite reads the bytes as they arrive, to time them, and decodes no content coding) and a
 * redirect (not followed: a benchmark must time the server it was pointed at). Each check gives the
 * message that names what was found, or {@code null} when the response is fine.
 */
final class HeadChecks {
    private HeadChecks() {}

    /**
     * The problem with a 2xx response's {@code Content-Encoding}, or {@code null} when it has none
     * or {@code identity}.
     */
    static String compressedHeader(String contentEncoding) {
        if (contentEncoding == null) return null;
        String e = contentEncoding.strip().toLowerCase(Locale.ROOT);
        if (e.isEmpty() || e.equals("identity")) return null;
        return "the response body is compressed (Content-Encoding: " + contentEncoding.strip()
                + "), which is not decoded: benchsuite times the bytes as they arrive; turn compression off on the"
                + " server or the proxy in front of it";
    }

    /**
     * The problem with the first bytes of a body that carries no {@code Content-Encoding}: the magic
     * number of gzip ({@code 1f 8b}) or zstd ({@code 28 b5 2f fd}). Reads without consuming.
     */
    static String compressedBytes(ByteBuffer first) {
        int p = first.position();
        if (first.remaining() >= 2 && (first.get(p) & 0xff) == 0x1f && (first.get(p + 1) & 0xff) == 0x8b) {
            return compressedMagic("gzip", "1f 8b");
        }
        if (first.remaining() >= 4 && (first.get(p) & 0xff) == 0x28 && (first.get(p + 1) & 0xff) == 0xb5
                && (first.get(p + 2) & 0xff) == 0x2f && (first.get(p + 3) & 0xff) == 0xfd) {
            return compressedMagic("zstd", "28 b5 2f fd");
        }
        return null;
    }

    private static String compressedMagic(String encoding, String magic) {
        return "the response body is " + encoding + "-compressed (it starts with " + magic
                + ") though no Content-Encoding says so; it is not decoded: turn compression off on the server or the"
                + " proxy in front of it";
    }

    /**
     * The message of a 3xx answer: where it points ({@code Location}, with any user-info masked) and
     * that redirects are not followed.
     */
    static String redirect(int status, String target, String location) {
        StringBuilder m = new StringBuilder("HTTP ").append(status).append(" from ").append(target).append(" redirects to ");
        m.append(location == null || location.isBlank() ? "no Location" : maskUserInfo(location.strip()));
        return m.append(" (redirects are not followed: a benchmark times the server it is pointed at; set url to the new"
                + " location)").toString();
    }

    /** {@code location} with the user-info of its authority (e.g. {@code user:password@}) replaced by {@code ***}. */
    static String maskUserInfo(String location) {
        try {
            URI u = new URI(location);
            if (u.getRawUserInfo() != null) {
                return new URI(u.getScheme(), "***", u.getHost(), u.getPort(), u.getRawPath() == null ? null : u.getPath(),
                        u.getQuery(), u.getFragment()).toString();
            }
            return location;
        } catch (URISyntaxException | IllegalArgumentException e) {
            // not a parsable URI: cut whatever stands between "//" and an "@" after it
            int scheme = location.indexOf("//");
            int at = location.indexOf('@', Math.max(scheme, 0));
            int slash = scheme < 0 ? -1 : location.indexOf('/', scheme + 2);
            if (scheme >= 0 && at > scheme && (slash < 0 || at < slash)) {
                return location.substring(0, scheme + 2) + "***" + location.substring(at);
            }
            return location;
        }
    }

    /** Whether a 2xx answer to a streaming request is an event stream (no Content-Type: assume what was asked for). */
    static boolean isEventStream(String contentType) {
        return contentType == null || contentType.strip().toLowerCase(Locale.ROOT).startsWith("text/event-stream");
    }

    /** Whether a Content-Type is JSON ({@code application/json} or {@code +json}). */
    static boolean isJson(String contentType) {
        if (contentType == null) return false;
        String ct = contentType.strip().toLowerCase(Locale.ROOT);
        int semicolon = ct.indexOf(';');
        String mime = semicolon < 0 ? ct : ct.substring(0, semicolon).strip();
        return mime.equals("application/json") || mime.endsWith("+json");
    }

    /** A {@code Retry-After} value (seconds or an HTTP date) as a duration, or {@code null} when absent or unreadable. */
    static Duration parseRetryAfter(String value) {
        if (value == null) return null;
        String v = value.trim();
        try {
            long seconds = Long.parseLong(v);
            return seconds < 0 ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration d = Duration.between(ZonedDateTime.now(at.getZone()), at);
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException notDate) {
                return null;
            }
        }
    }

    /** The error of an HTTP error status (3xx, 4xx, 429, 5xx), its body's start in the message. */
    static BackendError httpError(int status, String target, String location, Duration retryAfter, String snippet) {
        if (status >= 300 && status < 400) {
            return new BackendError(ErrorKind.HTTP_REDIRECT, redirect(status, target, location), status, null);
        }
        ErrorKind kind = status == 429 ? ErrorKind.HTTP_429 : status >= 500 ? ErrorKind.HTTP_5XX : ErrorKind.HTTP_4XX;
        StringBuilder m = new StringBuilder("HTTP ").append(status).append(" from ").append(target);
        if (status == 429) {
            m.append(retryAfter == null ? " (no Retry-After)" : " (Retry-After " + Durations.format(retryAfter) + ")");
        }
        if (!snippet.isEmpty()) m.append(": ").append(snippet);
        return new BackendError(kind, m.toString(), status, retryAfter);
    }

    /** The error of a 2xx answer to a streaming request that is neither an event stream nor JSON. */
    static BackendError wrongType(int status, String target, String contentType, String snippet) {
        StringBuilder m = new StringBuilder("malformed response from ").append(target).append(": HTTP ").append(status)
                .append(" with Content-Type ").append(contentType.strip()).append(" where text/event-stream was asked for");
        if (!snippet.isEmpty()) m.append(": ").append(snippet);
        return new BackendError(ErrorKind.MALFORMED_RESPONSE, m.toString(), status, null);
    }
}
