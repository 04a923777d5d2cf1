package io.benchsuite.backends.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.backends.http.internal.SseDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseDecoderTest {
    private final List<String> events = new ArrayList<>();
    private final List<String> types = new ArrayList<>();
    private final SseDecoder.Handler handler = (type, data, offset, length) -> {
        types.add(type);
        events.add(new String(data, offset, length, StandardCharsets.UTF_8));
    };

    private void feed(SseDecoder d, String s) {
        d.feed(ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8)), handler);
    }

    @Test
    void splitsEventsAndAcceptsDataWithOrWithoutSpace() {
        SseDecoder d = new SseDecoder(1 << 20);
        feed(d, "data: one\n\ndata:two\n\n: keep-alive comment\n\nevent: error\ndata: three\n\n");
        assertThat(events).containsExactly("one", "two", "three");
        assertThat(types).containsExactly(null, null, "error");
    }

    @Test
    void llamaCppErrorFieldIsAnEventOfTypeError() {
        // llama.cpp's server (2025 builds) writes "error: <json>" and a blank line, then "data: [DONE]"
        SseDecoder d = new SseDecoder(1 << 20);
        feed(d, "data: {\"a\":1}\n\nerror: {\"code\":500,\"message\":\"boom\"}\n\ndata: [DONE]\n\n");
        assertThat(events).containsExactly("{\"a\":1}", "{\"code\":500,\"message\":\"boom\"}", "[DONE]");
        assertThat(types).containsExactly(null, "error", null);
    }

    @Test
    void handlesCrLfAndLoneCrEvenAcrossReads() {
        SseDecoder d = new SseDecoder(1 << 20);
        feed(d, "data: a\r");
        feed(d, "\n\r");
        feed(d, "\ndata: b\r\rdata: c\n\n");
        assertThat(events).containsExactly("a", "b", "c");
    }

    @Test
    void joinsMultipleDataLinesWithNewline() {
        SseDecoder d = new SseDecoder(1 << 20);
        feed(d, "data: x\ndata: y\nid: 3\nretry: 10\n\n");
        assertThat(events).containsExactly("x\ny");
    }

    @Test
    void byteByByteFeedingGivesTheSameEventsIncludingMultiByteUtf8() {
        String stream = "\uFEFFdata: {\"t\":\"héllo ✓ 你好\"}\r\n\r\n:c\r\ndata: [DONE]\r\n\r\n";
        byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
        SseDecoder d = new SseDecoder(1 << 20);
        for (byte b : bytes) d.feed(ByteBuffer.wrap(new byte[] {b}), handler);
        assertThat(events).containsExactly("{\"t\":\"héllo ✓ 你好\"}", "[DONE]");
    }

    @Test
    void aMultiMegabyteEventParses() {
        String big = "x".repeat(5 * 1024 * 1024);
        byte[] bytes = ("data: " + big + "\n\n").getBytes(StandardCharsets.UTF_8);
        SseDecoder d = new SseDecoder(64L << 20);
        for (int off = 0; off < bytes.length; off += 8192) {
            d.feed(ByteBuffer.wrap(bytes, off, Math.min(8192, bytes.length - off)), handler);
        }
        assertThat(events).hasSize(1);
        assertThat(events.get(0)).hasSize(big.length());
    }

    @Test
    void aLastEventWithoutBlankLineIsDeliveredAtTheEnd() {
        SseDecoder d = new SseDecoder(1 << 20);
        feed(d, "data: [DONE]");
        assertThat(events).isEmpty();
        assertThat(d.hasPartialEvent()).isTrue();
        d.finish(handler);
        assertThat(events).containsExactly("[DONE]");
    }

    @Test
    void anEventPastTheLimitFails() {
        SseDecoder d = new SseDecoder(100);
        assertThatThrownBy(() -> feed(d, "data: " + "y".repeat(200) + "\n\n"))
                .isInstanceOf(SseDecoder.EventTooLargeException.class)
                .hasMessageContaining("max-event-size");
    }

    @Test
    void directBuffersLongerThanTheCopySliceDecodeTheSame() {
        StringBuilder stream = new StringBuilder();
        for (int i = 0; i < 500; i++) stream.append("data: {\"n\":").append(i).append(",\"pad\":\"").append("p".repeat(i % 50)).append("\"}\n\n");
        byte[] bytes = stream.toString().getBytes(StandardCharsets.UTF_8);
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
        direct.put(bytes).flip();
        SseDecoder d = new SseDecoder(1 << 20);
        d.feed(direct, handler);
        assertThat(direct.hasRemaining()).isFalse();
        assertThat(events).hasSize(500);
        assertThat(events.get(499)).isEqualTo("{\"n\":499,\"pad\":\"" + "p".repeat(49) + "\"}");
    }

    @Test
    void aDataLineWithoutAColonIsAnEmptyDataField() {
        SseDecoder d = new SseDecoder(1 << 20);
        feed(d, "data\ndata: x\n\n");
        assertThat(events).containsExactly("\nx");
    }

    @Test
    void theSliceOfAByteArrayIsAllThatIsRead() {
        byte[] b = "XXdata: in\n\nYY".getBytes(StandardCharsets.UTF_8);
        SseDecoder d = new SseDecoder(1 << 20);
        d.feed(b, 2, b.length - 4, handler);
        assertThat(events).containsExactly("in");
        assertThat(d.hasPartialEvent()).isFalse();
    }
}
