package io.benchsuite.benchmarks.timing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.util.Durations;
import io.benchsuite.benchmarks.server.ScriptedSseServer;
import io.benchsuite.benchmarks.server.ServedLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToLongFunction;

/**
 * Measures a benchmark client against a server whose timing is known: starts a
 * {@link ScriptedSseServer} in this process, runs the client command as a child process, samples
 * the child's CPU from {@code /proc}, and compares the client's per-request log with the server's
 * own clock.
 *
 * <p>Compared per request (matched by prompt hash): the client's TTFT with the server's (first
 * token written − request read), and each inter-token gap the client saw with the gap between the
 * server's writes. CPU per streamed token is the client's CPU time inside the steady-state window
 * divided by the tokens the server wrote in it; whole-process CPU is the child's user + system time
 * at exit (bash {@code times}).
 *
 * <p>The client log is JSON lines with {@code promptHash}, {@code ttftMs}, optionally
 * {@code ttftFromSendMs}, and {@code itlMs} (benchsuite's {@code requests.jsonl} has them; other
 * clients write the same fields).
 *
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.timing.ClientTimingRun \
 *     --out /tmp/t --label benchsuite --client-log '{out}/run/requests.jsonl' -- \
 *     java -jar benchsuite-cli/target/benchsuite-cli-0.1.0-SNAPSHOT-all.jar run --backend openai --url '{url}' \
 *     --rate 40 --duration 20s --max-concurrent 128 --output-length 64 --output-dir '{out}/run'
 * </pre>
 */
public final class ClientTimingRun {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TICK_NANOS = 10_000_000L; // USER_HZ = 100 on Linux

    private ClientTimingRun() {}

