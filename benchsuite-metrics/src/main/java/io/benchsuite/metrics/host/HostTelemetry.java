package io.benchsuite.metrics.host;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import com.sun.management.OperatingSystemMXBean;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.metrics.internal.MeanAndPeak;
import io.benchsuite.metrics.internal.PeriodicSampler;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Samples the client host and JVM during a run on one daemon thread ({@code benchsuite-host-telemetry})
 * and contributes the report's {@code host} section: process and system CPU, RSS and heap peaks,
 * page-fault rates, I/O wait, TCP retransmissions, GC and JIT time, and RAPL energy when readable.
 * Linux figures come from {@code /proc} and {@code /sys} (roots injectable for tests); JVM figures
 * from JMX. Whatever cannot be read on this system is {@code null} in the report, with its reason
 * under {@code host.unavailable}.
 *
 * <p>The figures cover the whole run (warm-up and cool-down included): host load does not stop at
 * window boundaries.
 */
public final class HostTelemetry extends PeriodicSampler {
    /** Connect time of every new connection the backend opened (nanoseconds), from the request records. */
    private final org.HdrHistogram.Histogram connectTimes = new org.HdrHistogram.Histogram(3);
    private final ProcFiles files;
    private final LongSupplier clock;
    private final int cpus;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final AtomicLong outputTokens = new AtomicLong();

    private final MeanAndPeak processCpu = new MeanAndPeak();
    private final MeanAndPeak systemCpu = new MeanAndPeak();
    private final MeanAndPeak fragmentation = new MeanAndPeak();
    private final Map<Long, double[]> perSecond = new TreeMap<>(); // second -> {processCpuPct, rssBytes}
    private long rssPeak = -1;
    private long heapPeak = -1;
    private double energyMicrojoules;
    private boolean energyReadable;
    private Sample first;
    private Sample prev;
    private long runStart;
    private volatile double liveProcessCpu = Double.NaN;
    private volatile double liveSystemCpu = Double.NaN;
    private volatile double liveFragmentation = Double.NaN;
    private volatile double liveRssPeak = Double.NaN;

    private HostTelemetry(Builder b) {
        super("benchsuite-host-telemetry", b.interval);
        this.files = new ProcFiles(b.procRoot, b.sysRoot);
        this.clock = b.clock;
        this.cpus = b.cpus;
    }

    /** A builder with the real {@code /proc}, {@code /sys}, a 1 s interval and this machine's CPU count. */
    public static Builder builder() {
        return new Builder();
    }

    /** Configures a {@link HostTelemetry}. */
    public static final class Builder {
        private Path procRoot = Path.of("/proc");
        private Path sysRoot = Path.of("/sys");
        private Duration interval = Duration.ofSeconds(1);
        private LongSupplier clock = System::nanoTime;
        private int cpus = Runtime.getRuntime().availableProcessors();

        private Builder() {}

        /** Where {@code /proc} is (tests point it at fixture files). */
        public Builder procRoot(Path root) {
            this.procRoot = notNull(root, "procRoot");
            return this;
        }

        /** Where {@code /sys} is (RAPL energy counters live under {@code class/powercap}). */
        public Builder sysRoot(Path root) {
            this.sysRoot = notNull(root, "sysRoot");
            return this;
        }

        /** Time between samples (default 1 s). */
        public Builder interval(Duration interval) {
            this.interval = positive(interval, "interval");
            return this;
        }

        /** The monotonic clock in nanoseconds (tests drive it by hand). */
        public Builder clock(LongSupplier nanoClock) {
            this.clock = notNull(nanoClock, "clock");
            return this;
        }

        /** CPUs that 100 % process CPU refers to (default: the JVM's available processors). */
        public Builder cpus(int cpus) {
            this.cpus = positive(cpus, "cpus");
            return this;
        }

        public HostTelemetry build() {
            return new HostTelemetry(this);
        }
    }

    /** One reading of every source; null or -1 where a source is absent. */
    private record Sample(long t, ProcFiles.ProcessStat proc, long jmxCpuNanos, ProcFiles.SystemCpu cpu, OptionalLong rss,
                          OptionalLong retrans, long heapUsed, long nonHeapUsed, long gcMillis, long gcCount,
                          long jitMillis, List<ProcFiles.RaplZone> rapl) {
        long cpuNanos() {
            return proc != null ? proc.cpuNanos() : jmxCpuNanos;
        }
    }

    @Override
    public void onRunStarted(RunInfo info) {
        synchronized (this) {
            runStart = clock.getAsLong();
        }
        startSampling(this::sample);
    }

