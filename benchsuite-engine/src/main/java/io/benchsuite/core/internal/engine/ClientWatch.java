package io.benchsuite.core.internal.engine;

import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.core.hiccup.HiccupMeter;
import io.benchsuite.core.report.model.ClientSection;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Watches the client itself during a run: a {@link HiccupMeter} for its stalls and the process's CPU
 * time for its load. Each finished request is checked against the stalls (its window from the
 * scheduled instant to its end, on {@link System#nanoTime()}) and flagged when one longer than the
 * threshold overlapped it; the run's end gives the report's {@link ClientSection}.
 *
 * <p>Started with the run's clock and stopped (its thread joined) when the run ends, whatever ends it.
 */
final class ClientWatch {
    private final HiccupMeter meter;
    private final Duration threshold;
    private final AtomicLong stalled = new AtomicLong();
    private long cpuAtStart = -1;
    private long wallAtStart;
    private ClientSection section;

    /** @param meter the stall meter (not started), or {@code null} to watch CPU only (a run on another clock) */
    ClientWatch(HiccupMeter meter, Duration threshold) {
        this.meter = meter;
        this.threshold = threshold;
    }

    void start() {
        wallAtStart = System.nanoTime();
        cpuAtStart = processCpuNanos();
        if (meter != null) meter.start();
    }

    /**
     * The record, flagged with the longest client stall above the threshold that overlapped its
     * window (the record itself when none did).
     */
    RequestRecord flag(RequestRecord r, long runStartNanos) {
        if (meter == null) return r;
        long from = runStartNanos + r.scheduledOffsetNanos();
        long to = runStartNanos + Math.max(r.endOffsetNanos(), r.scheduledOffsetNanos());
        long stall = meter.longestStallDuring(from, to, threshold);
        if (stall <= 0) return r;
        stalled.incrementAndGet();
        return r.withClientStall(stall);
    }

    /** Stops the meter (joining its thread); idempotent. */
    void stop() {
        if (meter != null) meter.stop();
    }

    /**
     * Stops watching and gives the section (the same one when called again).
     *
     * @param dispatchLag the run's dispatch lag, judged with the client's own figures
     */
    synchronized ClientSection finish(LatencyStats dispatchLag) {
        if (section != null) return section;
        stop();
        long wall = System.nanoTime() - wallAtStart;
        long cpuNow = processCpuNanos();
        int cores = Runtime.getRuntime().availableProcessors();
        ClientSection.Cpu cpu = ClientSection.Cpu.UNKNOWN;
        if (cpuAtStart >= 0 && cpuNow >= 0 && wall > 0) {
            double cpuSeconds = (cpuNow - cpuAtStart) / 1e9;
            double wallSeconds = wall / 1e9;
            cpu = new ClientSection.Cpu(cpuSeconds, wallSeconds, cores, 100.0 * cpuSeconds / (wallSeconds * cores));
        }
        ClientSection.Hiccups hiccups = null;
        if (meter != null) {
            HiccupMeter.Oversleep s = meter.summary();
            long over = meter.stalls(Long.MIN_VALUE, Long.MAX_VALUE, threshold).size();
            hiccups = new ClientSection.Hiccups(meter.resolution().toNanos() / 1e6, s.samples(), s.p50Nanos() / 1e6,
                    s.p99Nanos() / 1e6, s.maxNanos() / 1e6, over);
        }
        List<String> saturated = ClientSection.saturation(hiccups == null ? Double.NaN : hiccups.p99Ms(),
                hiccups == null ? 0 : hiccups.samples(), dispatchLag,
                cpu.processPct());
        section = new ClientSection(hiccups, cpu, threshold.toNanos() / 1e6, stalled.get(), saturated);
        return section;
    }

    /**
     * The process's CPU time so far in nanoseconds: the operating system's figure for the whole
     * process when the JVM gives it, else the sum over the live threads; -1 when neither is available.
     */
    static long processCpuNanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            long t = sun.getProcessCpuTime();
            if (t >= 0) return t;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) return -1;
        long sum = 0;
        for (long id : threads.getAllThreadIds()) {
            long t = threads.getThreadCpuTime(id);
            if (t > 0) sum += t;
        }
        return sum;
    }
}