    public static void main(String[] args) throws Exception {
        Duration ttft = Duration.ofMillis(40);
        Duration itl = Duration.ofMillis(20);
        int tokens = 0;
        ScriptedSseServer.Closing closing = ScriptedSseServer.Closing.KEEP_ALIVE;
        Path out = null;
        String label = "client";
        String clientLog = null;
        Duration steadyFrom = Duration.ofSeconds(5);
        Duration steadyTo = Duration.ofSeconds(20);
        List<String> command = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--")) {
                command.addAll(Arrays.asList(args).subList(i + 1, args.length));
                break;
            }
            String v = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--ttft" -> ttft = Durations.parse(v);
                case "--itl" -> itl = Durations.parse(v);
                case "--tokens" -> tokens = Integer.parseInt(v);
                case "--closing" -> closing = parseClosing(v);
                case "--out" -> out = Path.of(v);
                case "--label" -> label = v;
                case "--client-log" -> clientLog = v;
                case "--steady" -> {
                    String[] p = v.split("\\.\\.", -1);
                    steadyFrom = Durations.parse(p[0]);
                    steadyTo = Durations.parse(p[1]);
                }
                default -> throw new IllegalArgumentException("unknown flag " + args[i]);
            }
            i++;
        }
        if (out == null || clientLog == null || command.isEmpty()) {
            throw new IllegalArgumentException("usage: --out DIR --client-log FILE [--label L] [--ttft 40ms] [--itl 20ms] "
                    + "[--tokens N] [--closing keep-alive|announced|silent] [--steady 5s..20s] -- client command ({url}, {out})");
        }
        Files.createDirectories(out);
        ScriptedSseServer server = new ScriptedSseServer(new ScriptedSseServer.Script(ttft, itl, tokens, closing, true), 0, 1);
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "\"$@\"; rc=$?; times > \"$CLIENT_TIMES\"; exit $rc", "bash"));
        for (String a : command) cmd.add(a.replace("{url}", server.url()).replace("{out}", out.toString()));
        Path times = out.resolve("client-times.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(out.resolve("client-output.txt").toFile());
        pb.environment().put("CLIENT_TIMES", times.toString());
        System.err.println("server " + server.url() + "; client: " + String.join(" ", cmd.subList(4, cmd.size())));
        Process p = pb.start();
        CpuSampler sampler = new CpuSampler(p.toHandle());
        Thread t = new Thread(sampler, "cpu-sampler");
        t.setDaemon(true);
        t.start();
        int rc = p.waitFor();
        sampler.stop = true;
        t.join();
        server.close();
        List<ScriptedSseServer.Served> served = server.served();
        ServedLog.write(out.resolve("served.jsonl"), served);
        Path logFile = Path.of(clientLog.replace("{out}", out.toString()));
        Result r = analyse(label, served, Files.readAllLines(logFile), sampler.samples, steadyFrom, steadyTo,
                parseChildrenCpu(times));
        ObjectNode summary = r.json();
        summary.set("steadyCpuByThread", byThread(sampler, served, steadyFrom, steadyTo));
        summary.put("clientExitCode", rc);
        Files.writeString(out.resolve("summary.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
        System.out.println(r.markdown());
        if (rc != 0) System.err.println("client exited " + rc + "; see " + out.resolve("client-output.txt"));
    }

    private static ScriptedSseServer.Closing parseClosing(String v) {
        return switch (v) {
            case "keep-alive" -> ScriptedSseServer.Closing.KEEP_ALIVE;
            case "announced" -> ScriptedSseServer.Closing.ANNOUNCED;
            case "silent" -> ScriptedSseServer.Closing.SILENT;
            default -> throw new IllegalArgumentException("--closing: keep-alive, announced or silent");
        };
    }

    /** CPU seconds per thread name (numbers folded) in the steady window, largest first. */
    static ObjectNode byThread(CpuSampler sampler, List<ScriptedSseServer.Served> served, Duration from, Duration to) {
        long t0 = served.stream().mapToLong(ScriptedSseServer.Served::receivedNanos).min().orElse(0);
        Map<String, Long> a = nearest(sampler, t0 + from.toNanos());
        Map<String, Long> b = nearest(sampler, t0 + to.toNanos());
        Map<String, Double> seconds = new TreeMap<>();
        b.forEach((k, v) -> {
            String name = sampler.names.getOrDefault(k, "?").replaceAll("[0-9a-f]{6,}", "#").replaceAll("\\d+", "N");
            seconds.merge(name, (v - a.getOrDefault(k, 0L)) * TICK_NANOS / 1e9, Double::sum);
        });
        ObjectNode n = JSON.createObjectNode();
        seconds.entrySet().stream().filter(e -> e.getValue() > 0).sorted((x, y) -> Double.compare(y.getValue(), x.getValue()))
                .forEach(e -> n.put(e.getKey(), Math.round(e.getValue() * 100) / 100.0));
        return n;
    }

    private static Map<String, Long> nearest(CpuSampler sampler, long nanos) {
        Map<String, Long> best = Map.of();
        for (int i = 0; i < sampler.markTimes.size(); i++) {
            if (sampler.markTimes.get(i) <= nanos) best = sampler.marks.get(i);
        }
        return best;
    }

    /** CPU seconds of the children from bash's {@code times} (second line: children user, system). */
    static double parseChildrenCpu(Path times) throws IOException {
        if (!Files.exists(times)) return Double.NaN;
        List<String> lines = Files.readAllLines(times);
        if (lines.size() < 2) return Double.NaN;
        double total = 0;
        for (String part : lines.get(1).trim().split("\\s+", -1)) {
            // e.g. 0m12.345s
            int m = part.indexOf('m');
            total += Double.parseDouble(part.substring(0, m)) * 60 + Double.parseDouble(part.substring(m + 1, part.length() - 1));
        }
        return total;
    }

    /**
     * One CPU sample of the client's process tree: when, and user + system ticks in all threads, in
     * JIT compiler threads, and in garbage collector threads.
     */
    record Sample(long nanos, long ticks, long jitTicks, long gcTicks) {}

    /** Samples the child's process tree CPU, thread by thread, from /proc every 100 ms. */
    static final class CpuSampler implements Runnable {
        final ProcessHandle root;
        final List<Sample> samples = new CopyOnWriteArrayList<>();
        /** Last seen ticks per thread ("pid/tid"), with its kind; a thread that ended keeps its last value. */
        final Map<String, long[]> lastTicks = new HashMap<>();
        /** Thread name per "pid/tid". */
        final Map<String, String> names = new HashMap<>();
        /** Per-thread ticks at every sample (the instant of each in {@link #markTimes}). */
        final List<Map<String, Long>> marks = new CopyOnWriteArrayList<>();
        final List<Long> markTimes = new CopyOnWriteArrayList<>();
        volatile boolean stop;

        CpuSampler(ProcessHandle root) {
            this.root = root;
        }

        @Override
        public void run() {
            while (!stop) {
                for (ProcessHandle h : root.descendants().toList()) readThreads(h.pid());
                long all = 0;
                long jit = 0;
                long gc = 0;
                for (long[] v : lastTicks.values()) {
                    all += v[0];
                    if (v[1] == 1) jit += v[0];
                    if (v[1] == 2) gc += v[0];
                }
                samples.add(new Sample(System.nanoTime(), all, jit, gc));
                Map<String, Long> snapshot = new HashMap<>();
                lastTicks.forEach((k, v) -> snapshot.put(k, v[0]));
                marks.add(snapshot);
                markTimes.add(System.nanoTime());
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        private void readThreads(long pid) {
            try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
                for (Path task : tasks.toList()) {
                    try {
                        String stat = Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII);
                        String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ", -1);
                        // fields 14 and 15 of stat (utime, stime) are 12 and 13 after the command name
                        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                        long kind = comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler") ? 1
                                : comm.startsWith("GC Thread") || comm.startsWith("G1 ") || comm.startsWith("ZGC")
                                        || comm.startsWith("Z") && comm.contains("Driver") || comm.startsWith("Shenandoah")
                                        || comm.equals("VM Thread") ? 2 : 0;
                        String key = pid + "/" + task.getFileName();
                        lastTicks.put(key, new long[] {ticks, kind});
                        names.put(key, comm);
                    } catch (IOException | RuntimeException gone) {
                        // the thread ended between listing and reading
                    }
                }
            } catch (IOException | RuntimeException gone) {
                // the process ended
            }
        }
    }

    /** The comparison of one run. */
    record Result(String label, int matched, int clientRequests, int served, Stats ttftError, Stats ttftFromSendError,
                  Stats gapError, double steadyCpuSeconds, double steadyJitSeconds, double steadyGcSeconds,
                  long steadyTokens, double wholeCpuSeconds, double wholeJitSeconds, long totalTokens, Stats sendMs,
                  Stats connectMs, double ttftP50Difference, Stats steadyTtftError, Stats steadyGapError) {

        double cpuPerTokenMicros() {
            return steadyTokens == 0 ? Double.NaN : steadyCpuSeconds * 1e6 / steadyTokens;
        }

        ObjectNode json() {
            ObjectNode n = JSON.createObjectNode();
            n.put("label", label);
            n.put("matchedRequests", matched);
            n.put("clientRequests", clientRequests);
            n.put("servedRequests", served);
            n.set("ttftErrorMs", ttftError.json());
            if (ttftFromSendError != null) n.set("ttftFromSendErrorMs", ttftFromSendError.json());
            n.set("gapErrorMs", gapError.json());
            n.put("steadyCpuSeconds", steadyCpuSeconds);
            n.put("steadyTokens", steadyTokens);
            n.put("cpuPerTokenMicros", cpuPerTokenMicros());
            n.put("steadyJitCpuSeconds", steadyJitSeconds);
            n.put("steadyGcCpuSeconds", steadyGcSeconds);
            n.put("cpuPerTokenMicrosWithoutJit", steadyTokens == 0 ? Double.NaN : (steadyCpuSeconds - steadyJitSeconds) * 1e6 / steadyTokens);
            n.put("wholeProcessJitCpuSeconds", wholeJitSeconds);
            n.put("wholeProcessCpuSeconds", wholeCpuSeconds);
            n.put("tokensServed", totalTokens);
            n.set("sendMs", sendMs.json());
            n.set("connectMs", connectMs.json());
            n.put("ttftP50MinusServerTtftP50Ms", ttftP50Difference);
            n.set("steadyTtftErrorMs", steadyTtftError.json());
            n.set("steadyGapErrorMs", steadyGapError.json());
            return n;
        }

        String markdown() {
            return String.format(Locale.ROOT, "| %s | %s | %s | %s | %.1f µs (%.1f µs without JIT) | %.2f s (JIT %.2f s) for %d tokens | %d/%d matched |",
                    label, ttftError.medianP99(), ttftFromSendError == null ? "–" : ttftFromSendError.medianP99(),
                    gapError.medianP99Max(), cpuPerTokenMicros(),
                    steadyTokens == 0 ? Double.NaN : (steadyCpuSeconds - steadyJitSeconds) * 1e6 / steadyTokens,
                    wholeCpuSeconds, wholeJitSeconds, totalTokens, matched, clientRequests)
                    + String.format(Locale.ROOT, " after the first %s: TTFT error %s, gap error %s |", "steady window start",
                    steadyTtftError.medianP99(), steadyGapError.medianP99Max());
        }
    }

    /** Median, p99 and max of absolute errors in milliseconds. */
    record Stats(int n, double median, double p99, double max) {
        static Stats of(double[] values) {
            if (values.length == 0) return new Stats(0, Double.NaN, Double.NaN, Double.NaN);
            double[] v = values.clone();
            for (int i = 0; i < v.length; i++) v[i] = Math.abs(v[i]);
            Arrays.sort(v);
            return new Stats(v.length, at(v, 0.5), at(v, 0.99), v[v.length - 1]);
        }

        private static double at(double[] sorted, double q) {
            int i = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
        }

        String medianP99() {
            return String.format(Locale.ROOT, "%.3f / %.3f ms", median, p99);
        }

        String medianP99Max() {
            return String.format(Locale.ROOT, "%.3f / %.3f / %.3f ms", median, p99, max);
        }

        ObjectNode json() {
            ObjectNode n = JSON.createObjectNode();
            n.put("n", this.n);
            n.put("median", median);
            n.put("p99", p99);
            n.put("max", max);
            return n;
        }
    }

    static Result analyse(String label, List<ScriptedSseServer.Served> served, List<String> clientLines,
                          List<Sample> cpu, Duration steadyFrom, Duration steadyTo, double wholeCpu) throws IOException {
        Map<String, ScriptedSseServer.Served> byHash = new HashMap<>();
        long t0 = Long.MAX_VALUE;
        long totalTokens = 0;
        for (ScriptedSseServer.Served s : served) {
            byHash.put(s.promptHash(), s);
            t0 = Math.min(t0, s.receivedNanos());
            totalTokens += s.tokens();
        }
        List<Double> ttft = new ArrayList<>();
        List<Double> ttftSend = new ArrayList<>();
        List<Double> gaps = new ArrayList<>();
        List<Double> send = new ArrayList<>();
        List<Double> connect = new ArrayList<>();
        List<Double> clientTtft = new ArrayList<>();
        List<Double> steadyTtft = new ArrayList<>();
        List<Double> steadyGaps = new ArrayList<>();
        long steadyStart = served.stream().mapToLong(ScriptedSseServer.Served::receivedNanos).min().orElse(0)
                + steadyFrom.toNanos();
        List<Double> serverTtft = new ArrayList<>();
        int matched = 0;
        int clientRequests = 0;
        for (String line : clientLines) {
            if (line.isBlank()) continue;
            JsonNode n = JSON.readTree(line);
            clientRequests++;
            ScriptedSseServer.Served s = byHash.get(n.path("promptHash").asText(""));
            if (s == null || s.writeNanos().length == 0 || !n.path("ttftMs").isNumber()) continue;
            matched++;
            long[] w = s.writeNanos();
            double serverTtftMs = (w[0] - s.receivedNanos()) / 1e6;
            ttft.add(n.get("ttftMs").asDouble() - serverTtftMs);
            boolean steady = s.receivedNanos() >= steadyStart;
            if (steady) steadyTtft.add(n.get("ttftMs").asDouble() - serverTtftMs);
            clientTtft.add(n.get("ttftMs").asDouble());
            serverTtft.add(serverTtftMs);
            if (n.path("sendMs").isNumber()) send.add(n.get("sendMs").asDouble());
            if (n.path("connectMs").isNumber()) connect.add(n.get("connectMs").asDouble());
            if (n.path("ttftFromSendMs").isNumber()) ttftSend.add(n.get("ttftFromSendMs").asDouble() - serverTtftMs);
            JsonNode itl = n.path("itlMs");
            for (int i = 0; i < itl.size() && i + 1 < w.length; i++) {
                double e = itl.get(i).asDouble() - (w[i + 1] - w[i]) / 1e6;
                gaps.add(e);
                if (steady) steadyGaps.add(e);
            }
        }
        long from = t0 + steadyFrom.toNanos();
        long to = t0 + steadyTo.toNanos();
        long steadyTokens = 0;
        for (ScriptedSseServer.Served s : served) {
            for (long w : s.writeNanos()) if (w >= from && w < to) steadyTokens++;
        }
        double steadyCpu = (ticksAt(cpu, to, Sample::ticks) - ticksAt(cpu, from, Sample::ticks)) * TICK_NANOS / 1e9;
        double steadyJit = (ticksAt(cpu, to, Sample::jitTicks) - ticksAt(cpu, from, Sample::jitTicks)) * TICK_NANOS / 1e9;
        double steadyGc = (ticksAt(cpu, to, Sample::gcTicks) - ticksAt(cpu, from, Sample::gcTicks)) * TICK_NANOS / 1e9;
        double wholeJit = cpu.isEmpty() ? 0 : cpu.get(cpu.size() - 1).jitTicks() * TICK_NANOS / 1e9;
        return new Result(label, matched, clientRequests, served.size(), Stats.of(toArray(ttft)),
                ttftSend.isEmpty() ? null : Stats.of(toArray(ttftSend)), Stats.of(toArray(gaps)), steadyCpu, steadyJit,
                steadyGc, steadyTokens, wholeCpu, wholeJit, totalTokens, Stats.of(toArray(send)),
                Stats.of(toArray(connect)), Stats.of(toArray(clientTtft)).median() - Stats.of(toArray(serverTtft)).median(),
                Stats.of(toArray(steadyTtft)), Stats.of(toArray(steadyGaps)));
    }

    /** The process tree's CPU ticks at {@code nanos}, interpolated between samples. */
    static double ticksAt(List<Sample> samples, long nanos, ToLongFunction<Sample> field) {
        Sample before = null;
        for (Sample s : samples) {
            if (s.nanos() >= nanos) {
                if (before == null) return field.applyAsLong(s);
                double f = (double) (nanos - before.nanos()) / (s.nanos() - before.nanos());
                return field.applyAsLong(before) + f * (field.applyAsLong(s) - field.applyAsLong(before));
            }
            before = s;
        }
        return before == null ? 0 : field.applyAsLong(before);
    }

    private static double[] toArray(List<Double> l) {
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) a[i] = l.get(i);
        return a;
    }
}
