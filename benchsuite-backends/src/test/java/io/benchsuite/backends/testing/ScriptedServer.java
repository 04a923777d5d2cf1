package io.benchsuite.backends.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A byte-exact HTTP/1.1 test server on 127.0.0.1 (port 0) built on raw sockets, so that tests can
 * time every write, split events anywhere, and break connections the way real servers do. One
 * thread per connection; keep-alive is honoured.
 */
public final class ScriptedServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A request as the server read it. */
    public record Received(String method, String path, Map<String, String> headers, byte[] body, long nanoTime) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("request body is not JSON: " + bodyText(), e);
            }
        }
    }

    /** Answers one request. */
    @FunctionalInterface
    public interface Script {
        void respond(Received request, Conn conn) throws Exception;
    }

    /** The response side of one connection. */
    public static final class Conn {
        private final Socket socket;
        private final OutputStream out;
        /** nanoTime after each {@link #chunk} was flushed. */
        public final List<Long> writeTimes = new ArrayList<>();
        /** nanoTime just before each {@link #chunk} was written: no byte of it can arrive earlier. */
        public final List<Long> writeStarts = new ArrayList<>();
        boolean closed;

        Conn(Socket socket) throws IOException {
            this.socket = socket;
            this.out = socket.getOutputStream();
        }

        /** Status line and headers of a chunked response. */
        public Conn head(int status, String... headerLines) throws IOException {
            StringBuilder b = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
            boolean hasType = false;
            for (String h : headerLines) {
                b.append(h).append("\r\n");
                if (h.toLowerCase(Locale.ROOT).startsWith("content-type")) hasType = true;
            }
            if (!hasType) b.append("Content-Type: text/event-stream\r\n");
            b.append("Transfer-Encoding: chunked\r\n\r\n");
            raw(b.toString().getBytes(StandardCharsets.US_ASCII));
            return this;
        }

        /** A complete response with a body and Content-Length. */
        public void full(int status, String contentType, String body, String... headerLines) throws IOException {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            StringBuilder b = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
            for (String h : headerLines) b.append(h).append("\r\n");
            b.append("Content-Type: ").append(contentType).append("\r\nContent-Length: ").append(bytes.length).append("\r\n\r\n");
            raw(b.toString().getBytes(StandardCharsets.US_ASCII));
            raw(bytes);
        }

        /** One HTTP chunk, flushed at once; records the time. */
        public Conn chunk(String text) throws IOException {
            return chunk(text.getBytes(StandardCharsets.UTF_8));
        }

        public Conn chunk(byte[] bytes) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream(bytes.length + 16);
            b.writeBytes((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            b.writeBytes(bytes);
            b.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
            writeStarts.add(System.nanoTime());
            raw(b.toByteArray());
            writeTimes.add(System.nanoTime());
            return this;
        }

        /** The last chunk: the response ends cleanly. */
        public void end() throws IOException {
            raw("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        }

        public void raw(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        /** Sends a TCP reset. */
        public void reset() throws IOException {
            socket.setSoLinger(true, 0);
            socket.close();
            closed = true;
        }

        /**
         * Waits until the client's next request starts to arrive on this kept-alive connection and
         * closes it without reading a byte of it, as a server closing an idle connection does when the
         * request crosses its close (the unread bytes make the kernel answer with a reset). Gives up
         * after {@code maxWaitMillis} (the client closed the connection, or sent nothing).
         */
        public void closeUnreadWhenTheNextRequestArrives(long maxWaitMillis) throws IOException {
            long deadline = System.nanoTime() + maxWaitMillis * 1_000_000L;
            InputStream raw = socket.getInputStream();
            while (raw.available() == 0 && System.nanoTime() < deadline && !socket.isClosed()) {
                sleep(1);
            }
            socket.close();
            closed = true;
        }

        /** Closes the connection normally (FIN). */
        public void close() throws IOException {
            socket.close();
            closed = true;
        }

        public static void sleep(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static String reason(int status) {
            return switch (status) {
                case 200 -> "OK";
                case 401 -> "Unauthorized";
                case 404 -> "Not Found";
                case 429 -> "Too Many Requests";
                case 500 -> "Internal Server Error";
                case 503 -> "Service Unavailable";
                default -> "Status";
            };
        }
    }

    private final ServerSocket server;
    private final Script script;
    private final Thread acceptor;
    private final List<Received> requests = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger maxOpen = new AtomicInteger();
    private volatile boolean closed;

    public ScriptedServer(Script script) throws IOException {
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        this.script = script;
        this.acceptor = new Thread(this::acceptLoop, "scripted-server-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port();
    }

    public List<Received> requests() {
        return Collections.unmodifiableList(requests);
    }

    /** Connections accepted so far. */
    public int connections() {
        return sockets.size();
    }

    /** Requests whose response is being written right now. */
    public int open() {
        return open.get();
    }

    public int maxOpen() {
        return maxOpen.get();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                sockets.add(s);
                Thread t = new Thread(() -> serve(s), "scripted-server-conn");
                t.setDaemon(true);
                threads.add(t);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = new BufferedInputStream(s.getInputStream(), 1 << 16);
            Conn conn = new Conn(s);
            while (!closed && !conn.closed) {
                Received r = read(in);
                if (r == null) return;
                requests.add(r);
                int now = open.incrementAndGet();
                maxOpen.accumulateAndGet(now, Math::max);
                try {
                    script.respond(r, conn);
                } finally {
                    open.decrementAndGet();
                }
            }
        } catch (Exception e) {
            // The client went away or the script broke the connection on purpose.
        }
    }

    private static Received read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int state = 0;
        while (state < 4) {
            int b = in.read();
            if (b < 0) return null;
            head.write(b);
            state = (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3)) ? state + 1 : 0;
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        String[] first = lines[0].split(" ");
        Map<String, String> headers = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int c = lines[i].indexOf(':');
            if (c > 0) headers.put(lines[i].substring(0, c).trim().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        return new Received(first[0], first[1], headers, body, System.nanoTime());
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        for (Thread t : threads) t.interrupt(); // scripts sleeping to simulate a slow server
        for (Thread t : threads) {
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            acceptor.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
