package io.benchsuite.backends.http;

import static io.benchsuite.backends.testing.Fixtures.openai;
import static io.benchsuite.backends.testing.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.backends.openai.OpenAiBackend;
import io.benchsuite.backends.openai.Preset;
import io.benchsuite.backends.testing.Fixtures;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A response far larger than any socket or client buffer arrives whole: the client keeps reading
 * at full speed for as long as the server writes (HttpClient 5 stopped reading once the flow-control
 * window it had been given was used up, and the stream stalled until the read timeout).
 */
class LargeStreamTest {

    @Test
    void twoHundredThousandEventsWrittenAsFastAsPossibleAllArrive() throws Exception {
        int events = 200_000;
        byte[] event = Fixtures.chatDelta("x").getBytes(StandardCharsets.UTF_8);
        try (ScriptedServer server = new ScriptedServer((req, c) -> {
            c.head(200);
            // Big chunks, as a fast server's writes coalesce: 1,000 events per HTTP chunk.
            ByteArrayOutputStream batch = new ByteArrayOutputStream();
            for (int i = 0; i < 1000; i++) batch.writeBytes(event);
            for (int i = 0; i < events / 1000; i++) c.chunk(batch.toByteArray());
            c.chunk("data: [DONE]\n\n");
            c.end();
        }); OpenAiBackend backend = openai(Preset.VLLM, server.url(), "read-timeout", "20s")) {
            RecordingListener l = new RecordingListener();
            backend.send(request(true, events), l);
            l.await(Duration.ofSeconds(100));
            assertThat(l.error()).isNull();
            assertThat(l.tokens()).isEqualTo(events);
        }
    }
}
