/**
 * HTTP plumbing shared by the HTTP backends: {@link io.benchsuite.backends.http.HttpSettings}
 * (connection pool, timeouts, TLS, headers, API key variable, {@link io.benchsuite.backends.http.Transport})
 * and the injectable {@link io.benchsuite.backends.http.EnvironmentVariables}. The {@code internal}
 * subpackage holds the two transports (Netty, the default, and Apache HttpClient 5) behind one
 * exchange, the incremental SSE decoder, the streaming event parser and the failure mapping; it is
 * not API.
 */
package io.benchsuite.backends.http;
