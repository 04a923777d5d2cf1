package io.benchsuite.benchmarks.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The capture is read as tcpdump writes it, POSTs are rebuilt across segments, lateness is paired per burst. */
class WireLatenessTest {
    private static final long T0 = 1_700_000_000_000_000_000L;

    @Test
    void readsNanosecondCaptureOfLoopbackTcp() {
        byte[] pcap = pcap(packet(T0 + 123, 40000, 8011, 1000, "POST /v1/chat/completions HTTP/1.1\r\n"),
                packet(T0 + 5_000_456, 8011, 40000, 7, "HTTP/1.1 200 OK\r\n"));

        List<Pcap.Segment> segs = Pcap.parse(ByteBuffer.wrap(pcap));

        assertThat(segs).hasSize(2);
        assertThat(segs.get(0).epochNanos()).isEqualTo(T0 + 123);
        assertThat(segs.get(0).srcPort()).isEqualTo(40000);
        assertThat(segs.get(0).dstPort()).isEqualTo(8011);
        assertThat(segs.get(0).seq()).isEqualTo(1000);
        assertThat(segs.get(0).startsWith("POST ")).isTrue();
        assertThat(segs.get(1).startsWith("POST ")).isFalse();
        assertThat(new String(segs.get(1).payload(), StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200 OK\r\n");
    }

    @Test
    void refusesPcapng() {
        byte[] ng = new byte[32];
        ByteBuffer.wrap(ng).putInt(0x0a0d0d0a);
        assertThatThrownBy(() -> Pcap.parse(ByteBuffer.wrap(ng))).hasMessageContaining("not a classic pcap file");
    }

    @Test
    void rebuildsPostsSplitOverSegmentsAndRetransmits() {
        String head = "POST /v1/completions HTTP/1.1\r\ncontent-length: 10\r\n\r\n";
        String second = "POST /v1/chat/completions HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}";
        byte[] pcap = pcap(packet(T0 + 10, 40001, 8011, 4_294_967_290L, head),
                packet(T0 + 20, 40001, 8011, (4_294_967_290L + head.length()) & 0xffffffffL, "{\"a\":"),
                packet(T0 + 25, 40001, 8011, (4_294_967_290L + head.length()) & 0xffffffffL, "{\"a\":"), // retransmit
                packet(T0 + 30, 40001, 8011, (4_294_967_290L + head.length() + 5) & 0xffffffffL, "12}\n " + second));

        List<PostBodies.Post> posts = PostBodies.of(Pcap.parse(ByteBuffer.wrap(pcap)), 8011);

        assertThat(posts).hasSize(2);
        assertThat(posts.get(0).epochNanos()).isEqualTo(T0 + 10);
        assertThat(posts.get(0).requestLine()).isEqualTo("POST /v1/completions HTTP/1.1");
        assertThat(new String(posts.get(0).body(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":12}\n ");
        assertThat(posts.get(1).epochNanos()).isEqualTo(T0 + 30);
        assertThat(new String(posts.get(1).body(), StandardCharsets.UTF_8)).isEqualTo("{}");
    }

    @Test
    void latenessIsTheOffsetAboveTheQuickestRequestPairedBurstByBurst() {
        double[] scheduled = {300, 0, 0, 300, 0};
        long[] wire = {T0 + 1_000_000, T0 + 1_500_000, T0 + 8_000_000, T0 + 301_200_000, T0 + 307_000_000,
            T0 - 50_000_000}; // the earliest POST is not the replay's (a check before it)

        WireLateness.Result r = WireLateness.of(scheduled, wire);

        assertThat(r.postsSeen()).isEqualTo(6);
        assertThat(r.postsLeftOut()).isEqualTo(1);
        assertThat(r.requests()).extracting(l -> Math.round(l.latenessMs() * 1000) / 1000.0)
                .containsExactly(0.0, 0.5, 7.0, 0.2, 6.0);
        assertThat(r.within(5.0)).isEqualTo(3);
        assertThat(r.maxLatenessMs()).isEqualTo(7.0);
        assertThat(r.percentile(50)).isEqualTo(0.5);
        assertThat(r.firstBursts(5)).hasSize(2);
        assertThat(r.firstBursts(5).get(0)).containsExactly(0, 3, 7.0);
        assertThat(r.firstBursts(5).get(1)).containsExactly(300, 2, 6.0);
        assertThat(r.summary()).isEqualTo("p50 0.50, p90 7.00, p99 7.00, max 7.00 ms; within 5 ms: 3 of 5");
        assertThat(r.firstSecond(300)).isEqualTo("2 of 3 within 5 ms, latest 7.00 ms");
    }

    private static byte[] pcap(byte[]... packets) {
        ByteBuffer h = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0xa1b23c4d).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(262144).putInt(1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(h.array());
        for (byte[] p : packets) out.writeBytes(p);
        return out.toByteArray();
    }

    /** One Ethernet + IPv4 + TCP frame (20-byte TCP header plus 12 bytes of options), with its record header. */
    private static byte[] packet(long epochNanos, int src, int dst, long seq, String payload) {
        byte[] data = payload.getBytes(StandardCharsets.UTF_8);
        int tcpLen = 32;
        int ipLen = 20 + tcpLen + data.length;
        ByteBuffer f = ByteBuffer.allocate(14 + ipLen).order(ByteOrder.BIG_ENDIAN);
        f.put(new byte[12]).putShort((short) 0x0800);
        f.put((byte) 0x45).put((byte) 0).putShort((short) ipLen).putInt(0).put((byte) 64).put((byte) 6).putShort((short) 0)
                .putInt(0x7f000001).putInt(0x7f000001);
        f.putShort((short) src).putShort((short) dst).putInt((int) seq).putInt(0).put((byte) ((tcpLen / 4) << 4))
                .put((byte) 0x18).putShort((short) 64).putInt(0).put(new byte[12]);
        f.put(data);
        ByteBuffer rec = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        rec.putInt((int) (epochNanos / 1_000_000_000L)).putInt((int) (epochNanos % 1_000_000_000L))
                .putInt(f.capacity()).putInt(f.capacity());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(rec.array());
        out.writeBytes(f.array());
        return out.toByteArray();
    }
}
