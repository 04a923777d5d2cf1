package io.benchsuite.backends.testing;

import io.benchsuite.backends.http.internal.EventLoops;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * A non-blocking server that answers every request with an event stream that never ends: one token
 * every few milliseconds, for as long as the connection is open, as a server in the middle of very
 * long answers does. It never reads what the client sends after the request.
 */
public final class TrickleServer implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel listener;

    public TrickleServer(long everyMillis) throws InterruptedException {
        group = EventLoops.group(1, r -> {
            Thread t = new Thread(r, "trickle-server");
            t.setDaemon(true);
            return t;
        });
        listener = new ServerBootstrap().group(group).channel(EventLoops.serverChannel())
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20),
                                new SimpleChannelInboundHandler<FullHttpRequest>() {
                                    @Override
                                    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
                                        if (req.uri().startsWith("/v1/models")) {
                                            byte[] b = "{\"data\":[{\"id\":\"m\"}]}".getBytes(StandardCharsets.UTF_8);
                                            var full = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                                                    HttpResponseStatus.OK, Unpooled.wrappedBuffer(b));
                                            full.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
                                            full.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, b.length);
                                            ctx.writeAndFlush(full);
                                            return;
                                        }
                                        DefaultHttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                                        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
                                        r.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
                                        ctx.writeAndFlush(r);
                                        ctx.executor().scheduleAtFixedRate(() -> {
                                            if (ctx.channel().isActive()) {
                                                ctx.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(
                                                        Fixtures.chatDelta("t").getBytes(StandardCharsets.UTF_8))));
                                            }
                                        }, everyMillis, everyMillis, TimeUnit.MILLISECONDS);
                                    }
                                });
                    }
                }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    public String url() {
        return "http://127.0.0.1:" + ((InetSocketAddress) listener.localAddress()).getPort();
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
