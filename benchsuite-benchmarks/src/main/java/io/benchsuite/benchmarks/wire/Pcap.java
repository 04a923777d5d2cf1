package io.benchsuite.benchmarks.wire;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the TCP segments of a classic pcap file as {@code tcpdump -w} writes it: microsecond or
 * nanosecond time stamps (either byte order), link type Ethernet (what Linux's loopback reports) or
 * Linux cooked capture (v1, {@code -i any}), IPv4 or IPv6. Only what a lateness measurement needs is
 * kept: the kernel's time stamp, ports, sequence number and the captured payload bytes.
 */
public final class Pcap {
    private static final int LINK_ETHERNET = 1;
    private static final int LINK_LINUX_SLL = 113;

    /** One captured TCP segment: {@code epochNanos} is the capture's time stamp (CLOCK_REALTIME). */
    public record Segment(long epochNanos, int srcPort, int dstPort, long seq, byte[] payload) {
        /** Whether the payload starts with {@code prefix} (ASCII). */
        public boolean startsWith(String prefix) {
            if (payload.length < prefix.length()) return false;
            for (int i = 0; i < prefix.length(); i++) {
                if (payload[i] != (byte) prefix.charAt(i)) return false;
            }
            return true;
        }
    }

    private Pcap() {}

    /** Every TCP segment of {@code file} in capture order (non-TCP packets are skipped). */
    public static List<Segment> read(Path file) throws IOException {
        return parse(ByteBuffer.wrap(Files.readAllBytes(file)));
    }

    /** Every TCP segment of a pcap held in {@code buf}, in capture order. */
    public static List<Segment> parse(ByteBuffer buf) {
        if (buf.remaining() < 24) throw new IllegalArgumentException("not a pcap file: shorter than its header");
        buf.order(ByteOrder.LITTLE_ENDIAN);
        int magic = buf.getInt(0);
        boolean nanos;
        if (magic == 0xa1b2c3d4 || magic == 0xa1b23c4d) {
            nanos = magic == 0xa1b23c4d;
        } else {
            buf.order(ByteOrder.BIG_ENDIAN);
            magic = buf.getInt(0);
            if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) {
                throw new IllegalArgumentException("not a classic pcap file (magic " + Integer.toHexString(magic)
                        + "); write it with tcpdump -w, not pcapng");
            }
            nanos = magic == 0xa1b23c4d;
        }
        int linkType = buf.getInt(20) & 0x0fffffff;
        if (linkType != LINK_ETHERNET && linkType != LINK_LINUX_SLL) {
            throw new IllegalArgumentException("link type " + linkType + " is not read (Ethernet or Linux cooked only)");
        }
        List<Segment> out = new ArrayList<>();
        int pos = 24;
        while (pos + 16 <= buf.limit()) {
            long sec = buf.getInt(pos) & 0xffffffffL;
            long frac = buf.getInt(pos + 4) & 0xffffffffL;
            int capLen = buf.getInt(pos + 8);
            int data = pos + 16;
            if (capLen < 0 || data + capLen > buf.limit()) break; // a capture cut short while it was written
            long epochNanos = sec * 1_000_000_000L + (nanos ? frac : frac * 1000);
            Segment s = tcp(buf, data, capLen, linkType, epochNanos);
            if (s != null) out.add(s);
            pos = data + capLen;
        }
        return out;
    }

    private static Segment tcp(ByteBuffer b, int start, int len, int linkType, long epochNanos) {
        ByteBuffer p = b.duplicate().order(ByteOrder.BIG_ENDIAN);
        int end = start + len;
        int l3 = linkType == LINK_ETHERNET ? start + 14 : start + 16;
        if (l3 > end) return null;
        int etherType = p.getShort(l3 - 2) & 0xffff;
        int l4;
        int l4End;
        if (etherType == 0x0800) {
            if (l3 + 20 > end || (p.get(l3 + 9) & 0xff) != 6) return null;
            int ihl = (p.get(l3) & 0x0f) * 4;
            int total = p.getShort(l3 + 2) & 0xffff;
            l4 = l3 + ihl;
            l4End = Math.min(end, l3 + total);
        } else if (etherType == 0x86dd) {
            if (l3 + 40 > end || (p.get(l3 + 6) & 0xff) != 6) return null; // extension headers are not followed
            l4 = l3 + 40;
            l4End = Math.min(end, l4 + (p.getShort(l3 + 4) & 0xffff));
        } else {
            return null;
        }
        if (l4 + 20 > l4End) return null;
        int srcPort = p.getShort(l4) & 0xffff;
        int dstPort = p.getShort(l4 + 2) & 0xffff;
        long seq = p.getInt(l4 + 4) & 0xffffffffL;
        int dataOffset = ((p.get(l4 + 12) & 0xf0) >> 4) * 4;
        int payloadStart = Math.min(l4 + dataOffset, l4End);
        byte[] payload = new byte[l4End - payloadStart];
        p.position(payloadStart);
        p.get(payload);
        return new Segment(epochNanos, srcPort, dstPort, seq, payload);
    }
}
