package io.benchsuite.benchmarks.wire;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** One captured run of the wire harnesses: a server, {@code tcpdump} on loopback and a client, each its own process. */
final class WireCapture {
    private WireCapture() {}

    /**
     * The packets the kernel dropped from a capture in {@code dir}, as tcpdump counted them when it stopped; -1 when
     * it printed no count (then nobody knows, and a harness must not say none were dropped).
     */
    static long kernelDrops(Path dir) throws IOException {
        for (String line : Files.readAllLines(dir.resolve("tcpdump.out"))) {
            if (line.endsWith("packets dropped by kernel")) return Long.parseLong(line.substring(0, line.indexOf(' ')));
        }
        return -1;
    }

    /** {@code arg} with {@code {port}}, {@code {url}} and {@code {out}} replaced. */
    static String fill(String arg, int port, Path dir) {
        return arg.replace("{url}", "http://127.0.0.1:" + port).replace("{port}", String.valueOf(port))
                .replace("{out}", dir.toString());
    }

    /**
     * Starts {@code server} pinned to {@code serverCpu} and waits for its port, starts {@code tcpdump} on loopback with
     * {@code filter} ({@code snaplen} bytes per packet, 0 for whole packets) into {@code pcap} (each packet written as
     * it is captured when {@code immediate}, for a capture of a few hundred packets whose last ones must not wait in a
     * half-filled kernel block; buffered otherwise, for thousands a second, which per-packet writes would drop and
     * disturb), runs {@code client}
     * pinned to {@code clientCpu} to its end, then stops the capture and the server. In both commands {@code {port}},
     * {@code {url}} and {@code {out}} (the folder {@code dir}) are replaced; their output goes to {@code server.out}
     * and {@code client.out} in {@code dir}.
     *
     * @return the client's exit status
     */
    static int run(Path dir, Path pcap, int port, String serverCpu, String clientCpu, String server, List<String> client,
            String filter, int snaplen, boolean immediate) throws Exception {
        List<String> serverCmd = new ArrayList<>(List.of("taskset", "-c", serverCpu));
        for (String a : server.strip().split(" +", -1)) serverCmd.add(fill(a, port, dir));
        Process srv = new ProcessBuilder(serverCmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve("server.out").toFile()).start();
        Process dump = null;
        Thread logger = null;
        try {
            awaitPort(port, srv);
            // --immediate-mode and -U: each packet reaches the file as it is captured; otherwise the last second's
            // packets wait in a half-filled kernel block that a stopped tcpdump never reads (a client that exits
            // quickly after its last send lost its last 5 POSTs that way)
            List<String> tcpdump = new ArrayList<>(List.of("tcpdump", "-i", "lo", "-n", "-s", String.valueOf(snaplen), "-B",
                    immediate ? "16384" : "131072", "--time-stamp-precision=nano", "-w", pcap.toString(), filter));
            if (immediate) tcpdump.addAll(4, List.of("--immediate-mode", "-U"));
            dump = new ProcessBuilder(tcpdump).redirectErrorStream(true).start();
            logger = awaitListening(dump, dir.resolve("tcpdump.out"));
            List<String> cmd = new ArrayList<>(List.of("taskset", "-c", clientCpu));
            for (String a : client) cmd.add(fill(a, port, dir));
            Process c = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("client.out").toFile()).start();
            int rc = c.waitFor();
            if (rc != 0) System.err.println("client exited " + rc + ": see " + dir.resolve("client.out"));
            Thread.sleep(1_500); // the last segments reach the file
            return rc;
        } finally {
            if (dump != null) {
                dump.destroy(); // SIGTERM: tcpdump flushes and closes the file
                dump.waitFor(10, TimeUnit.SECONDS);
                if (logger != null) logger.join(2_000); // its last lines: packets captured, dropped by the kernel
            }
            srv.descendants().forEach(ProcessHandle::destroy);
            srv.destroy();
            srv.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void awaitPort(int port, Process srv) throws InterruptedException, IOException {
        // bin/benchsuite builds its jar first when a source is newer than it: minutes on a busy machine
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600);
        while (System.nanoTime() < deadline) {
            if (!srv.isAlive()) throw new IOException("the server exited " + srv.exitValue() + " before listening");
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IOException("the server did not listen on port " + port + " within 600 s: see server.out");
    }

    private static Thread awaitListening(Process dump, Path log) throws InterruptedException {
        CountDownLatch listening = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(dump.getInputStream(), StandardCharsets.UTF_8));
                    Writer w = Files.newBufferedWriter(log)) {
                for (String line; (line = r.readLine()) != null; ) {
                    w.write(line + "\n");
                    w.flush();
                    if (line.contains("listening on")) listening.countDown();
                }
            } catch (IOException ignored) {
                // the log is a courtesy; the capture file is what counts
            }
        }, "tcpdump-log");
        t.setDaemon(true);
        t.start();
        if (!listening.await(10, TimeUnit.SECONDS)) throw new IllegalStateException("tcpdump did not start: see " + log);
        return t;
    }
}
