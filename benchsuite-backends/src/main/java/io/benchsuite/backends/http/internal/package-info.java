/**
 * The HTTP client every HTTP backend shares, not a public API (what a plugin implements and uses is in
 * {@code io.benchsuite.backends.http.spi}): {@link
 * io.benchsuite.backends.http.internal.PooledHttpTransport} over a {@link
 * io.benchsuite.backends.http.internal.Connector} (Netty by default, Apache HttpClient 5 on request),
 * one {@link io.benchsuite.backends.http.internal.Exchange} per request that timestamps bytes as the
 * socket read returns them, the incremental {@link io.benchsuite.backends.http.internal.SseDecoder},
 * and the {@link io.benchsuite.backends.http.spi.ResponseDialect} each API flavour implements to
 * read its responses. Start at {@code Exchange} to follow one response from the socket to the
 * listener.
 */
package io.benchsuite.backends.http.internal;
