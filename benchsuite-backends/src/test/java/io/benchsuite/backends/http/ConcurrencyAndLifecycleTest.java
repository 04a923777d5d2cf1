package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.backends.testing.ScriptedServer.Conn;
import io.benchsuite.tck.RecordingListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ConcurrencyAndLifecycleTest {

    @Test
    void sixtyFourStreamsReallyRunAtOnce() throws Exception {
        int n = 64;
        CountDownLatch allOpen = new CountDownLatch(n);
        AtomicBoolean sawAll = new AtomicBoolean(true);
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            allOpen.countDown();
            // No response starts before all 64 requests are open at the server.
            if (!allOpen.await(15, TimeUnit.SECONDS)) sawAll.set(false);
            c.head(200);
            c.chunk(chatDelta("a"));
            c.chunk(chatDelta("b"));
            c.chunk("data: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url(), "max-concurrency", "64")) {
            List<RecordingListener> ls = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                RecordingListener l = new RecordingListener();
                ls.add(l);
                backend.send(request(true, 2), l);
            }
            for (RecordingListener l : ls) {
                l.await(Duration.ofSeconds(20));
                assertThat(l.error()).isNull();
                assertThat(l.tokens()).isEqualTo(2);
            }
            assertThat(sawAll).isTrue();
            assertThat(server.maxOpen()).isEqualTo(64);
            // the build runs these tests once per transport: say which one carried them
            String expected = Fixtures.transport().isEmpty() ? "netty"
                    : Fixtures.transport();
            assertThat(backend.info().details().get("transport")).startsWith(expected);
        }
    }

    @Test
    void thePoolIsWhatCapsConcurrency() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            Conn.sleep(300);
            c.head(200);
            c.chunk(chatDelta("a"));
            c.chunk("data: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url(), "max-concurrency", "3")) {
            List<RecordingListener> ls = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                RecordingListener l = new RecordingListener();
                ls.add(l);
                backend.send(request(true, 1), l);
            }
            for (RecordingListener l : ls) assertThat(l.await().error()).isNull();
            assertThat(server.maxOpen()).isEqualTo(3);
        }
    }

    @Test
    void connectionsAreKeptAlive() throws Exception {
        Set<Integer> ports = ConcurrentHashMap.newKeySet();
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("a"));
            c.chunk("data: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url(), "max-concurrency", "4")) {
            for (int i = 0; i < 5; i++) {
                RecordingListener l = new RecordingListener();
                backend.send(request(true, 1), l);
                assertThat(l.await().error()).isNull();
                // onComplete fires at [DONE]; the connection returns to the pool a moment later,
                // when the response's last chunk has been read.
                Thread.sleep(100);
            }
            assertThat(server.requests()).hasSize(5);
            assertThat(server.connections()).isEqualTo(1);
        }
    }

    @Test
    void closeCancelsInFlightRequestsAndLeavesNoThreads() throws Exception {
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            for (int i = 0; i < 200; i++) {
                c.chunk(chatDelta("t"));
                Conn.sleep(20);
            }
        })) {
            // Other tests in this JVM may still be closing their own clients: look only at this backend's threads.
            List<String> before = threadsNamed("benchsuite-http-");
            OpenAiBackend backend = openai(Preset.VLLM, server.url());
            RecordingListener l = new RecordingListener();
            backend.send(request(true, 200), l);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (l.tokens() < 2 && System.nanoTime() < deadline) Thread.sleep(5);
            List<String> ours = threadsNamed("benchsuite-http-");
            ours.removeAll(before);
            assertThat(ours).isNotEmpty();
            backend.close();
            assertThat(l.isDone()).isTrue();
            assertThat(l.error().kind()).isEqualTo(ErrorKind.CANCELLED);
            assertThat(l.terminalCount()).isEqualTo(1);
            assertThat(threadsNamed("benchsuite-http-")).doesNotContainAnyElementsOf(ours);
            // A request after close fails at once, typed, without throwing.
            RecordingListener after = new RecordingListener();
            backend.send(request(true, 1), after);
            assertThat(after.await().error().kind()).as("refused, as for every backend").isEqualTo(ErrorKind.REJECTED);
            assertThat(after.error().message()).isEqualTo("vllm backend is closed");
            backend.close(); // idempotent
        }
    }

    static List<String> threadsNamed(String prefix) {
        List<String> names = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().startsWith(prefix)) names.add(t.getName());
        }
        return names;
    }
}
