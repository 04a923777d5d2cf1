package io.benchsuite.backends.http.internal;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.ThreadFactory;

/**
 * Netty event loops and socket channel types: native epoll on Linux (lower latency, less garbage,
 * microsecond timers), Java NIO elsewhere. One place decides, so the client transport and the
 * benchmark servers always agree.
 */
public final class EventLoops {
    private EventLoops() {}

    /** Whether the native epoll transport is in use. */
    public static boolean nativeEpoll() {
        return Epoll.isAvailable();
    }

    /** A group of {@code threads} event loops whose threads come from {@code threads}. */
    public static EventLoopGroup group(int threads, ThreadFactory factory) {
        if (threads <= 0) throw new IllegalArgumentException("threads must be > 0, got " + threads);
        return new MultiThreadIoEventLoopGroup(threads, factory, ioHandler());
    }

    /** The client socket channel class that matches {@link #group}. */
    public static Class<? extends SocketChannel> socketChannel() {
        return nativeEpoll() ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** The server socket channel class that matches {@link #group}. */
    public static Class<? extends ServerSocketChannel> serverChannel() {
        return nativeEpoll() ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** Which transport is used, for reports: {@code epoll} or {@code nio}. */
    public static String name() {
        return nativeEpoll() ? "epoll" : "nio";
    }

    private static IoHandlerFactory ioHandler() {
        return nativeEpoll() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }
}
