package io.benchsuite.benchmarks.capacity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.benchmarks.server.ScriptedSseServer;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What one client process can drive, over loopback HTTP against built-in non-blocking servers:
 * <ol>
 *   <li><b>firehose</b>: streams whose server writes tokens as fast as the client reads them; token
 *       events per second per client core = events received / CPU seconds of the client's threads
 *       (the transport's event loops, where the listener runs, and the engine's threads) and of the
 *       garbage collector; the in-process server's threads are not counted, nor the JIT (warm-up);</li>
 *   <li><b>streams held</b>: that many concurrent streams (each one connection), all open at the
 *       server at once, every request successful;</li>
 *   <li><b>rate</b>: open loop, Poisson arrivals at each rate, short answers; achieved / scheduled
 *       rate and the dispatch lag (dispatch − scheduled instant) from {@code requests.jsonl};</li>
 *   <li><b>start-up</b>: from starting a CLI command (e.g. {@code bin/benchsuite}) to the server
 *       receiving its first request, and its first measured POST.</li>
 * </ol>
 * Figures go to stdout (a Markdown table) and {@code capacity.json} in the output directory.
 *
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.capacity.CapacityHarness \
 *     --out /tmp/capacity [--transport netty|httpclient] [--cli bin/benchsuite] [--quick]
 * </pre>
 */
public final class CapacityHarness {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What to run. */
    public record Plan(Path out, String transport, int firehoseStreams, Duration firehoseTime, int heldStreams,
                       List<Integer> rates, Duration rateTime, List<String> cliCommand, int startupRuns,
                       int prewarmConnections) {

        /** The full measurement. */
        public static Plan full(Path out, String transport, List<String> cli) {
            return new Plan(out, transport, 64, Duration.ofSeconds(10), 4096, List.of(1000, 5000), Duration.ofSeconds(20), cli, 3, 0);
        }

        /** A quick pass that exercises every part (the build's smoke test). */
        public static Plan quick(Path out, String transport, List<String> cli) {
            return new Plan(out, transport, 8, Duration.ofSeconds(1), 64, List.of(200), Duration.ofSeconds(1), cli, 1, 0);
        }
    }

