package io.benchsuite.benchmarks.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A reasoning run's first-answer-token times against the server's log and the wire. Per run it starts
 * {@code serve-sim} as a reasoning model (40 reasoning tokens before each answer) pinned to one CPU, captures the
 * server's port on loopback with {@code tcpdump} (the server's segments that carry bytes and the client's requests,
 * nanosecond time stamps, buffered), runs the
 * client pinned to the other CPU at 40 req/s with {@code --request-id-header x-request-id}, and pairs each request's
 * TTFAT − TTFT as the client measured it, as the server logged it and as the wire saw it ({@link ReasoningWire}).
 * The client's own hiccup meter (its {@code report.json}) is printed beside, since a client whose CPU wakes late
 * times late.
 *
 * <pre>
 * mvn -B -o -DskipTests package -pl benchsuite-cli,benchsuite-benchmarks -am
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.wire.ReasoningWireHarness --out /tmp/ttfat --runs 3
 * </pre>
 *
 * {@code --server 'cmd'} and the command after {@code --} replace the defaults ({@code {port}}, {@code {url}} and
 * {@code {out}} are filled in; the server must log to {@code {out}/server.jsonl} with the request-id header, the
 * client must write {@code {out}/run}). {@code --analyse DIR} only reads an earlier run's folder.
 */
public final class ReasoningWireHarness {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String DEFAULT_SERVER = "bin/benchsuite serve-sim --port {port} --model llama-3.1-8b"
            + " --option reasoning-tokens=40 --request-log {out}/server.jsonl --log-headers " + ReasoningWire.HEADER;
    static final List<String> DEFAULT_CLIENT = List.of("bin/benchsuite", "run", "--backend", "vllm", "--url", "{url}", "--model",
            "llama-3.1-8b", "--rate", "40", "--max-concurrent", "1000", "--duration", "30s", "--input-length", "200",
            "--output-length", "100", "--request-id-header", ReasoningWire.HEADER, "--seed", "3", "--no-progress",
            "--output-dir", "{out}/run");

    private ReasoningWireHarness() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of("/tmp/ttfat");
        Path analyse = null;
        int port = 8123;
        int runs = 1;
        String serverCpu = "1";
        String clientCpu = "0";
        String server = DEFAULT_SERVER;
        List<String> client = DEFAULT_CLIENT;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[++i]);
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--server-cpu" -> serverCpu = args[++i];
                case "--client-cpu" -> clientCpu = args[++i];
                case "--server" -> server = args[++i];
                case "--analyse" -> analyse = Path.of(args[++i]);
                case "--" -> {
                    client = List.copyOf(Arrays.asList(args).subList(i + 1, args.length));
                    i = args.length;
                }
                default -> {
                    System.err.println("unknown argument " + args[i]);
                    System.err.println("usage: ReasoningWireHarness [--out DIR] [--runs N] [--port 8123] [--server-cpu 1]"
                            + " [--client-cpu 0] [--server 'cmd with {port} {out}'] [--analyse DIR] [-- client command ({url}, {out})]");
                    System.exit(2);
                }
            }
        }
        if (analyse != null) {
            System.out.println(analyse + ": " + String.join("; ", analyse(analyse, port)));
            return;
        }
        List<String> table = new ArrayList<>();
        for (int r = 1; r <= runs; r++) {
            Path dir = runs == 1 ? out : out.resolve("run-" + r);
            Files.createDirectories(dir);
            String load = Files.readString(Path.of("/proc/loadavg")).split(" ", -1)[0];
            // the server's segments that carry bytes, and the client's that start a request: half the packets of the
            // connection, and none of its bare ACKs
            String carriesBytes = "(ip[2:2] - ((ip[0] & 0xf) << 2) - ((tcp[12:1] & 0xf0) >> 2)) > 0";
            String filter = "(tcp src port " + port + " and " + carriesBytes + ") or (tcp dst port " + port
                    + " and tcp[((tcp[12:1] & 0xf0) >> 2):4] = 0x504f5354)";
            WireCapture.run(dir, dir.resolve("wire.pcap"), port, serverCpu, clientCpu, server, client, filter, 4096, false);
            long drops = WireCapture.kernelDrops(dir);
            if (drops > 0) System.out.println("  NOT VALID: tcpdump dropped " + drops + " packets (a dropped segment can hide a first token)");
            if (drops < 0) System.out.println("  tcpdump printed no count of dropped packets: check server − wire for mislabelled tokens");
            List<String> rows = analyse(dir, port);
            System.out.println(dir + " (load " + load + "):");
            for (String row : rows) System.out.println("  " + row);
            table.add("| " + r + " | " + load + " | " + String.join(" | ", rows) + " |");
        }
        System.out.println();
        System.out.println("| run | load before | paired | client − wire | server − wire | client − server | client hiccups |");
        System.out.println("|---|---|---|---|---|---|---|");
        table.forEach(System.out::println);
    }

    /** The run in {@code dir}: requests paired, then |client − wire|, |server − wire|, |client − server|, hiccups. */
    static List<String> analyse(Path dir, int port) throws IOException {
        List<ReasoningWire.Request> paired = ReasoningWire.pair(Pcap.read(dir.resolve("wire.pcap")), port,
                lines(dir.resolve("run/requests.jsonl")), lines(dir.resolve("server.jsonl")));
        double[] cw = paired.stream().mapToDouble(q -> Math.abs(q.clientMs() - q.wireMs())).toArray();
        double[] sw = paired.stream().mapToDouble(q -> Math.abs(q.serverMs() - q.wireMs())).toArray();
        double[] cs = paired.stream().mapToDouble(q -> Math.abs(q.clientMs() - q.serverMs())).toArray();
        JsonNode h = JSON.readTree(dir.resolve("run/report.json").toFile()).path("client").path("hiccups");
        return List.of(paired.size() + " requests", "client − wire " + ReasoningWire.summary(cw),
                "server − wire " + ReasoningWire.summary(sw), "client − server " + ReasoningWire.summary(cs),
                String.format(Locale.ROOT, "hiccup p99 %.2f ms, max %.2f ms", h.path("p99Ms").asDouble(), h.path("maxMs").asDouble()));
    }

    private static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) if (!line.isBlank()) out.add(JSON.readTree(line));
        return out;
    }
}
