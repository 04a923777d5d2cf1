/**
 * What an HTTP backend plugin implements and uses, the published part of benchsuite's HTTP client:
 * {@link io.benchsuite.backends.http.spi.HttpTransport} sends requests (open one with
 * {@link io.benchsuite.backends.http.spi.HttpTransport#open}), a
 * {@link io.benchsuite.backends.http.spi.ResponseDialect} reads one API flavour's responses and
 * reports through an {@link io.benchsuite.backends.http.spi.Emitter}, throwing
 * {@link io.benchsuite.backends.http.spi.MalformedResponseException} for what it cannot parse. The
 * signatures, with those of the settings types in {@code io.benchsuite.backends.http} it takes, are
 * checked against {@code benchsuite-backends/api/http-spi.api}; the implementations stay in
 * {@code http.internal}.
 */
package io.benchsuite.backends.http.spi;
