package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.backends.testing.ScriptedServer.Conn;
import io.benchsuite.backends.testing.TrickleServer;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.RecordingListener;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing a backend while streams are still receiving ends at once and quietly; a streaming request
 * answered with a web page instead of events is a malformed response, not a truncated stream.
 */
class ShutdownAndContentTypeTest {

    @Test
    void closeWhileServersStillTrickleTokensIsPromptAndQuiet() throws Exception {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            for (int i = 0; i < 1_000_000; i++) {
                c.chunk(chatDelta("t"));
                if (i % 10 == 0) Conn.sleep(1);
            }
        })) {
            Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            OpenAiBackend backend = openai(Preset.VLLM, server.url(), "max-concurrency", "8");
            List<RecordingListener> ls = new ArrayList<>();
            List<RequestHandle> handles = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                RecordingListener l = new RecordingListener();
                ls.add(l);
                handles.add(backend.send(request(true, 100_000), l));
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            for (RecordingListener l : ls) {
                while (l.tokens() < 3 && System.nanoTime() < deadline) Thread.sleep(5);
            }
            // What a run does at its drain timeout: cancel what is in flight, then close the backend.
            long t0 = System.nanoTime();
            handles.forEach(RequestHandle::cancel);
            for (RecordingListener l : ls) l.await(Duration.ofSeconds(5));
            backend.close();
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            System.out.println("close took " + took);
            // The stall this guards against took 5.5 s; a loaded machine needs far less than 3 s.
            assertThat(took).isLessThan(Duration.ofSeconds(3));
            for (RecordingListener l : ls) {
                assertThat(l.isDone()).isTrue();
                assertThat(l.error().kind()).isEqualTo(ErrorKind.CANCELLED);
                assertThat(l.terminalCount()).isEqualTo(1);
                assertThat(l.violations()).isEmpty();
            }
            Thread.sleep(200); // let any late reactor error surface
        } finally {
            System.setErr(err);
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertThat(log).doesNotContain("ClosedSelectorException").doesNotContain("Exception in thread");
        assertThat(uncaught).isEmpty();
    }

    @Test
    void afterARunCancelledTricklingStreamsAtItsDrainTimeoutTheBackendClosesPromptly(
            @TempDir Path dir) throws Exception {
        try (TrickleServer server = new TrickleServer(5)) {
            OpenAiBackend backend = openai(Preset.VLLM, server.url(), "max-concurrency", "8");
            RunResult r = Benchmark.named("drain").backend(backend)
                    .workload(Workload.open().rate(4).maxConcurrency(8)
                            .duration(Duration.ofSeconds(2))
                            .inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(128)).build())
                    .seed(SeedChain.fromLong(1)).preflight(true).outputDir(dir)
                    .drainTimeout(Duration.ofSeconds(1)).retainRequests(true).run();
            assertThat(r.requests()).isNotEmpty().allMatch(x -> x.errorKind() == ErrorKind.CANCELLED);
            PrintStream err = System.err;
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            Duration took;
            try {
                System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
                long t0 = System.nanoTime();
                backend.close();
                took = Duration.ofNanos(System.nanoTime() - t0);
                Thread.sleep(200); // let any late reactor error surface
            } finally {
                System.setErr(err);
            }
            // HttpClient's graceful shutdown waited 5 s here for the cancelled streams' connections,
            // then its reactor tripped over its own closed selector.
            assertThat(took).isLessThan(Duration.ofSeconds(3));
            assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("ClosedSelectorException");
        }
    }

    @Test
    void anHtmlPageAnsweringAStreamingRequestIsMalformedNotTruncated() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> c.full(200, "text/html; charset=utf-8",
                "<html><body><h1>Welcome to nginx!</h1></body></html>"));
             OpenAiBackend backend = openai(Preset.VLLM, server.url())) {
            RecordingListener l = new RecordingListener();
            backend.send(request(true, 4), l);
            l.await();
            assertThat(l.error().kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
            assertThat(l.error().message()).contains("text/html").contains("text/event-stream").contains("Welcome to nginx");
            assertThat(l.error().httpStatus()).isEqualTo(200);
        }
    }

    @Test
    void aChunkedPlainTextReplyToAStreamingRequestIsMalformedToo() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200, "Content-Type: text/plain");
            c.chunk("data: this looks like events but the server did not say so\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url())) {
            RecordingListener l = new RecordingListener();
            backend.send(request(true, 4), l);
            l.await();
            assertThat(l.error().kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
            assertThat(l.error().message()).contains("text/plain");
        }
    }

    @Test
    void aStreamWithoutContentTypeIsStillReadAsEvents() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.raw("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            c.chunk(chatDelta("a"));
            c.chunk("data: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url())) {
            RecordingListener l = new RecordingListener();
            backend.send(request(true, 4), l);
            l.await();
            assertThat(l.error()).isNull();
            assertThat(l.tokens()).isEqualTo(1);
        }
    }
}
