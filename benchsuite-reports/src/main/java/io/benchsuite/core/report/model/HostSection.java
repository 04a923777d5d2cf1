package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;
import java.util.List;
import java.util.Map;

/**
 * The report's {@code host} section: the client host and JVM during the run. Whatever could not be
 * read on the system is {@code null}, with its reason under {@code unavailable}.
 *
 * @param cpu process and system CPU
 * @param memory RSS, heap and fragmentation
 * @param pageFaults page-fault rates
 * @param ioWaitPct share of CPU time in I/O wait, %
 * @param tcp TCP retransmissions and connect times
 * @param gc garbage collection during the run
 * @param jit JIT compilation during the run
 * @param energy RAPL energy
 * @param timeSeries one sample per second
 * @param unavailable why a figure is {@code null}, by its dotted key
 */
public record HostSection(Cpu cpu, Memory memory, PageFaults pageFaults, double ioWaitPct, Tcp tcp, Gc gc, Jit jit,
                          Energy energy, List<Second> timeSeries, Map<String, String> unavailable)
        implements ReportSection {
    /** The section's key. */
    public static final String KEY = "host";

    public HostSection {
        cpu = cpu == null ? new Cpu(Double.NaN, Double.NaN, Double.NaN, Double.NaN) : cpu;
        memory = memory == null ? new Memory(null, 0, Double.NaN) : memory;
        pageFaults = pageFaults == null ? new PageFaults(Double.NaN, Double.NaN) : pageFaults;
        tcp = tcp == null ? new Tcp(null, null) : tcp;
        gc = gc == null ? new Gc(0, 0) : gc;
        jit = jit == null ? new Jit(null) : jit;
        energy = energy == null ? new Energy(Double.NaN, Double.NaN, null) : energy;
        timeSeries = timeSeries == null ? List.of() : List.copyOf(timeSeries);
        unavailable = Maps.ordered(unavailable);
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * CPU use, % of all CPUs (process) or of the machine (system).
     *
     * @param processMeanPct mean process CPU
     * @param processPeakPct highest per-interval process CPU
     * @param systemMeanPct mean machine CPU busy
     * @param systemPeakPct highest per-interval machine CPU busy
     */
    public record Cpu(double processMeanPct, double processPeakPct, double systemMeanPct, double systemPeakPct) {}

    /**
     * Memory.
     *
     * @param rssPeakBytes highest resident set size, or {@code null} when unreadable
     * @param heapPeakBytes highest JVM heap in use
     * @param fragmentationRatio mean RSS / (heap + non-heap in use)
     */
    public record Memory(Long rssPeakBytes, long heapPeakBytes, double fragmentationRatio) {}

    /**
     * Page faults per second.
     *
     * @param minorPerSecond minor faults
     * @param majorPerSecond major faults
     */
    public record PageFaults(double minorPerSecond, double majorPerSecond) {}

    /**
     * TCP.
     *
     * @param retransmits segments retransmitted during the run, or {@code null} when unreadable
     * @param connectMs connect times of the connections the backend opened, or {@code null} when none
     */
    public record Tcp(Long retransmits, ConnectTimes connectMs) {}

    /**
     * Connect times in milliseconds.
     *
     * @param count connections opened
     * @param mean mean
     * @param p50 median
     * @param p99 99th percentile
     * @param max largest
     */
    public record ConnectTimes(long count, double mean, double p50, double p99, double max) {}

    /**
     * Garbage collection.
     *
     * @param pauseMs collection time in milliseconds
     * @param count collections
     */
    public record Gc(long pauseMs, long count) {}

    /**
     * JIT compilation.
     *
     * @param compileMs compilation time in milliseconds, or {@code null} when the JVM does not monitor it
     */
    public record Jit(Long compileMs) {}

    /**
     * Energy.
     *
     * @param joules energy drawn over the run
     * @param joulesPerOutputToken joules / output tokens
     * @param source where the reading came from (e.g. {@code rapl}), or {@code null}
     */
    public record Energy(double joules, double joulesPerOutputToken, String source) {}

    /**
     * One second.
     *
     * @param second seconds from the run start
     * @param processCpuPct process CPU, %
     * @param rssBytes resident set size, or {@code null} when unreadable
     */
    public record Second(long second, double processCpuPct, Long rssBytes) {}
}
