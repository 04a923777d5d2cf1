/**
 * HTTP plumbing shared by the HTTP backends: {@link io.benchsuite.backends.http.HttpSettings}
 * (connection pool, timeouts, TLS, headers, API key variable) and the injectable
 * {@link io.benchsuite.backends.http.Environment}. The {@code internal} subpackage holds the
 * HttpClient 5 transport, the incremental SSE decoder and the failure mapping; it is not API.
 */
package io.benchsuite.backends.http;
