package io.benchsuite.benchmarks.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * How late each request of a trace replay left, read from the wire: the kernel's capture time of the
 * segment that carries the start of its {@code POST} against the request's scaled trace instant.
 *
 * <p>The client and the capture share no clock origin, so the zero is found at the wire: each request
 * has the offset {@code wire_i - scheduled_i}, and its lateness is that offset minus the smallest offset
 * of the run ({@code 0} for the quickest request: the path's fixed delay is not lateness). The same rule
 * applies to every client measured, so their figures compare.
 *
 * <p>Matching: the trace's instants and the POSTs' capture times are each sorted and paired in order. A
 * Mooncake trace arrives in bursts that share one instant (300 ms apart at 10×), so within a burst any
 * pairing gives the same lateness, and across bursts the order only breaks for a request later than the
 * gap to the next burst; {@link Result#maxLatenessMs()} shows that case at once.
 */
public final class WireLateness {
    private WireLateness() {}

    /** Lateness of one request: its scheduled instant (ms from the first) and how late it left. */
    public record Late(double scheduledMs, double latenessMs) {}

    /** The figures of one run. */
    public record Result(List<Late> requests, int postsSeen, int postsLeftOut) {
        /** Lateness sorted ascending. */
        public double[] sorted() {
            return requests.stream().mapToDouble(Late::latenessMs).sorted().toArray();
        }

        /** The lateness at percentile {@code p} (nearest rank). */
        public double percentile(double p) {
            double[] s = sorted();
            if (s.length == 0) return Double.NaN;
            int i = (int) Math.ceil(p / 100 * s.length) - 1;
            return s[Math.max(0, Math.min(s.length - 1, i))];
        }

        /** The latest request's lateness. */
        public double maxLatenessMs() {
            return requests.stream().mapToDouble(Late::latenessMs).max().orElse(Double.NaN);
        }

        /** Requests that left at most {@code ms} late. */
        public long within(double ms) {
            return requests.stream().filter(l -> l.latenessMs() <= ms).count();
        }

        /** The worst lateness of each of the first {@code bursts} distinct instants, in order. */
        public List<double[]> firstBursts(int bursts) {
            List<double[]> out = new ArrayList<>(); // instant ms, requests, worst lateness ms
            for (Late l : requests) {
                double[] last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null && last[0] == l.scheduledMs()) {
                    last[1]++;
                    last[2] = Math.max(last[2], l.latenessMs());
                } else {
                    if (out.size() == bursts) break;
                    out.add(new double[] {l.scheduledMs(), 1, l.latenessMs()});
                }
            }
            return out;
        }

        /** The requests scheduled before {@code instantMs}: how many, how many left within 5 ms, the latest. */
        public String firstSecond(double instantMs) {
            List<Late> early = requests.stream().filter(l -> l.scheduledMs() < instantMs).toList();
            long within = early.stream().filter(l -> l.latenessMs() <= 5.0).count();
            double worst = early.stream().mapToDouble(Late::latenessMs).max().orElse(Double.NaN);
            return String.format(Locale.ROOT, "%d of %d within 5 ms, latest %.2f ms", within, early.size(), worst);
        }

        /** One line: p50, p90, p99, max and the count within 5 ms. */
        public String summary() {
            return String.format(Locale.ROOT, "p50 %.2f, p90 %.2f, p99 %.2f, max %.2f ms; within 5 ms: %d of %d",
                    percentile(50), percentile(90), percentile(99), maxLatenessMs(), within(5.0), requests.size());
        }
    }

    /**
     * Pairs the POSTs' capture times with the scheduled instants.
     *
     * @param scheduledMs each request's instant, ms from the run's first (any order)
     * @param postEpochNanos the capture time of each POST's first segment (any order); when there are
     *     more than requests (a client's own check before the run), the earliest are left out
     */
    public static Result of(double[] scheduledMs, long[] postEpochNanos) {
        double[] sched = scheduledMs.clone();
        Arrays.sort(sched);
        long[] wire = postEpochNanos.clone();
        Arrays.sort(wire);
        int leftOut = Math.max(0, wire.length - sched.length);
        int n = Math.min(sched.length, wire.length);
        if (n == 0) return new Result(List.of(), wire.length, leftOut);
        long base = wire[leftOut];
        double[] offset = new double[n];
        double min = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            offset[i] = (wire[leftOut + i] - base) / 1e6 - sched[i];
            min = Math.min(min, offset[i]);
        }
        List<Late> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(new Late(sched[i], offset[i] - min));
        out.sort(Comparator.comparingDouble(Late::scheduledMs));
        return new Result(List.copyOf(out), wire.length, leftOut);
    }
}
