package io.benchsuite.benchmarks.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's pairing: a request's first token and first answer token found on its own connection (a role chunk's
 * empty content is no answer, a reasoning delta is no answer), its server log lines merged, a request the wire never
 * answered left out.
 */
class ReasoningWireTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PORT = 8123;
    private static final long T0 = 1_700_000_000_000_000_000L;

    private static Pcap.Segment seg(double ms, int src, int dst, String payload) {
        return new Pcap.Segment(T0 + Math.round(ms * 1e6), src, dst, 0, payload.getBytes(StandardCharsets.UTF_8));
    }

    private static String chunk(String delta) {
        return "5a\r\ndata: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{" + delta + "},\"finish_reason\":null}]}\r\n\r\n";
    }

    @Test
    void eachRequestIsTimedOnItsOwnConnectionAndPairedById() throws Exception {
        List<Pcap.Segment> wire = new ArrayList<>();
        wire.add(seg(0, 50001, PORT, "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nX-Request-Id: run-0\r\n\r\n{}"));
        wire.add(seg(0.2, 50002, PORT, "POST /v1/chat/completions HTTP/1.1\r\nx-request-id: run-1\r\n\r\n{}"));
        wire.add(seg(1.0, PORT, 50001, "HTTP/1.1 200 OK\r\n\r\n" + chunk("\"role\":\"assistant\",\"content\":\"\"")));
        wire.add(seg(2.0, PORT, 50001, chunk("\"reasoning_content\":\" so\"")));
        wire.add(seg(2.5, PORT, 50002, chunk("\"reasoning_content\":\" hm\"")));
        wire.add(seg(5.0, PORT, 50001, chunk("\"reasoning_content\":\" then\"")));
        wire.add(seg(9.0, PORT, 50001, chunk("\"content\":\"Hi\"")));
        wire.add(seg(9.5, PORT, 50001, chunk("\"content\":\" there\"")));
        List<JsonNode> client = List.of(
                JSON.readTree("{\"outcome\":\"success\",\"ttftMs\":10.0,\"ttfatMs\":17.1,\"routeRequestId\":\"run-0\"}"),
                JSON.readTree("{\"outcome\":\"success\",\"ttftMs\":11.0,\"ttfatMs\":19.0,\"routeRequestId\":\"run-1\"}"),
                JSON.readTree("{\"outcome\":\"failure\",\"ttftMs\":null,\"routeRequestId\":\"run-2\"}"));
        List<JsonNode> server = List.of(
                JSON.readTree("{\"n\":0,\"receivedNanos\":5,\"headers\":{\"x-request-id\":\"run-0\"}}"),
                JSON.readTree("{\"n\":1,\"receivedNanos\":6,\"headers\":{\"x-request-id\":\"run-1\"}}"),
                JSON.readTree("{\"n\":0,\"firstTokenSentNanos\":100,\"firstAnswerSentNanos\":7000100}"),
                JSON.readTree("{\"n\":1,\"firstTokenSentNanos\":200,\"firstAnswerSentNanos\":8000200}"));

        List<ReasoningWire.Request> paired = ReasoningWire.pair(wire, PORT, client, server);

        assertThat(paired).as("run-1's answer never reached the wire").hasSize(1);
        ReasoningWire.Request r = paired.get(0);
        assertThat(r.id()).isEqualTo("run-0");
        assertThat(r.clientMs()).isCloseTo(7.1, Offset.offset(1e-9));
        assertThat(r.serverMs()).isEqualTo(7.0);
        assertThat(r.wireMs()).as("first reasoning delta at 2 ms, first answer text at 9 ms").isEqualTo(7.0);
        assertThat(ReasoningWire.summary(new double[] {0.1, 0.1, 2.0})).isEqualTo(
                "p50 0.100, p90 2.000, p99 2.000, max 2.000 ms; within 1 ms: 2 of 3");
    }

    @Test
    void aCaptureWithoutTcpdumpsCountsHasUnknownDropsNotNone(@TempDir Path dir) throws Exception {
        String head = "tcpdump: listening on lo, link-type EN10MB (Ethernet), snapshot length 4096 bytes\n";
        Files.writeString(dir.resolve("tcpdump.out"), head + "120893 packets captured\n241786 packets received by filter\n"
                + "9353 packets dropped by kernel\n");
        assertThat(WireCapture.kernelDrops(dir)).isEqualTo(9353);
        Files.writeString(dir.resolve("tcpdump.out"), head + "0 packets dropped by kernel\n");
        assertThat(WireCapture.kernelDrops(dir)).isZero();
        Files.writeString(dir.resolve("tcpdump.out"), head);
        assertThat(WireCapture.kernelDrops(dir)).as("stopped before it counted").isEqualTo(-1);
    }
}
