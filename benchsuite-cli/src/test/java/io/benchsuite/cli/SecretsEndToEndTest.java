package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that echoes every credential it receives (in a 401 body, in an SSE error event, in a
 * malformed chunk, in its model list) must not get any of them into what benchsuite prints or
 * writes: not the whole header value, not the bare token after {@code Bearer}, not a URL password,
 * not the Base64 of a Basic credential, not a header the user marked secret.
 */
class SecretsEndToEndTest {
    static final String TOKEN = "sk-live-ABCDEF0123456789";
    static final String PASSWORD = "PassW0rd-77";
    static final String SIGNATURE = "sig-0123456789abc";

    @TempDir
    Path tmp;
    HttpServer server;
    final AtomicInteger calls = new AtomicInteger();
    final ByteArrayOutputStream logs = new ByteArrayOutputStream();
    PrintStream originalErr;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::echo);
        server.start();
        originalErr = System.err;
        System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8)); // the CLI's log binding writes here
    }

    @AfterEach
    void stop() {
        System.setErr(originalErr);
        server.stop(0);
    }

    /**
     * Everything the client sent, as one line, as a careless server quotes it back: the headers, and
     * the bare credential after its scheme word ("invalid key sk-…"), as OpenAI-style errors do.
     */
    private static String echoed(HttpExchange ex) {
        String headers = ex.getRequestHeaders().entrySet().stream()
                .map(e -> e.getKey() + ": " + String.join(",", e.getValue()))
                .collect(Collectors.joining(" | "));
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        String bare = auth == null ? "" : " | invalid key " + auth.substring(auth.indexOf(' ') + 1);
        String sig = ex.getRequestHeaders().getFirst("X-Signature");
        return headers + bare + (sig == null ? "" : " | bad signature " + sig);
    }

    private void echo(HttpExchange ex) throws IOException {
        ex.getRequestBody().readAllBytes();
        String heard = echoed(ex).replace("\"", "'");
        if (ex.getRequestURI().getPath().equals("/v1/models")) {
            reply(ex, 200, "application/json", "{\"data\":[{\"id\":\"" + heard + "\"}]}");
            return;
        }
        switch (calls.getAndIncrement() % 4) {
            case 0 -> reply(ex, 401, "application/json", "{\"error\":\"bad credentials: " + heard + "\"}");
            case 1 -> reply(ex, 200, "text/event-stream", "data: {\"error\":{\"message\":\"denied " + heard + "\"}}\n\n");
            case 2 -> reply(ex, 200, "text/event-stream", "data: {not json " + heard + "\n\n");
            default -> reply(ex, 200, "text/event-stream", "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},"
                    + "\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n");
        }
    }

    private static void reply(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private String url(boolean withPassword) {
        return "http://" + (withPassword ? "alice:" + PASSWORD + "@" : "") + "127.0.0.1:" + server.getAddress().getPort();
    }

    private List<String> everythingWritten(CliHarness cli, Path dir) throws IOException {
        List<String> texts = new ArrayList<>(List.of(cli.out(), cli.err(), logs.toString(StandardCharsets.UTF_8)));
        for (String f : List.of("report.json", "report.html", "requests.jsonl", "summary.csv")) {
            texts.add(Files.readString(dir.resolve(f)));
        }
        return texts;
    }

    @Test
    void aBearerTokenAndAMarkedHeaderNeverLeak() throws IOException {
        Path dir = tmp.resolve("bearer");
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "openai", "--url", url(false), "--model", "m", "--num-requests", "8",
                "--max-concurrent", "1", "--output-length", "4", "--header", "Authorization=Bearer " + TOKEN,
                "--header", "X-Signature=" + SIGNATURE, "--secret-header", "X-Signature", "--no-progress",
                "--output-dir", dir.toString());
        assertThat(code).as(cli.err()).isZero();
        List<String> texts = everythingWritten(cli, dir);
        assertThat(String.join("\n", texts)).as("the server did echo them").contains("***")
                .contains("server_error_event").contains("http_4xx").contains("malformed_response");
        for (String t : texts) {
            assertThat(t).doesNotContain(TOKEN).doesNotContain(SIGNATURE);
        }
    }

    @Test
    void aUrlPasswordIsSentAsBasicAuthAndNeverShown() throws IOException {
        Path dir = tmp.resolve("basic");
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "openai", "--url", url(true), "--model", "m", "--num-requests", "8",
                "--max-concurrent", "1", "--output-length", "4", "--no-progress", "--output-dir", dir.toString());
        assertThat(code).as(cli.err()).isZero();
        String basic = Base64.getEncoder().encodeToString(("alice:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        List<String> texts = everythingWritten(cli, dir);
        assertThat(cli.out()).contains("at http://127.0.0.1:");
        assertThat(Files.readString(dir.resolve("report.json"))).contains("\"url\" : \"http://127.0.0.1:");
        for (String t : texts) {
            assertThat(t).doesNotContain(PASSWORD).doesNotContain(basic).doesNotContain("alice:");
        }
    }

    @Test
    void aMalformedUrlWithAPasswordIsRejectedWithoutShowingIt() {
        CliHarness cli = new CliHarness();
        int code = cli.run("run", "--backend", "openai", "--url", "http://bob:" + PASSWORD + "@[bad", "--model", "m",
                "--num-requests", "1", "--output-dir", tmp.resolve("bad").toString());
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--url").doesNotContain(PASSWORD).doesNotContain("internal error");
        assertThat(cli.out()).doesNotContain(PASSWORD);
    }

    @Test
    void secretHeaderMustNameAGivenHeader() {
        CliHarness cli = new CliHarness(Map.of());
        int code = cli.run("run", "--backend", "fake", "--secret-header", "X-Session", "--num-requests", "1",
                "--output-dir", tmp.resolve("s").toString());
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--secret-header: no --header named 'X-Session'");
    }
}
