package io.benchsuite.benchmarks.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.core.workload.DataInput;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A trace replay's lateness measured at the wire. Per run it starts {@code benchsuite serve-sim} pinned
 * to one CPU ({@code taskset}), starts {@code tcpdump} on loopback capturing only the segments to the
 * server's port whose payload starts with {@code POST} (kernel time stamps, nanosecond precision), runs
 * the client under test pinned to the other CPU, stops both, and pairs each POST's capture time with its
 * scaled trace instant ({@link WireLateness}). Any client can be measured: the command after {@code --}
 * has {@code {url}}, {@code {port}} and {@code {out}} (the run's folder) replaced.
 *
 * <pre>
 * mvn -B -o -DskipTests package -pl benchsuite-cli,benchsuite-benchmarks -am
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.wire.WireLatenessHarness \
 *     --trace benchsuite-workloads/src/test/resources/io/benchsuite/core/workload/mooncake_conversation_first600.jsonl.gz --limit 600 --scale 0.1 \
 *     --out /tmp/wire/bs --runs 3 -- \
 *     bin/benchsuite run --backend vllm --url '{url}' --model llama-3.1-8b \
 *     --dataset mooncake:benchsuite-workloads/src/test/resources/io/benchsuite/core/workload/mooncake_conversation_first600.jsonl.gz --trace-limit 600 \
 *     --trace-time-scale 0.1 --output-dir '{out}/run' --no-progress
 * </pre>
 *
 * {@code --bodies FILE} captures the whole client-to-server direction instead and writes each POST's
 * scheduled instant and body (one {@code ms TAB body} line per request), so that another client can
 * send the same bytes on the same schedule. {@code --analyse PCAP} only reads an earlier capture.
 */
public final class WireLatenessHarness {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String DEFAULT_SERVER = "bin/benchsuite serve-sim --port {port} --model llama-3.1-8b --device h200"
            + " --time-scale 0.01 --option tp=8 --option kv-cache-dtype=fp8";

    private WireLatenessHarness() {}

    public static void main(String[] args) throws Exception {
        Path trace = null;
        Path out = Path.of("/tmp/wire");
        Path bodies = null;
        Path analyse = null;
        int limit = 600;
        double scale = 0.1;
        int port = 8011;
        int runs = 1;
        String serverCpu = "1";
        String clientCpu = "0";
        String server = DEFAULT_SERVER;
        List<String> client = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--trace" -> trace = Path.of(args[++i]);
                case "--limit" -> limit = Integer.parseInt(args[++i]);
                case "--scale" -> scale = Double.parseDouble(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--server-cpu" -> serverCpu = args[++i];
                case "--client-cpu" -> clientCpu = args[++i];
                case "--server" -> server = args[++i];
                case "--bodies" -> bodies = Path.of(args[++i]);
                case "--analyse" -> analyse = Path.of(args[++i]);
                case "--" -> {
                    client.addAll(Arrays.asList(args).subList(i + 1, args.length));
                    i = args.length;
                }
                default -> usage("unknown argument " + args[i]);
            }
        }
        if (trace == null) usage("--trace is required");
        double[] scheduled = scheduledMs(trace, limit, scale);
        if (analyse != null) {
            print(analyse.toString(), analyse(analyse, port, scheduled), scheduled.length);
            return;
        }
        if (client.isEmpty()) usage("the client command after -- is required");
        List<String[]> table = new ArrayList<>();
        for (int r = 1; r <= runs; r++) {
            Path dir = runs == 1 ? out : out.resolve("run-" + r);
            Files.createDirectories(dir);
            Path pcap = dir.resolve("wire.pcap");
            String load = Files.readString(Path.of("/proc/loadavg")).split(" ", -1)[0];
            // Only the segments that start a POST (or, for --bodies, the whole client-to-server direction): a few
            // hundred packets, so tcpdump itself hardly runs while the client sends.
            String filter = bodies != null ? "tcp dst port " + port
                    : "tcp dst port " + port + " and tcp[((tcp[12:1] & 0xf0) >> 2):4] = 0x504f5354";
            WireCapture.run(dir, pcap, port, serverCpu, clientCpu, server, client, filter, bodies != null ? 0 : 256, true);
            if (bodies != null) {
                writeBodies(pcap, port, scheduled, bodies);
                return;
            }
            WireLateness.Result result = analyse(pcap, port, scheduled);
            long drops = WireCapture.kernelDrops(dir);
            if (drops != 0) System.out.println("  tcpdump: " + (drops < 0 ? "no count of dropped packets" : drops + " packets dropped by kernel"));
            print(dir.toString(), result, scheduled.length);
            table.add(new String[] {String.valueOf(r), load, result.firstSecond(1000), result.summary()
                    + (result.postsSeen() < scheduled.length ? " (NOT VALID: " + result.postsSeen() + " POSTs)" : "")});
        }
        System.out.println();
        System.out.println("| run | load before | first second | lateness at the wire |");
        System.out.println("|---|---|---|---|");
        for (String[] row : table) System.out.println("| " + String.join(" | ", row) + " |");
    }

    private static void usage(String why) {
        System.err.println(why);
        System.err.println("usage: WireLatenessHarness --trace T [--limit 600] [--scale 0.1] [--out DIR] [--runs N]"
                + " [--port 8011] [--server-cpu 1] [--client-cpu 0] [--server 'cmd with {port}'] [--bodies FILE]"
                + " [--analyse PCAP] -- client command ({url}, {port}, {out})");
        System.exit(2);
    }

    /** The first {@code limit} instants of a Mooncake trace, ms from the first, times {@code scale}. */
    static double[] scheduledMs(Path trace, int limit, double scale) throws IOException {
        List<Double> ts = new ArrayList<>();
        try (BufferedReader r = DataInput.of(trace).openText("mooncake trace")) { // .gz streams too
            for (String line; ts.size() < limit && (line = r.readLine()) != null; ) {
                if (line.isBlank()) continue;
                JsonNode t = JSON.readTree(line);
                ts.add(t.get("timestamp").asDouble());
            }
        }
        double t0 = ts.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        return ts.stream().mapToDouble(t -> (t - t0) * scale).toArray();
    }

    static WireLateness.Result analyse(Path pcap, int port, double[] scheduled) throws IOException {
        long[] posts = Pcap.read(pcap).stream()
                .filter(s -> s.dstPort() == port && s.startsWith("POST "))
                .mapToLong(Pcap.Segment::epochNanos).toArray();
        return WireLateness.of(scheduled, posts);
    }

    static void print(String what, WireLateness.Result r, int scheduledCount) {
        System.out.printf(Locale.ROOT, "%s: %d POSTs at the wire (%d earliest left out as not the replay's)%n",
                what, r.postsSeen(), r.postsLeftOut());
        System.out.println("  lateness at the wire: " + r.summary());
        if (r.requests().size() != scheduledCount) {
            System.out.printf(Locale.ROOT, "  NOT VALID: %d POSTs captured for %d scheduled requests (a capture drop, or a"
                    + " request not sent): the pairing is off from the gap on%n", r.postsSeen(), scheduledCount);
        }
        System.out.println("  scheduled in the first second: " + r.firstSecond(1000));
        StringBuilder b = new StringBuilder("  first bursts (instant ms: requests, latest ms):");
        for (double[] burst : r.firstBursts(5)) {
            b.append(String.format(Locale.ROOT, " %.0f: %d, %.2f;", burst[0], (int) burst[1], burst[2]));
        }
        System.out.println(b);
    }

    private static void writeBodies(Path pcap, int port, double[] scheduled, Path file) throws IOException {
        List<PostBodies.Post> posts = PostBodies.of(Pcap.read(pcap), port);
        int skip = Math.max(0, posts.size() - scheduled.length);
        double[] sched = scheduled.clone();
        Arrays.sort(sched);
        try (Writer w = Files.newBufferedWriter(file)) {
            for (int i = 0; i < sched.length && skip + i < posts.size(); i++) {
                PostBodies.Post p = posts.get(skip + i);
                w.write(String.format(Locale.ROOT, "%.3f\t%s\t%s%n", sched[i], p.requestLine().split(" ", -1)[1],
                        new String(p.body(), StandardCharsets.UTF_8)));
            }
        }
        System.out.printf(Locale.ROOT, "%d POST bodies written to %s (%d earlier POSTs left out)%n",
                Math.min(sched.length, posts.size() - skip), file, skip);
    }
}