    @Override
    public void onRequestFinished(RequestRecord record) {
        if (record.outputTokens() > 0) outputTokens.addAndGet(record.outputTokens());
        if (record.connectNanos() >= 0) {
            synchronized (connectTimes) {
                connectTimes.recordValue(record.connectNanos());
            }
        }
    }

    /** Takes one sample now (the thread calls this every interval; tests call it directly). */
    public synchronized void sample() {
        Sample s = read();
        if (first == null) {
            first = s;
            energyReadable = s.rapl() != null;
        }
        s.rss().ifPresent(v -> rssPeak = Math.max(rssPeak, v));
        heapPeak = Math.max(heapPeak, s.heapUsed());
        if (s.rss().isPresent()) {
            double used = s.heapUsed() + s.nonHeapUsed();
            if (used > 0) fragmentation.add(s.rss().getAsLong() / used);
            liveFragmentation = used > 0 ? s.rss().getAsLong() / used : Double.NaN;
            liveRssPeak = rssPeak;
        }
        double procPct = Double.NaN;
        if (prev != null && s.t() > prev.t()) {
            long dt = s.t() - prev.t();
            if (s.cpuNanos() >= 0 && prev.cpuNanos() >= 0) {
                procPct = 100.0 * (s.cpuNanos() - prev.cpuNanos()) / ((double) dt * cpus);
                processCpu.add(procPct);
            }
            double sysPct = Double.NaN;
            if (s.cpu() != null && prev.cpu() != null && s.cpu().total() > prev.cpu().total()) {
                long total = s.cpu().total() - prev.cpu().total();
                long idle = (s.cpu().idle() - prev.cpu().idle()) + (s.cpu().iowait() - prev.cpu().iowait());
                sysPct = 100.0 * (total - idle) / total;
                systemCpu.add(sysPct);
            }
            if (energyReadable && s.rapl() != null && prev.rapl() != null) energyMicrojoules += energyDelta(prev.rapl(), s.rapl());
            liveProcessCpu = procPct;
            liveSystemCpu = sysPct;
        }
        perSecond.put(Math.max(0, s.t() - runStart) / 1_000_000_000L,
                new double[] {procPct, s.rss().isPresent() ? s.rss().getAsLong() : Double.NaN});
        prev = s;
    }

    /** Energy used between two readings of the same zones, in µJ, across counter wraparound. */
    static double energyDelta(List<ProcFiles.RaplZone> before, List<ProcFiles.RaplZone> after) {
        double total = 0;
        for (ProcFiles.RaplZone a : after) {
            for (ProcFiles.RaplZone b : before) {
                if (!b.name().equals(a.name())) continue;
                long d = a.microjoules() - b.microjoules();
                if (d < 0) d += a.rangeMicrojoules(); // the counter wrapped once (at most every ~60 s at full power)
                total += d;
            }
        }
        return total;
    }

