package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.chatDelta;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bodies of every size around the transport's write slice (64 KiB) arrive byte for byte, one after the
 * other on one kept-alive connection: a body written in slices is the same body, and the connection
 * carries the next request cleanly after it.
 */
class LargeBodyTest {

    @Test
    void bodiesAroundTheSliceSizeArriveWholeOnOneConnection() throws Exception {
        List<Integer> promptChars = List.of(100, 65_400, 65_536, 65_700, 131_072, 1_000_003, 3 * 1024 * 1024 + 17);
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            c.chunk(chatDelta("ok"));
            c.chunk("data: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url(), "max-concurrency", "1")) {
            SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < promptChars.size(); i++) {
                String prompt = text(random, promptChars.get(i));
                RecordingListener l = new RecordingListener();
                backend.send(request(prompt, true, 1), l);
                assertThat(l.await().error()).as("request %d", i).isNull();
                assertThat(l.tokens()).isEqualTo(1);
                ScriptedServer.Received got = server.requests().get(i);
                assertThat(got.json().path("messages").get(0).path("content").asText())
                        .as("prompt of %d characters arrives as sent", prompt.length()).isEqualTo(prompt);
                assertThat(Integer.parseInt(got.header("content-length"))).isEqualTo(got.body().length);
            }
            assertThat(server.connections()).as("every request on the one kept-alive connection").isEqualTo(1);
        }
    }

    /** Words, escapes and multi-byte characters, so the body's bytes differ from its characters. */
    private static String text(SplittableRandom random, int chars) {
        String[] words = {"lorem ", "ipsum ", "\"quoted\" ", "tab\t", "line\n", "é ", "数 ", "🙂 "};
        StringBuilder b = new StringBuilder(chars + 8);
        while (b.length() < chars) b.append(words[random.nextInt(words.length)]);
        b.setLength(chars);
        if (Character.isHighSurrogate(b.charAt(chars - 1))) b.setCharAt(chars - 1, 'x');
        return b.toString();
    }
}
