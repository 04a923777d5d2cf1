package io.benchsuite.sim.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shape the routes beside the generating ones share (pooling, transcriptions): read a {@code POST} to one of
 * the handler's paths (a trailing {@code /} ignored; 404 for another path, 405 for another method), serve it, and
 * answer in JSON; a client that goes away mid-answer is logged at debug and its exchange closed.
 */
abstract class PostHandler implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(PostHandler.class);
    /** How long a request waits for its engine's next event before it is given up. */
    static final long EVENT_TIMEOUT_MILLIS = 600_000;

    /** For request and response bodies. */
    protected final ObjectMapper json = new ObjectMapper();

    @Override
    public final void handle(HttpExchange ex) throws IOException {
        try {
            long arrival = ArrivalStamps.arrival();
            String path = ex.getRequestURI().getPath();
            if (path.length() > 1 && path.endsWith("/")) path = path.substring(0, path.length() - 1);
            if (!serves(path)) {
                error(ex, path, 404, "no route for " + ex.getRequestMethod() + " " + path);
            } else if (!ex.getRequestMethod().equals("POST")) {
                error(ex, path, 405, "method " + ex.getRequestMethod() + " not allowed on " + path);
            } else {
                serve(ex, path, arrival);
            }
        } catch (IOException e) {
            LOG.debug("client connection lost: {}", e.toString());
        } finally {
            ex.close();
        }
    }

    /** Whether this handler serves {@code path} (without a trailing {@code /}). */
    abstract boolean serves(String path);

    /**
     * Serves a {@code POST} to one of this handler's paths.
     *
     * @param ex the exchange
     * @param path its path, without a trailing {@code /}
     * @param arrival when it arrived ({@link ArrivalStamps#arrival()})
     * @throws IOException when the client went away
     */
    abstract void serve(HttpExchange ex, String path, long arrival) throws IOException;

    /** Answers an error about a request to {@code path}: OpenAI's (vLLM's) error body unless a handler speaks another API. */
    void error(HttpExchange ex, String path, int status, String message) throws IOException {
        ObjectNode r = json.createObjectNode();
        r.putObject("error").put("message", message).put("type", status == 404 ? "NotFoundError" : "BadRequestError")
                .putNull("param").put("code", status);
        send(ex, status, json.writeValueAsString(r));
    }

    /** Answers {@code body}, a JSON text, with {@code status}. */
    static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }
}
