package io.benchsuite.benchmarks.wire;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The HTTP/1.1 POSTs a client sent, rebuilt from a full capture of the client-to-server direction
 * ({@code tcpdump -s 0 'tcp dst port P'}): each connection's payload is put back in sequence order and
 * cut into requests by their {@code content-length}. Used to hand another client the exact bodies a
 * replay sent, so that both send the same bytes on the same schedule.
 */
public final class PostBodies {
    private PostBodies() {}

    /** One request: the capture time of its first segment, its request line and its body. */
    public record Post(long epochNanos, String requestLine, byte[] body) {}

    /** The POSTs sent to {@code port} in {@code segments}, ordered by their first segment's capture time. */
    public static List<Post> of(List<Pcap.Segment> segments, int port) {
        Map<Integer, List<Pcap.Segment>> byConnection = new HashMap<>();
        for (Pcap.Segment s : segments) {
            if (s.dstPort() == port && s.payload().length > 0) {
                byConnection.computeIfAbsent(s.srcPort(), k -> new ArrayList<>()).add(s);
            }
        }
        List<Post> out = new ArrayList<>();
        for (List<Pcap.Segment> conn : byConnection.values()) {
            out.addAll(connection(conn));
        }
        out.sort(Comparator.comparingLong(Post::epochNanos));
        return out;
    }

    private static List<Post> connection(List<Pcap.Segment> segs) {
        long first = segs.get(0).seq();
        // sequence numbers relative to the first segment's (wrap-safe), duplicates (retransmits) dropped
        List<Pcap.Segment> ordered = new ArrayList<>(segs);
        ordered.sort(Comparator.comparingLong(s -> (s.seq() - first) & 0xffffffffL));
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        List<long[]> starts = new ArrayList<>(); // stream offset, capture time
        long next = 0;
        for (Pcap.Segment s : ordered) {
            long rel = (s.seq() - first) & 0xffffffffL;
            if (rel + s.payload().length <= next) continue;
            int skip = (int) Math.max(0, next - rel);
            starts.add(new long[] {next, s.epochNanos()});
            stream.write(s.payload(), skip, s.payload().length - skip);
            next = rel + s.payload().length;
        }
        byte[] bytes = stream.toByteArray();
        List<Post> posts = new ArrayList<>();
        int pos = 0;
        while (pos < bytes.length) {
            int headEnd = indexOf(bytes, pos, "\r\n\r\n");
            if (headEnd < 0) break;
            String head = new String(bytes, pos, headEnd - pos, StandardCharsets.ISO_8859_1);
            String requestLine = head.lines().findFirst().orElse("");
            int length = 0;
            for (String h : head.split("\r\n", -1)) {
                if (h.toLowerCase(Locale.ROOT).startsWith("content-length:")) length = Integer.parseInt(h.substring(15).trim());
            }
            int bodyStart = headEnd + 4;
            if (bodyStart + length > bytes.length) break; // the capture ended inside this request
            if (requestLine.startsWith("POST ")) {
                byte[] body = new byte[length];
                System.arraycopy(bytes, bodyStart, body, 0, length);
                posts.add(new Post(timeAt(starts, pos), requestLine, body));
            }
            pos = bodyStart + length;
        }
        return posts;
    }

    private static long timeAt(List<long[]> starts, long offset) {
        long t = starts.get(0)[1];
        for (long[] s : starts) {
            if (s[0] > offset) break;
            t = s[1];
        }
        return t;
    }

    private static int indexOf(byte[] b, int from, String what) {
        outer:
        for (int i = from; i + what.length() <= b.length; i++) {
            for (int j = 0; j < what.length(); j++) {
                if (b[i + j] != (byte) what.charAt(j)) continue outer;
            }
            return i;
        }
        return -1;
    }
}
