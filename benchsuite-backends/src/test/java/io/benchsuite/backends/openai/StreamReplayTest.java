package io.benchsuite.backends.openai;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.internal.StreamReplay;
import io.benchsuite.backends.tgi.TgiStreamDialect;
import io.benchsuite.tck.RecordingListener;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The network-free replay of a response (warm-up and benchmarks) goes through the real response path. */
class StreamReplayTest {

    @Test
    void syntheticOpenAiEventsGiveTheirTokensAndUsage() {
        RecordingListener l = new RecordingListener();
        byte[] events = StreamReplay.syntheticOpenAiEvents(5);
        // split into reads of 7 bytes: events span reads, as on a socket
        List<ByteBuffer> reads = new ArrayList<>();
        for (int i = 0; i < events.length; i += 7) reads.add(ByteBuffer.wrap(events, i, Math.min(7, events.length - i)).slice());
        StreamReplay.replay(new OpenAiStreamDialect(Endpoint.CHAT, true), l, "text/event-stream", reads);
        assertThat(l.isDone()).isTrue();
        assertThat(l.error()).isNull();
        assertThat(l.tokens()).isEqualTo(5);
        assertThat(l.text()).isEqualTo(" w0 w1 w2 w3 w4");
        assertThat(l.usage()).isEqualTo(new Usage(8, 5));
        assertThat(l.violations()).isEmpty();
    }

    @Test
    void syntheticTgiEventsEndWithTheGeneratedTokenCount() {
        RecordingListener l = new RecordingListener();
        StreamReplay.replay(new TgiStreamDialect(), l, "text/event-stream",
                List.of(ByteBuffer.wrap(StreamReplay.syntheticTgiEvents(3))));
        assertThat(l.tokens()).isEqualTo(3);
        assertThat(l.usage().completionTokens()).isEqualTo(3);
    }

    @Test
    void aReplayedPageInsteadOfEventsFailsLikeTheWireWould() {
        RecordingListener l = new RecordingListener();
        StreamReplay.replay(new OpenAiStreamDialect(Endpoint.CHAT, true), l, "text/html",
                List.of(ByteBuffer.wrap("<html>hi</html>".getBytes(StandardCharsets.UTF_8))));
        assertThat(l.error().kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
    }

    @Test
    void warmUpRunsOncePerFlavour() {
        int[] streams = new int[1];
        StreamReplay.warmUp("test-flavour", () -> {
            streams[0]++;
            return new OpenAiStreamDialect(Endpoint.CHAT, true);
        }, StreamReplay.syntheticOpenAiEvents(64));
        assertThat(streams[0]).as("streams replayed by the first warm-up").isEqualTo(16);
        // a second warm-up of the same flavour does nothing (it would throw here)
        StreamReplay.warmUp("test-flavour", () -> { throw new AssertionError("a second warm-up of the same flavour"); }, new byte[0]);
    }
}