    private Sample read() {
        long t = clock.getAsLong();
        ProcFiles.ProcessStat ps = files.processStat();
        long jmxCpu = -1;
        if (ps == null && ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            jmxCpu = os.getProcessCpuTime();
        }
        long gcMillis = 0;
        long gcCount = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!isPauseCollector(gc.getName())) continue;
            gcMillis += Math.max(0, gc.getCollectionTime());
            gcCount += Math.max(0, gc.getCollectionCount());
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long jitMillis = jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
        return new Sample(t, ps, jmxCpu, files.systemCpu(), files.statusBytes("VmRSS"), files.tcpRetransSegs(),
                memory.getHeapMemoryUsage().getUsed(), memory.getNonHeapMemoryUsage().getUsed(), gcMillis, gcCount,
                jitMillis, files.rapl());
    }

    /**
     * Whether a collector bean counts stop-the-world pauses. Beans of concurrent cycles (G1's
     * "G1 Concurrent GC", ZGC's and Shenandoah's "Cycles") time work done beside the application,
     * which is not pause time.
     */
    static boolean isPauseCollector(String name) {
        return !name.contains("Concurrent") && !name.contains("Cycles");
    }

    /** Process CPU over the last interval, % of all CPUs; NaN before two samples or when unreadable. */
    public double processCpuPct() {
        return liveProcessCpu;
    }

    /** Machine CPU busy over the last interval, %; NaN when unknown. */
    public double systemCpuPct() {
        return liveSystemCpu;
    }

    /** Largest RSS sampled so far, bytes; NaN when unknown. */
    public double rssPeakBytes() {
        return liveRssPeak;
    }

    /** RSS / (JVM heap used + non-heap used) at the latest sample; NaN when unknown. See {@code docs/metrics.md}. */
    public double fragmentationRatio() {
        return liveFragmentation;
    }

    @Override
    public List<ReportSection> reportSections() {
        if (!stopSampling()) return List.of();
        synchronized (this) {
            sample();
            return List.of(section());
        }
    }

    private HostSection section() {
        Map<String, String> unavailable = new LinkedHashMap<>();
        Sample last = prev;
        double seconds = (last.t() - first.t()) / 1e9;

        HostSection.Cpu cpu = new HostSection.Cpu(processCpu.mean(), processCpu.max(), systemCpu.mean(), systemCpu.max());
        if (processCpu.count() == 0) unavailable.put("cpu.process", first.cpuNanos() < 0 ? "no /proc/self/stat and no JMX process CPU time" : "fewer than two samples");
        if (systemCpu.count() == 0) unavailable.put("cpu.system", first.cpu() == null ? "no readable /proc/stat" : "fewer than two samples");

        HostSection.Memory memory = new HostSection.Memory(rssPeak >= 0 ? rssPeak : null, heapPeak, fragmentation.mean());
        if (rssPeak < 0) {
            unavailable.put("memory.rssPeakBytes", "no readable /proc/self/status");
            unavailable.put("memory.fragmentationRatio", "needs the RSS from /proc/self/status");
        }

        HostSection.PageFaults faults;
        if (first.proc() != null && last.proc() != null && seconds > 0) {
            faults = new HostSection.PageFaults((last.proc().minorFaults() - first.proc().minorFaults()) / seconds,
                    (last.proc().majorFaults() - first.proc().majorFaults()) / seconds);
        } else {
            faults = new HostSection.PageFaults(Double.NaN, Double.NaN);
            unavailable.put("pageFaults", first.proc() == null ? "no readable /proc/self/stat" : "fewer than two samples");
        }

        double ioWait = Double.NaN;
        if (first.cpu() != null && last.cpu() != null && last.cpu().total() > first.cpu().total()) {
            ioWait = 100.0 * (last.cpu().iowait() - first.cpu().iowait()) / (last.cpu().total() - first.cpu().total());
        } else {
            unavailable.put("ioWaitPct", first.cpu() == null ? "no readable /proc/stat" : "fewer than two samples");
        }

        Long retransmits = null;
        if (first.retrans().isPresent() && last.retrans().isPresent()) {
            retransmits = last.retrans().getAsLong() - first.retrans().getAsLong();
        } else {
            unavailable.put("tcp.retransmits", "no readable /proc/net/snmp");
        }
        HostSection.ConnectTimes connect = null;
        synchronized (connectTimes) {
            if (connectTimes.getTotalCount() == 0) {
                unavailable.put("tcp.connectMs", "no request opened a new connection (in-process backend, or every "
                        + "connection was reused)");
            } else {
                connect = new HostSection.ConnectTimes(connectTimes.getTotalCount(), connectTimes.getMean() / 1e6,
                        connectTimes.getValueAtPercentile(50) / 1e6, connectTimes.getValueAtPercentile(99) / 1e6,
                        connectTimes.getMaxValue() / 1e6);
            }
        }

        HostSection.Gc gc = new HostSection.Gc(last.gcMillis() - first.gcMillis(), last.gcCount() - first.gcCount());
        Long jitMs = null;
        if (first.jitMillis() >= 0 && last.jitMillis() >= 0) {
            jitMs = last.jitMillis() - first.jitMillis();
        } else {
            unavailable.put("jit.compileMs", "this JVM does not monitor compilation time");
        }

        HostSection.Energy energy;
        if (energyReadable) {
            double joules = energyMicrojoules / 1e6;
            long tokens = outputTokens.get();
            energy = new HostSection.Energy(joules, tokens > 0 ? joules / tokens : Double.NaN, "rapl");
            if (tokens == 0) unavailable.put("energy.joulesPerOutputToken", "no output tokens");
        } else {
            energy = new HostSection.Energy(Double.NaN, Double.NaN, null);
            unavailable.put("energy", "no readable RAPL counter under /sys/class/powercap (needs Intel/AMD RAPL and, "
                    + "on most kernels since 2020, root to read energy_uj)");
        }

        List<HostSection.Second> series = new ArrayList<>();
        perSecond.forEach((second, v) -> series.add(new HostSection.Second(second, v[0], Double.isNaN(v[1]) ? null : (long) v[1])));
        return new HostSection(cpu, memory, faults, ioWait, new HostSection.Tcp(retransmits, connect), gc,
                new HostSection.Jit(jitMs), energy, series, unavailable);
    }
}
