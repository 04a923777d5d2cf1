package io.benchsuite.backends.conformance;

import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.SseDecoder;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import io.benchsuite.backends.openai.Endpoint;
import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.OpenAiStreamDialect;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays answers recorded from real servers (TGI, llama.cpp, vLLM, Ollama, SGLang, LM Studio;
 * sources in {@code src/test/resources/conformance/README.md}) through both HTTP transports and
 * checks what each request becomes: outcome, error kind, streamed tokens, the text of the first
 * token, the server's completion count and the kinds of output. Each event goes out as its own
 * HTTP chunk, as the servers flush them. Which event carries the first token is checked without
 * a network, by feeding the same bytes through the SSE decoder and the dialect event by event.
 */
class StreamConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One recorded answer and what it must become. */
    record Case(String name, String server, String file, int status, String contentType, String outcome, String errorKind,
                int tokens, int firstTokenEvent, String firstTokenText, Integer usageCompletion, List<String> outputKinds,
                String messageContains) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        for (JsonNode n : JSON.readTree(resource("expectations.json"))) {
            List<String> kinds = new ArrayList<>();
            if (n.has("outputKinds")) n.get("outputKinds").forEach(k -> kinds.add(k.asText()));
            out.add(new Case(n.get("case").asText(), n.get("server").asText(), n.get("file").asText(),
                    n.path("status").asInt(200), n.path("contentType").asText("text/event-stream"), n.get("outcome").asText(),
                    n.hasNonNull("errorKind") ? n.get("errorKind").asText() : null, n.get("tokens").asInt(),
                    n.get("firstTokenEvent").asInt(), n.hasNonNull("firstTokenText") ? n.get("firstTokenText").asText() : null,
                    n.hasNonNull("usageCompletion") ? n.get("usageCompletion").asInt() : null, kinds,
                    n.hasNonNull("messageContains") ? n.get("messageContains").asText() : null));
        }
        return out;
    }

    static Stream<Arguments> casesThroughBothTransports() throws IOException {
        return cases().stream().flatMap(c -> Stream.of(Arguments.of(c, "netty"), Arguments.of(c, "httpclient")));
    }

    static Stream<Case> streamedCases() throws IOException {
        return cases().stream().filter(c -> c.status() == 200);
    }

    @Test
    void theSuiteCoversEnoughServersAndFailures() throws IOException {
        List<Case> all = cases();
        assertThat(all).hasSizeGreaterThanOrEqualTo(25);
        assertThat(all.stream().map(Case::server).distinct().count()).isGreaterThanOrEqualTo(4);
        assertThat(all.stream().filter(c -> c.outcome().equals("failed")).count()).isGreaterThanOrEqualTo(10);
        assertThat(all.stream().map(Case::errorKind).distinct())
                .contains("server_error_event", "stream_truncated", "http_4xx");
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("casesThroughBothTransports")
    void eachRecordedAnswerBecomesWhatItWas(Case c, String transport) throws Exception {
        byte[] body = resource(c.file());
        try (ScriptedServer server = new ScriptedServer((req, conn) -> {
            if (c.status() != 200) {
                conn.full(c.status(), c.contentType(), new String(body, StandardCharsets.UTF_8));
                return;
            }
            conn.head(200, "Content-Type: " + c.contentType());
            for (byte[] event : events(body)) conn.chunk(event);
            conn.end();
        }); OpenAiBackend backend = openai(preset(c.server()), server.url(), "transport", transport)) {
            RecordingListener l = new RecordingListener();
            backend.send(request(true, 64), l);
            l.await();
            assertThat(l.violations()).as(c.name()).isEmpty();
            assertThat(l.terminalCount()).isEqualTo(1);
            if (c.outcome().equals("success")) {
                assertThat(l.error()).as(c.name() + " error").isNull();
            } else {
                assertThat(l.error()).as(c.name() + " error").isNotNull();
                assertThat(l.error().kind().label()).as(c.name() + " kind").isEqualTo(c.errorKind());
                if (c.messageContains() != null) assertThat(l.error().message()).contains(c.messageContains());
            }
            assertThat(l.tokens()).as(c.name() + " streamed tokens").isEqualTo(c.tokens());
            String first = l.chunks().stream().filter(ch -> ch.count() > 0).map(RecordingListener.Chunk::text).findFirst().orElse(null);
            assertThat(first).as(c.name() + " first token text").isEqualTo(c.firstTokenText());
            if (c.usageCompletion() != null) assertThat(l.usage().completionTokens()).isEqualTo(c.usageCompletion());
            assertThat(l.outputKinds().labels()).as(c.name() + " output kinds").isEqualTo(c.outputKinds());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streamedCases")
    void theFirstTokenComesFromTheStatedEvent(Case c) throws IOException {
        EventCounter counter = new EventCounter();
        SseDecoder decoder = new SseDecoder(1 << 20);
        OpenAiStreamDialect dialect = new OpenAiStreamDialect(Endpoint.CHAT, true);
        SseDecoder.Handler handler = (type, data, offset, length) -> {
            counter.event++;
            if (counter.finished()) return;
            try {
                dialect.event(counter.event, type, data, offset, length, counter);
            } catch (MalformedResponseException e) {
                counter.error(counter.event, BackendError.of(ErrorKind.MALFORMED_RESPONSE, e.getMessage()));
            }
        };
        for (byte[] event : events(resource(c.file()))) decoder.feed(event, 0, event.length, handler);
        decoder.finish(handler);
        if (!counter.finished()) dialect.end(counter.event, counter);
        assertThat(counter.firstTokenEvent).as(c.name()).isEqualTo(c.firstTokenEvent());
        assertThat(counter.tokens).as(c.name()).isEqualTo(c.tokens());
    }

    /** Records the number of the event that carried the first token. */
    private static final class EventCounter implements Emitter {
        int event;
        int firstTokenEvent;
        int tokens;
        private boolean done;

        @Override
        public void tokens(long nanoTime, int count, String text) {
            if (count > 0 && firstTokenEvent == 0) firstTokenEvent = (int) nanoTime;
            tokens += count;
        }

        @Override
        public void complete(long nanoTime, Usage usage) {
            done = true;
        }

        @Override
        public void error(long nanoTime, BackendError error) {
            done = true;
        }

        @Override
        public boolean finished() {
            return done;
        }
    }

    /** The body cut after each blank line: one piece per event, as servers flush them. */
    private static List<byte[]> events(byte[] body) {
        String s = new String(body, StandardCharsets.UTF_8);
        List<byte[]> out = new ArrayList<>();
        int from = 0;
        int at;
        while ((at = s.indexOf("\n\n", from)) >= 0) {
            out.add(s.substring(from, at + 2).getBytes(StandardCharsets.UTF_8));
            from = at + 2;
        }
        if (from < s.length()) out.add(s.substring(from).getBytes(StandardCharsets.UTF_8));
        return out;
    }

    private static Preset preset(String server) {
        return switch (server) {
            case "vLLM" -> Preset.VLLM;
            case "SGLang" -> Preset.SGLANG;
            case "llama.cpp" -> Preset.LLAMACPP;
            case "TGI" -> Preset.TGI;
            default -> Preset.OPENAI;
        };
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = StreamConformanceTest.class.getResourceAsStream("/conformance/" + name)) {
            if (in == null) throw new IOException("missing test resource conformance/" + name);
            return in.readAllBytes();
        }
    }
}
