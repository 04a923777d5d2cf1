package io.benchsuite.backends.http.internal;

import java.net.SocketAddress;
import java.nio.file.Path;
import java.util.concurrent.Future;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SchemePortResolver;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.nio.AsyncClientConnectionOperator;
import org.apache.hc.client5.http.nio.ManagedAsyncClientConnection;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.net.NamedEndpoint;
import org.apache.hc.core5.reactor.ConnectionInitiator;
import org.apache.hc.core5.util.Timeout;

/**
 * Times every new connection: the pool opens a connection on behalf of the request whose lease
 * needed it, with that request's {@link HttpContext}, so the connect time (name resolution, TCP
 * handshake and, for https, the TLS handshake) is stored in that context under {@link #ATTRIBUTE}
 * and reported with the request. A request served by a pooled connection has no such attribute.
 */
final class TimedConnections extends PoolingAsyncClientConnectionManagerBuilder {
    /** Context attribute holding the connect time in nanoseconds (a {@link Long}). */
    static final String ATTRIBUTE = "io.benchsuite.connect-nanos";

    static TimedConnections builder() {
        return new TimedConnections();
    }

    @Override
    protected AsyncClientConnectionOperator createConnectionOperator(TlsStrategy tls, SchemePortResolver ports,
                                                                     DnsResolver dns) {
        return new Operator(super.createConnectionOperator(tls, ports, dns));
    }

    /** Reads the connect time a request's context received, or -1 when its connection was reused. */
    static long connectNanos(HttpContext context) {
        Object v = context == null ? null : context.getAttribute(ATTRIBUTE);
        return v instanceof Long l ? l : -1;
    }

    private static final class Operator implements AsyncClientConnectionOperator {
        private final AsyncClientConnectionOperator delegate;

        Operator(AsyncClientConnectionOperator delegate) {
            this.delegate = delegate;
        }

        @Override
        public Future<ManagedAsyncClientConnection> connect(ConnectionInitiator initiator, HttpHost host,
                SocketAddress local, Timeout timeout, Object attachment,
                FutureCallback<ManagedAsyncClientConnection> callback) {
            return delegate.connect(initiator, host, local, timeout, attachment, timed(null, callback));
        }

        @Override
        public Future<ManagedAsyncClientConnection> connect(ConnectionInitiator initiator, HttpHost host,
                NamedEndpoint endpoint, SocketAddress local, Timeout timeout, Object attachment, HttpContext context,
                FutureCallback<ManagedAsyncClientConnection> callback) {
            return delegate.connect(initiator, host, endpoint, local, timeout, attachment, context, timed(context, callback));
        }

        @Override
        public Future<ManagedAsyncClientConnection> connect(ConnectionInitiator initiator, HttpHost host,
                Path unixDomainSocket, NamedEndpoint endpoint, SocketAddress local, Timeout timeout,
                Object attachment, HttpContext context, FutureCallback<ManagedAsyncClientConnection> callback) {
            return delegate.connect(initiator, host, unixDomainSocket, endpoint, local, timeout, attachment, context,
                    timed(context, callback));
        }

        @Override
        public void upgrade(ManagedAsyncClientConnection conn, HttpHost host, Object attachment) {
            delegate.upgrade(conn, host, attachment);
        }

        @Override
        public void upgrade(ManagedAsyncClientConnection conn, HttpHost host, NamedEndpoint endpoint, Object attachment,
                            HttpContext context, FutureCallback<ManagedAsyncClientConnection> callback) {
            delegate.upgrade(conn, host, endpoint, attachment, context, callback);
        }

        private static FutureCallback<ManagedAsyncClientConnection> timed(HttpContext context,
                FutureCallback<ManagedAsyncClientConnection> callback) {
            long start = System.nanoTime();
            return new FutureCallback<>() {
                @Override
                public void completed(ManagedAsyncClientConnection result) {
                    if (context != null) context.setAttribute(ATTRIBUTE, System.nanoTime() - start);
                    if (callback != null) callback.completed(result);
                }

                @Override
                public void failed(Exception ex) {
                    if (callback != null) callback.failed(ex);
                }

                @Override
                public void cancelled() {
                    if (callback != null) callback.cancelled();
                }
            };
        }
    }
}