    private CapacityHarness() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of("capacity");
        String transport = "netty";
        boolean quick = false;
        List<String> cli = List.of();
        Integer held = null;
        Integer firehoseStreams = null;
        Integer startupRuns = null;
        Duration rateTime = null;
        List<Integer> rates = null;
        int prewarm = 0;
        for (int i = 0; i < args.length; i++) {
            String v = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--out" -> { out = Path.of(v); i++; }
                case "--transport" -> { transport = v; i++; }
                case "--cli" -> { cli = Arrays.asList(v.trim().split("\\s+")); i++; }
                case "--streams" -> { held = Integer.parseInt(v); i++; }
                case "--firehose" -> { firehoseStreams = Integer.parseInt(v); i++; }
                case "--startup-runs" -> { startupRuns = Integer.parseInt(v); i++; }
                case "--rate-time" -> { rateTime = Durations.parse(v); i++; }
                case "--prewarm" -> { prewarm = Integer.parseInt(v); i++; }
                case "--rates" -> {
                    rates = v.isBlank() ? List.of() : Arrays.stream(v.split(",")).map(String::trim).map(Integer::parseInt).toList();
                    i++;
                }
                case "--quick" -> quick = true;
                default -> throw new IllegalArgumentException("unknown flag " + args[i]
                        + " (known: --out DIR, --transport netty|httpclient, --cli 'command', --streams N (0: skip), --rates 1000,5000 ('': none), "
                        + "--rate-time DURATION, --prewarm CONNECTIONS (rate runs), --firehose STREAMS (0: skip), --startup-runs N, --quick)");
            }
        }
        Plan base = quick ? Plan.quick(out, transport, cli) : Plan.full(out, transport, cli);
        Plan p = new Plan(base.out(), base.transport(), firehoseStreams != null ? firehoseStreams : base.firehoseStreams(),
                base.firehoseTime(), held != null ? held : base.heldStreams(), rates != null ? rates : base.rates(),
                rateTime != null ? rateTime : base.rateTime(), base.cliCommand(),
                startupRuns != null ? startupRuns : base.startupRuns(), prewarm);
        CapacityFigures r = run(p);
        System.out.println(r.markdown());
    }

    /** Everything measured. */
    public record CapacityFigures(Firehose firehose, Held held, List<Rate> rates, List<Startup> startup, String transport) {
        public String markdown() {
            StringBuilder b = new StringBuilder();
            b.append("| capacity (transport ").append(transport).append(", ").append(Runtime.getRuntime().availableProcessors())
                    .append(" CPUs) | figure |\n|---|---|\n");
            if (firehose.streams > 0) b.append(String.format(Locale.ROOT, "| token events/s per client core (firehose, %d streams) | %,.0f (%,.0f events/s; "
                            + "client threads %.2f CPU-s + GC %.2f CPU-s over %.0f s) |%n", firehose.streams,
                    firehose.eventsPerClientCoreSecond(), firehose.eventsPerSecond(), firehose.clientCpuSeconds,
                    Math.max(0, firehose.gcSeconds), firehose.seconds));
            if (held.streams > 0) b.append(String.format(Locale.ROOT, "| concurrent streams held | %d of %d open at once at the server, %d/%d succeeded |%n",
                    held.maxOpenAtServer, held.streams, held.succeeded, held.streams));
            for (Rate r : rates) {
                b.append(String.format(Locale.ROOT, "| %,d req/s Poisson, %s | achieved/scheduled %.4f (%d requests, %d failed); "
                                + "dispatch lag p50 %.3f / p99 %.3f / max %.3f ms; schedule lag p50 %.3f / p99 %.3f ms; send p99 %.3f ms; "
                                + "client hiccups p99 %.3f / max %.1f ms, CPU %.1f %%, %d requests flagged |%n",
                        r.target, String.format(Locale.ROOT, "%.0f s", r.seconds), r.achievedOverScheduled, r.requests, r.failed, r.lagP50Ms,
                        r.lagP99Ms, r.lagMaxMs, r.scheduleLagP50Ms, r.scheduleLagP99Ms, r.sendP99Ms, r.hiccupP99Ms, r.hiccupMaxMs,
                        r.clientCpuPct, r.clientStalledRequests));
            }
            for (Startup s : startup) {
                b.append(String.format(Locale.ROOT, "| JVM start → first request (%s) | %.0f ms to the first request (pre-flight), "
                        + "%.0f ms to the first measured POST |%n", s.command, s.firstRequestMs, s.firstPostMs));
            }
            return b.toString();
        }
    }

    /** The firehose figures. */
    public record Firehose(int streams, long events, double seconds, double clientCpuSeconds, double jitSeconds,
                           double gcSeconds) {
        double eventsPerSecond() {
            return events / seconds;
        }

        /** Events per CPU-second of the client's threads and the garbage collector (the JIT excluded: it is warm-up). */
        double eventsPerClientCoreSecond() {
            double cpu = clientCpuSeconds + Math.max(0, gcSeconds);
            return cpu <= 0 ? Double.NaN : events / cpu;
        }
    }

    /** The streams-held figures. */
    public record Held(int streams, int maxOpenAtServer, int succeeded) {}

    /** One rate's figures. */
    public record Rate(int target, double seconds, int requests, int failed, double achievedOverScheduled,
                       double lagP50Ms, double lagP99Ms, double lagMaxMs, double sendP99Ms, double scheduleLagP50Ms,
                       double scheduleLagP99Ms, double hiccupP99Ms, double hiccupMaxMs, double clientCpuPct,
                       long clientStalledRequests) {}

    /** One start-up measurement. */
    public record Startup(String command, double firstRequestMs, double firstPostMs) {}

    /** Runs the plan. */
    public static CapacityFigures run(Plan p) throws Exception {
        // the runs' directories under p.out() are the harness's own: each harness run replaces the last one's (overwrite)
        Files.createDirectories(p.out());
        Firehose f = p.firehoseStreams() > 0 ? firehose(p) : new Firehose(0, 0, Double.NaN, 0, 0, 0);
        Held h = p.heldStreams() > 0 ? held(p) : new Held(0, 0, 0);
        List<Rate> rates = new ArrayList<>();
        for (int r : p.rates()) rates.add(rate(p, r));
        List<Startup> s = new ArrayList<>();
        if (!p.cliCommand().isEmpty()) {
            for (int i = 0; i < p.startupRuns(); i++) s.add(startup(p));
        }
        CapacityFigures report = new CapacityFigures(f, h, rates, s, p.transport());
        ObjectNode n = JSON.valueToTree(report);
        Files.writeString(p.out().resolve("capacity.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(n));
        return report;
    }

    private static Map<String, String> config(ScriptedSseServer server, String transport, int concurrency) {
        return Map.of(BackendConfig.URL, server.url(), BackendConfig.MODEL, "scripted", "transport", transport,
                BackendConfig.MAX_CONCURRENCY, Integer.toString(concurrency));
    }

    static Firehose firehose(Plan p) throws Exception {
        // Far more tokens than any window needs: a stream that ended before the last one opened would leave the window
        // measuring fewer streams than asked (or none at all, as a slow machine once showed with a million per stream).
        int tokens = 1_000_000_000;
        try (ScriptedSseServer server = new ScriptedSseServer(new ScriptedSseServer.Script(Duration.ZERO, Duration.ZERO,
                tokens, ScriptedSseServer.Closing.KEEP_ALIVE, false), 0, 1)) {
            // All streams start together: otherwise the first ones can reach their max_tokens and end before the last
            // one opens, and the window never sees them all (a loaded machine opens the later connections slowly).
            server.holdFirehoseUntilOpen(p.firehoseStreams());
            RunningBenchmark run = Benchmark.named("firehose")
                    .backend("openai", BackendConfig.of(config(server, p.transport(), p.firehoseStreams())))
                    .workload(Workload.closed(p.firehoseStreams()).maxRequests(p.firehoseStreams())
                            .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(2_000_000)).build())
                    .seed(SeedChain.fromLong(1)).preflight(false).outputDir(p.out().resolve("firehose")).overwrite(true)
                    .drainTimeout(Duration.ofMinutes(10)).start();
            // Let every stream start and the JIT settle, then measure a window.
            // generous: on a loaded 2-core machine the first streams' firehose starves the opening of the others
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (server.openStreams() < p.firehoseStreams() && System.nanoTime() < deadline) Thread.sleep(10);
            if (server.openStreams() < p.firehoseStreams()) {
                run.stop();
                run.await(Duration.ofSeconds(60));
                throw new IllegalStateException("firehose: only " + server.openStreams() + " of " + p.firehoseStreams()
                        + " streams open after 60 s (most open at once: " + server.maxOpenStreams() + ", tokens written: "
                        + server.tokensWritten() + ")");
            }
            Thread.sleep(Math.min(2000, p.firehoseTime().toMillis()));
            ProcessCpu before = ProcessCpu.sample();
            long e0 = server.tokensWritten();
            long t0 = System.nanoTime();
            Thread.sleep(p.firehoseTime().toMillis());
            long e1 = server.tokensWritten();
            long t1 = System.nanoTime();
            ProcessCpu after = ProcessCpu.sample();
            int openAtEnd = server.openStreams();
            run.stop(); // like Ctrl-C: the streams are cancelled, the run ends
            run.await(Duration.ofSeconds(60));
            if (openAtEnd < p.firehoseStreams()) {
                // a stream reached its max_tokens inside the window: the figure would mix fewer streams than asked
                throw new IllegalStateException("firehose: only " + openAtEnd + " of " + p.firehoseStreams()
                        + " streams still open at the end of the window (tokens written in it: " + (e1 - e0)
                        + "); shorten the window or raise the answers' length");
            }
            return new Firehose(p.firehoseStreams(), e1 - e0, (t1 - t0) / 1e9, after.clientSeconds() - before.clientSeconds(),
                    after.jitSeconds() - before.jitSeconds(), after.gcSeconds() - before.gcSeconds());
        }
    }

    static Held held(Plan p) throws Exception {
        int n = p.heldStreams();
        // Every stream trickles a token every 250 ms for 5 s: long enough for all to be open at once.
        try (ScriptedSseServer server = new ScriptedSseServer(new ScriptedSseServer.Script(Duration.ZERO,
                Duration.ofMillis(250), 20, ScriptedSseServer.Closing.KEEP_ALIVE, false), 0, 1)) {
            Path dir = p.out().resolve("held");
            Benchmark.named("held").backend("openai", BackendConfig.of(config(server, p.transport(), n)))
                    .workload(Workload.closed(n).maxRequests(n).inputTokens(LengthDistribution.fixed(16))
                            .outputTokens(LengthDistribution.fixed(20)).build())
                    .seed(SeedChain.fromLong(2)).preflight(false).outputDir(dir).overwrite(true).run();
            List<JsonNode> rs = requests(dir);
            int ok = (int) rs.stream().filter(r -> "success".equals(r.path("outcome").asText())).count();
            return new Held(n, server.maxOpenStreams(), ok);
        }
    }

    static Rate rate(Plan p, int perSecond) throws Exception {
        try (ScriptedSseServer server = new ScriptedSseServer(new ScriptedSseServer.Script(Duration.ZERO, Duration.ZERO, 4,
                ScriptedSseServer.Closing.KEEP_ALIVE, false), 0, 1)) {
            Path dir = p.out().resolve("rate-" + perSecond);
            // --prewarm N: the pre-flight check opens N connections before the clock starts
            int prewarm = p.prewarmConnections();
            Map<String, String> cfg = new HashMap<>(config(server, p.transport(), 1024));
            if (prewarm > 0) cfg.put("prewarm-connections", Integer.toString(prewarm));
            Benchmark.named("rate").backend("openai", BackendConfig.of(cfg))
                    .workload(Workload.open().rate(perSecond).maxConcurrency(1024).duration(p.rateTime())
                            .inputTokens(LengthDistribution.fixed(16)).outputTokens(LengthDistribution.fixed(4)).build())
                    .seed(SeedChain.fromLong(3)).preflight(prewarm > 0).outputDir(dir).overwrite(true).run();
            List<JsonNode> rs = requests(dir);
            // dispatch lag: the dispatcher's lateness alone; schedule lag: scheduled instant to on the wire (dispatch lag,
            // slot wait and the backend's send time)
            double[] lag = rs.stream().mapToDouble(r -> r.path("dispatchLagMs").asDouble(Double.NaN)).filter(Double::isFinite)
                    .sorted().toArray();
            double[] scheduleLag = rs.stream().mapToDouble(r -> r.path("scheduleLagMs").asDouble(Double.NaN))
                    .filter(Double::isFinite).sorted().toArray();
            JsonNode client = JSON.readTree(dir.resolve("report.json").toFile()).path("client");
            double[] send = rs.stream().mapToDouble(r -> r.path("sendMs").asDouble(Double.NaN)).filter(Double::isFinite)
                    .sorted().toArray();
            double[] sched = rs.stream().mapToDouble(r -> r.path("scheduledOffsetMs").asDouble()).sorted().toArray();
            double[] sent = rs.stream().mapToDouble(r -> r.path("sentOffsetMs").asDouble(Double.NaN)).filter(Double::isFinite)
                    .sorted().toArray();
            int failed = (int) rs.stream().filter(r -> !"success".equals(r.path("outcome").asText())).count();
            // Both rates over the same count of intervals: the spans from first to last instant.
            double scheduledRate = sched.length < 2 ? Double.NaN : (sched.length - 1) / (sched[sched.length - 1] - sched[0]);
            double achievedRate = sent.length < 2 ? Double.NaN : (sent.length - 1) / (sent[sent.length - 1] - sent[0]);
            return new Rate(perSecond, p.rateTime().toMillis() / 1e3, rs.size(), failed, achievedRate / scheduledRate, at(lag, 0.5), at(lag, 0.99),
                    lag.length == 0 ? Double.NaN : lag[lag.length - 1], at(send, 0.99), at(scheduleLag, 0.5), at(scheduleLag, 0.99),
                    client.path("hiccups").path("p99Ms").asDouble(Double.NaN), client.path("hiccups").path("maxMs").asDouble(Double.NaN),
                    client.path("cpu").path("processPct").asDouble(Double.NaN), client.path("stalledRequests").asLong());
        }
    }

    static Startup startup(Plan p) throws Exception {
        try (ScriptedSseServer server = new ScriptedSseServer(new ScriptedSseServer.Script(Duration.ZERO, Duration.ZERO, 4,
                ScriptedSseServer.Closing.KEEP_ALIVE, true), 0, 1)) {
            Path dir = Files.createTempDirectory(p.out(), "startup");
            List<String> cmd = new ArrayList<>(p.cliCommand());
            cmd.addAll(List.of("run", "--backend", "openai", "--url", server.url(), "--model", "scripted", "--num-requests", "1",
                    "--output-length", "4", "--output-dir", dir.resolve("run").toString(), "--no-progress",
                    "--server-metrics-url", "none", "--transport", p.transport()));
            long t0 = System.nanoTime();
            Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
            long firstAny = -1;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (firstAny < 0 && System.nanoTime() < deadline && proc.isAlive()) {
                firstAny = server.firstRequestNanos();
                Thread.sleep(1);
            }
            proc.waitFor(60, TimeUnit.SECONDS);
            long firstPost = server.served().stream().mapToLong(ScriptedSseServer.Served::receivedNanos).min().orElse(-1);
            firstAny = server.firstRequestNanos();
            return new Startup(String.join(" ", p.cliCommand()), firstAny < 0 ? Double.NaN : (firstAny - t0) / 1e6,
                    firstPost < 0 ? Double.NaN : (firstPost - t0) / 1e6);
        }
    }

    private static List<JsonNode> requests(Path dir) throws IOException {
        List<JsonNode> l = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("requests.jsonl"))) {
            if (!line.isBlank()) l.add(JSON.readTree(line));
        }
        return l;
    }

    private static double at(double[] sorted, double q) {
        if (sorted.length == 0) return Double.NaN;
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    /**
     * CPU seconds of this process so far: the client's Java threads (named {@code benchsuite-*}), JIT
     * compiler threads and GC threads (from {@code /proc/self/task}).
     */
    record ProcessCpu(double clientSeconds, double jitSeconds, double gcSeconds) {
        static ProcessCpu sample() {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long client = 0;
            for (long id : mx.getAllThreadIds()) {
                var info = mx.getThreadInfo(id);
                if (info == null || !info.getThreadName().startsWith("benchsuite-")) continue;
                long t = mx.getThreadCpuTime(id);
                if (t > 0) client += t;
            }
            long jit = 0;
            long gc = 0;
            try (var tasks = Files.list(Path.of("/proc/self/task"))) {
                for (Path task : tasks.toList()) {
                    try {
                        String stat = Files.readString(task.resolve("stat"));
                        String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ", -1);
                        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                        if (comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler")) jit += ticks;
                        if (comm.startsWith("GC Thread") || comm.startsWith("G1 ") || comm.startsWith("Z")
                                || comm.startsWith("Shenandoah") || comm.equals("VM Thread")) gc += ticks;
                    } catch (IOException | RuntimeException gone) {
                        // the thread ended
                    }
                }
            } catch (IOException | RuntimeException noProc) {
                // not Linux: JIT and GC stay unknown (0)
            }
            return new ProcessCpu(client / 1e9, jit / 100.0, gc / 100.0);
        }
    }
}
