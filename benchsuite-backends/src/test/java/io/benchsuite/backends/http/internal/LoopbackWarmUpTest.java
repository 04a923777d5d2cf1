package io.benchsuite.backends.http.internal;

import static io.benchsuite.backends.testing.Fixtures.okServer;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.run.ForwardingResponseListener;
import io.benchsuite.backends.http.EnvironmentVariables;
import io.benchsuite.backends.http.HttpSettings;
import io.benchsuite.backends.http.Transport;
import io.benchsuite.backends.http.spi.HttpTransport;
import io.benchsuite.backends.openai.Endpoint;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.OpenAiStreamDialect;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.ScriptedServer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The request path is warmed up against a server inside the process: every request completes, nothing is left running. */
class LoopbackWarmUpTest {

    private static Set<Thread> benchsuiteThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(t -> t.getName().startsWith("benchsuite-")).collect(Collectors.toSet());
    }

    @Test
    void everyWarmUpRequestCompletesOnEachTransportOnceAndLeavesNoThread() throws Exception {
        byte[] head = "{\"messages\":[{\"role\":\"user\",\"content\":\"warm\"}]".getBytes(StandardCharsets.UTF_8);
        byte[] tail = ",\"stream\":true}".getBytes(StandardCharsets.UTF_8);
        InferenceRequest request = new InferenceRequest(0, "m", List.of(ChatMessage.user("warm")), 8, 8, true, 0.0, 1, true, Map.of());
        for (Transport t : Transport.values()) {
            Set<Thread> before = benchsuiteThreads();
            HttpSettings settings = HttpSettings.from(BackendConfig.of(Map.of(HttpSettings.TRANSPORT, t.label())), "http://127.0.0.1:1");
            String flavour = "test-" + System.nanoTime();
            AtomicInteger rendered = new AtomicInteger();
            Set<String> readOn = ConcurrentHashMap.newKeySet();
            LoopbackWarmUp.Sender sender = (transport, i, listener) -> {
                rendered.incrementAndGet();
                // as a run's request goes: the body as parts (the prompt prepared ahead, then the rest)
                return transport.postJsonParts("/v1/chat/completions", () -> List.of(head, tail), request,
                        new OpenAiStreamDialect(Endpoint.CHAT, true), new ForwardingResponseListener(listener) {
                            @Override
                            public void onTokens(long nanoTime, int tokenCount, String text) {
                                readOn.add(Thread.currentThread().getName());
                                super.onTokens(nanoTime, tokenCount, text);
                            }
                        });
            };
            LoopbackWarmUp.Result done;
            String runLoops;
            try (HttpTransport run = HttpTransport.open("run", settings, EnvironmentVariables.of(Map.of()))) {
                runLoops = "benchsuite-http-" + Integer.toHexString(System.identityHashCode(run)) + "-io";
                done = LoopbackWarmUp.run(flavour, run, sender, StreamReplay.syntheticOpenAiEvents(4),
                        120_000); // every request, however loaded the machine
                assertThat(LoopbackWarmUp.run(flavour, run, sender, StreamReplay.syntheticOpenAiEvents(4)).completed())
                        .as("once per flavour and transport").isZero();
            }
            if (t == Transport.NETTY) {
                // the run's own event loops read the warm-up's streams: those threads are the ones warmed
                assertThat(readOn).as("threads that read the warm-up's tokens").isNotEmpty().allMatch(n -> n.startsWith(runLoops));
            }
            assertThat(done.completed()).as("warm-up requests completed over %s", t.label()).isEqualTo(LoopbackWarmUp.REQUESTS);
            assertThat(rendered).as("requests sent through the backend's send path, one per request").hasValue(LoopbackWarmUp.REQUESTS);
            // the server closes after every other answer: the connect path runs once per two requests
            assertThat(done.connections()).as("connections opened over %s", t.label()).isGreaterThanOrEqualTo(LoopbackWarmUp.REQUESTS / 2);
            Set<Thread> left = benchsuiteThreads();
            left.removeAll(before);
            for (Thread th : left) th.join(2_000); // threads ending as their pools shut down
            assertThat(left.stream().filter(Thread::isAlive).map(Thread::getName)).as("threads left by the warm-up").isEmpty();
        }
    }

    @Test
    void everyEighthWarmUpPromptIsLong() {
        assertThat(LoopbackWarmUp.prompt(0)).hasSize(LoopbackWarmUp.prompt(1).length());
        assertThat(LoopbackWarmUp.prompt(7).length()).as("a long prompt: 128 KB").isEqualTo(128 * 1024);
        assertThat(LoopbackWarmUp.prompt(7).length()).isEqualTo(32 * LoopbackWarmUp.prompt(3).length());
        assertThat(LoopbackWarmUp.prompt(15)).isSameAs(LoopbackWarmUp.prompt(7));
    }

    @Test
    void preflightSendsNothingButItsChecksToTheBenchmarkedServer() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            b.preflight();
            assertThat(server.requests()).isNotEmpty().allMatch(r -> r.method().equals("GET"));
        }
    }
}
