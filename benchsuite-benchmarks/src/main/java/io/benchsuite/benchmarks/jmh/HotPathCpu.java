package io.benchsuite.benchmarks.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The CPU time (not wall time) the hot paths of {@link StreamParseBenchmark} and
 * {@link ResponsePathBenchmark} take per event, read from the thread's CPU clock: a figure that holds
 * on a machine busy with other work, where JMH's wall-clock scores do not. Warms each path up for a
 * few seconds, then measures a million events.
 *
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.jmh.HotPathCpu
 * </pre>
 */
public final class HotPathCpu {
    private HotPathCpu() {}

    public static void main(String[] args) {
        Blackhole bh = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (String format : new String[] {"vllm-chat", "vllm-chat-continuous-usage", "tgi-native"}) {
            for (int perRead : new int[] {1, 16}) {
                StreamParseBenchmark b = new StreamParseBenchmark();
                b.format = format;
                b.eventsPerRead = perRead;
                b.setUp(bh);
                double ns = measure(mx, b::decodeAndParse, StreamParseBenchmark.EVENTS);
                System.out.printf(Locale.ROOT, "| decode + parse, %s, %d event(s) per read | %.0f ns |%n", format, perRead, ns);
            }
        }
        ResponsePathBenchmark r = new ResponsePathBenchmark();
        r.setUp(bh);
        double exchange = measure(mx, r::exchangeToListener, ResponsePathBenchmark.EVENTS);
        System.out.printf(Locale.ROOT, "| exchange → listener (decode, parse, ordering, tracker-like listener) | %.0f ns |%n", exchange);
        double chunk = measure(mx, () -> {
            r.newConnection();
            r.httpChunkDecode();
            r.closeConnection();
        }, ResponsePathBenchmark.EVENTS);
        System.out.printf(Locale.ROOT, "| Netty HTTP/1.1 chunk decoding (incl. a new decoder per 256 events) | %.0f ns |%n", chunk);
        bh.evaporate("Yes, I am Stephen Hawking, and know a thing or two about black holes.");
    }

    /** Thread CPU nanoseconds per event of {@code op}, which handles {@code eventsPerOp} events. */
    private static double measure(ThreadMXBean mx, Runnable op, int eventsPerOp) {
        long warmUntil = System.nanoTime() + 4_000_000_000L;
        while (System.nanoTime() < warmUntil) op.run();
        int ops = 1_000_000 / eventsPerOp;
        long c0 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < ops; i++) op.run();
        long c1 = mx.getCurrentThreadCpuTime();
        return (c1 - c0) / (double) (ops * eventsPerOp);
    }
}
