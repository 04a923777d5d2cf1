package io.benchsuite.benchmarks.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Each reasoning request's time from its first token to its first answer token (TTFAT − TTFT) three ways: as the
 * client measured it ({@code requests.jsonl}), as the server logged it ({@code serve-sim --request-log}: when the
 * flushes that carried the two tokens left it) and as the wire saw it (the capture's time stamps of the first
 * server segment with a reasoning delta and the first with answer text, on the request's connection). Requests are
 * paired by the id the client sends in {@code x-request-id}, which the server logs and the capture shows.
 */
final class ReasoningWire {
    static final String HEADER = "x-request-id";
    static final long NOT_SEEN = Long.MIN_VALUE;
    private static final byte[] REASONING = "\"reasoning_content\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTENT = "\"content\":\"".getBytes(StandardCharsets.US_ASCII);

    private ReasoningWire() {}

    /** One request's TTFAT − TTFT in ms, each way. */
    record Request(String id, double clientMs, double serverMs, double wireMs) {}

    /**
     * The requests found all three ways.
     *
     * @param segments the capture, both directions of the server's port
     * @param port the server's port
     * @param client the client's {@code requests.jsonl} lines
     * @param server the server's request-log lines
     * @return the paired requests, in the client's order
     */
    static List<Request> pair(List<Pcap.Segment> segments, int port, List<JsonNode> client, List<JsonNode> server) {
        Map<String, long[]> wire = wire(segments, port);
        Map<Long, JsonNode> byNumber = new HashMap<>(); // the server writes a request's lines apart: merge them
        for (JsonNode n : server) {
            byNumber.merge(n.path("n").asLong(), n, (a, b) -> {
                ObjectNode m = a.deepCopy();
                m.setAll((ObjectNode) b);
                return m;
            });
        }
        Map<String, Double> logged = new HashMap<>();
        for (JsonNode n : byNumber.values()) {
            String id = n.path("headers").path(HEADER).asText(null);
            if (id != null && n.has("firstAnswerSentNanos") && n.has("firstTokenSentNanos")) {
                logged.put(id, (n.get("firstAnswerSentNanos").asLong() - n.get("firstTokenSentNanos").asLong()) / 1e6);
            }
        }
        List<Request> out = new ArrayList<>();
        for (JsonNode c : client) {
            if (!"success".equals(c.path("outcome").asText()) || !c.hasNonNull("ttfatMs") || !c.hasNonNull("ttftMs")) continue;
            String id = c.path("routeRequestId").asText(null);
            long[] w = id == null ? null : wire.get(id);
            Double s = id == null ? null : logged.get(id);
            if (w == null || w[0] == NOT_SEEN || w[1] == NOT_SEEN || s == null) continue;
            out.add(new Request(id, c.get("ttfatMs").asDouble() - c.get("ttftMs").asDouble(), s, (w[1] - w[0]) / 1e6));
        }
        return out;
    }

    /** Per request id: the capture instants (epoch ns) of its first token and first answer token, {@link #NOT_SEEN} when not seen. */
    static Map<String, long[]> wire(List<Pcap.Segment> segments, int port) {
        Map<Integer, String> current = new HashMap<>(); // client port -> the id of the request it sent last
        Map<String, long[]> out = new HashMap<>();
        for (Pcap.Segment s : segments) {
            if (s.payload().length == 0) continue;
            if (s.dstPort() == port) {
                String id = header(s.payload());
                if (id != null) current.put(s.srcPort(), id);
            } else if (s.srcPort() == port) {
                String id = current.get(s.dstPort());
                if (id == null) continue;
                long[] w = out.computeIfAbsent(id, k -> new long[] {NOT_SEEN, NOT_SEEN});
                boolean answer = hasAnswerText(s.payload());
                if (w[0] == NOT_SEEN && (answer || indexOf(s.payload(), REASONING, 0) >= 0)) w[0] = s.epochNanos();
                if (w[1] == NOT_SEEN && answer) w[1] = s.epochNanos();
            }
        }
        return out;
    }

    /** Whether the payload holds a {@code "content":"...} delta with text (the role chunk's empty one is not). */
    static boolean hasAnswerText(byte[] p) {
        for (int at = indexOf(p, CONTENT, 0); at >= 0; at = indexOf(p, CONTENT, at + 1)) {
            int next = at + CONTENT.length;
            if (next < p.length && p[next] != '"') return true;
        }
        return false;
    }

    /** The request id in a request's header block, or null. */
    static String header(byte[] payload) {
        String head = new String(payload, 0, Math.min(payload.length, 8192), StandardCharsets.ISO_8859_1);
        int i = head.toLowerCase(Locale.ROOT).indexOf("\r\n" + HEADER + ":");
        if (i < 0) return null;
        int start = i + 2 + HEADER.length() + 1;
        int end = head.indexOf("\r\n", start);
        return end < 0 ? null : head.substring(start, end).strip();
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = Math.max(0, from); i <= hay.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) continue outer;
            }
            return i;
        }
        return -1;
    }

    /** {@code p50 .. p90 .. p99 .. max .. ms; within 1 ms: n of m} of the absolute differences. */
    static String summary(double[] diffs) {
        double[] d = diffs.clone();
        Arrays.sort(d);
        int within = 0;
        for (double x : d) if (x <= 1.0) within++;
        return String.format(Locale.ROOT, "p50 %.3f, p90 %.3f, p99 %.3f, max %.3f ms; within 1 ms: %d of %d",
                at(d, 0.50), at(d, 0.90), at(d, 0.99), d.length == 0 ? Double.NaN : d[d.length - 1], within, d.length);
    }

    private static double at(double[] sorted, double q) {
        if (sorted.length == 0) return Double.NaN;
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
    }
}
