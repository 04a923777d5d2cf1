package io.benchsuite.core.report.model;

import static io.benchsuite.core.report.model.ReportNumbers.round;

import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.core.run.ReportSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's {@code client} section: whether the benchmark client itself kept up while it measured.
 * A client that stalls (a garbage-collection pause, a starved CPU) or runs out of CPU puts its own
 * delays into the latencies it reports; this section says how much it stalled, how busy it was, which
 * requests a stall overlapped, and, under {@code saturated}, every figure over its limit
 * ({@value #HICCUP_P99_LIMIT_MS} ms hiccup p99 over at least {@value #HICCUP_MIN_SAMPLES} samples,
 * {@value #DISPATCH_LAG_P99_LIMIT_MS} ms dispatch-lag p99 (p90 in a run of fewer than
 * {@value #DISPATCH_LAG_P99_MIN_REQUESTS} requests), {@value #CPU_LIMIT_PCT} % CPU). Figures are held at the precision {@code report.json} stores, so a
 * section read back equals the one written.
 *
 * @param hiccups the client's own stalls, as a thread that sleeps 1 ms at a time saw them
 *     ({@code null} when not measured)
 * @param cpu the client process's CPU use over the run
 * @param stallThresholdMs a request whose window overlapped a stall longer than this is flagged
 * @param stalledRequests requests flagged ({@code clientStalled} in {@code requests.jsonl}), every window
 * @param saturated each figure that shows the client itself was saturated, with its limit; empty when none
 */
public record ClientSection(Hiccups hiccups, Cpu cpu, double stallThresholdMs, long stalledRequests,
                            List<String> saturated) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "client";
    /**
     * Hiccup p99 above this (ms) means the client could not run when it should have. The meter sleeps
     * 1 ms at a time, and on an idle virtual machine its own timer oversleeps by up to ~1.1 ms at p99
     * (a default run's client at 3.4 % CPU measured 1.09 ms): the limit is half a sleep above that, so
     * only a stall the client's figures can feel is called saturation.
     */
    public static final double HICCUP_P99_LIMIT_MS = 1.5;
    /** Hiccup samples a run needs for its p99 to be judged: fewer, and the p99 is one or two wake-ups. */
    public static final long HICCUP_MIN_SAMPLES = 500;
    /** Dispatch lag p99 above this (ms) means the client sent late. */
    public static final double DISPATCH_LAG_P99_LIMIT_MS = 1.0;
    /** Requests a run must dispatch for its dispatch-lag p99 to be judged (below, its p90 is). */
    public static final int DISPATCH_LAG_P99_MIN_REQUESTS = 200;
    /** Process CPU above this share of all cores (%) means the client was near its limit. */
    public static final double CPU_LIMIT_PCT = 80.0;

    public ClientSection {
        stallThresholdMs = round(stallThresholdMs);
        cpu = cpu == null ? Cpu.UNKNOWN : cpu;
        saturated = saturated == null ? List.of() : List.copyOf(saturated);
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * The figures over their limits, each named with its value and limit, e.g.
     * {@code hiccup p99 3.20 ms > 1 ms}; {@code NaN} figures are not judged. Dispatch lag is judged at
     * its p99 once {@value #DISPATCH_LAG_P99_MIN_REQUESTS} requests were dispatched; over fewer, a p99
     * is the latest one or two pick-ups of the run (one burst, one JIT compilation), so its p90 is judged.
     *
     * The hiccup p99 is judged over at least {@value #HICCUP_MIN_SAMPLES} samples.
     *
     * @param hiccupP99Ms the hiccup meter's p99, ms
     * @param hiccupSamples the hiccup meter's samples
     * @param dispatchLag the run's dispatch lag, ms
     * @param cpuPct the process's CPU share of all cores, %
     */
    public static List<String> saturation(double hiccupP99Ms, long hiccupSamples, LatencyStats dispatchLag, double cpuPct) {
        List<String> over = new ArrayList<>();
        if (hiccupSamples >= HICCUP_MIN_SAMPLES && hiccupP99Ms > HICCUP_P99_LIMIT_MS) {
            over.add(String.format(Locale.ROOT, "hiccup p99 %.2f ms > %.1f ms", hiccupP99Ms, HICCUP_P99_LIMIT_MS));
        }
        boolean enough = dispatchLag.count() >= DISPATCH_LAG_P99_MIN_REQUESTS;
        double lag = enough ? dispatchLag.p99() : dispatchLag.p90();
        if (lag > DISPATCH_LAG_P99_LIMIT_MS) {
            over.add(String.format(Locale.ROOT, "dispatch lag %s %.2f ms > %.0f ms%s", enough ? "p99" : "p90", lag,
                    DISPATCH_LAG_P99_LIMIT_MS, enough ? "" : " (" + dispatchLag.count() + " requests, too few for a p99)"));
        }
        if (cpuPct > CPU_LIMIT_PCT) over.add(String.format(Locale.ROOT, "CPU %.1f %% > %.0f %%", cpuPct, CPU_LIMIT_PCT));
        return over;
    }

    /**
     * The hiccup meter's figures: how late a thread that sleeps {@code resolutionMs} at a time woke
     * (with the samples a long stall hid counted, as jHiccup does).
     *
     * @param resolutionMs how long the meter sleeps between measurements
     * @param samples measurements
     * @param p50Ms median oversleep
     * @param p99Ms 99th percentile oversleep
     * @param maxMs longest oversleep
     * @param stallsOverThreshold stalls longer than the section's {@code stallThresholdMs}
     */
    public record Hiccups(double resolutionMs, long samples, double p50Ms, double p99Ms, double maxMs,
                          long stallsOverThreshold) {
        public Hiccups {
            resolutionMs = round(resolutionMs);
            p50Ms = round(p50Ms);
            p99Ms = round(p99Ms);
            maxMs = round(maxMs);
        }
    }

    /**
     * The client process's CPU over the run.
     *
     * @param processSeconds CPU time of the whole process during the run (every thread, the JVM's own included)
     * @param wallSeconds the run's length
     * @param cores processors available to the JVM
     * @param processPct {@code processSeconds / (wallSeconds × cores)}, %: 100 % is every core busy
     */
    public record Cpu(double processSeconds, double wallSeconds, int cores, double processPct) {
        public Cpu {
            processSeconds = round(processSeconds);
            wallSeconds = round(wallSeconds);
            processPct = round(processPct);
        }

        /** CPU not measured. */
        public static final Cpu UNKNOWN = new Cpu(Double.NaN, Double.NaN, 0, Double.NaN);
    }
}
