package io.benchsuite.core.hiccup;

import static io.benchsuite.api.util.Checks.notNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * Measures the client's own stalls, as jHiccup does: a thread sleeps for a short interval (1 ms),
 * over and over, and records by how much each sleep overran. Whatever stops the client's threads
 * from running (a garbage-collection pause, a safepoint, JIT deoptimisation storms, a CPU quota, a
 * starved or swapping machine) stops this thread too and shows up as oversleep, and every request
 * whose timing window overlapped a long stall was timed by a client that was not running.
 *
 * <p>Oversleeps are recorded in an HdrHistogram (nanoseconds) with jHiccup's correction for the
 * samples a stall hid: a 500 ms stall also records the 499, 498, … ms a thread waking every
 * millisecond would have seen, so percentiles are those of the time, not of the wake-ups. Each stall
 * longer than {@code retainAbove} is also kept as an interval on the {@link System#nanoTime()} time
 * line (the clock the backends time bytes with), so a request's window can be checked against them
 * with {@link #stalledDuring}; at most {@value #MAX_STALLS} are kept (the oldest are dropped and
 * counted).
 *
 * <p>A stall still going on is seen too: while the thread is overdue by more than a threshold,
 * {@link #stalls} reports the time from when it should have woken to now, so a request that ends
 * inside a long stall is caught before the meter itself runs again.
 *
 * <p>Lifecycle: {@link #start()} starts one thread, {@link #stop()} (or {@link #close()}) ends it and
 * waits for it, so none is left behind; the figures stay readable after stop. The thread is not a
 * daemon: whoever starts a meter stops it (a benchmark run does so when it ends). Thread-safe.
 *
 * <pre>{@code
 * try (HiccupMeter meter = HiccupMeter.create().start()) {
 *     ... run ...
 *     HiccupMeter.Oversleep s = meter.summary();          // p50 / p99 / max oversleep
 *     boolean hit = meter.stalledDuring(t0, t1, Duration.ofMillis(5));
 * }
 * }</pre>
 */
public final class HiccupMeter implements AutoCloseable {
    /** How long the meter sleeps between measurements by default. */
    public static final Duration DEFAULT_RESOLUTION = Duration.ofMillis(1);
    /** Stalls longer than this are kept as intervals by default. */
    public static final Duration DEFAULT_RETAIN_ABOVE = Duration.ofMillis(1);
    /** Most stall intervals kept. */
    public static final int MAX_STALLS = 1 << 16;
    /** Largest oversleep the histogram holds (longer ones are clamped): one hour. */
    private static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

    /**
     * How the meter waits between measurements: {@link LockSupport#parkNanos} by default. Another
     * sleeper measures another way of waiting, or (in tests) makes the meter see a stall at a moment
     * of the test's choosing.
     */
    @FunctionalInterface
    public interface Sleeper {
        /**
         * Sleeps for about {@code nanos} nanoseconds (longer when the thread cannot run).
         *
         * @param nanos how long to sleep
         */
        void sleep(long nanos);
    }

    private final long resolutionNanos;
    private final long retainAboveNanos;
    private final LongSupplier clock;
    private final Sleeper sleeper;
    private final Histogram histogram = new Histogram(HIGHEST_NANOS, 3);
    private final long[] stallStarts = new long[MAX_STALLS];
    private final long[] stallEnds = new long[MAX_STALLS];
    private int stallHead;
    private int stallCount;
    private long dropped;
    private long longestNanos;
    /** When the current sleep began on the meter's clock, or {@link Long#MIN_VALUE} when it is not sleeping. */
    private volatile long sleepingSince = Long.MIN_VALUE;
    private Thread thread;
    private volatile boolean stopping;
    private boolean stopped;

    HiccupMeter(Duration resolution, Duration retainAbove, LongSupplier clock, Sleeper sleeper) {
        notNull(resolution, "resolution");
        notNull(retainAbove, "retainAbove");
        if (resolution.isNegative() || resolution.isZero()) {
            throw new IllegalArgumentException("resolution must be > 0, got " + resolution);
        }
        if (retainAbove.isNegative()) throw new IllegalArgumentException("retainAbove must be >= 0, got " + retainAbove);
        this.resolutionNanos = resolution.toNanos();
        this.retainAboveNanos = retainAbove.toNanos();
        this.clock = notNull(clock, "clock");
        this.sleeper = notNull(sleeper, "sleeper");
    }

    /** A meter that sleeps 1 ms at a time and keeps stalls longer than 1 ms; not started yet. */
    public static HiccupMeter create() {
        return create(DEFAULT_RESOLUTION, DEFAULT_RETAIN_ABOVE);
    }

    /**
     * A meter that sleeps {@code resolution} at a time and keeps stalls longer than
     * {@code retainAbove} as intervals; not started yet.
     *
     * @throws IllegalArgumentException when {@code resolution} is not positive or {@code retainAbove} is negative
     */
    public static HiccupMeter create(Duration resolution, Duration retainAbove) {
        return create(resolution, retainAbove, LockSupport::parkNanos);
    }

    /**
     * A meter that waits with {@code sleeper} between measurements, on the {@link System#nanoTime()}
     * time line; not started yet.
     *
     * @throws IllegalArgumentException when {@code resolution} is not positive or {@code retainAbove} is negative
     */
    public static HiccupMeter create(Duration resolution, Duration retainAbove, Sleeper sleeper) {
        return new HiccupMeter(resolution, retainAbove, System::nanoTime, sleeper);
    }

    /**
     * Starts the measuring thread ({@code benchsuite-hiccup-meter}); {@link #stop()} ends it.
     *
     * @return this meter
     * @throws IllegalStateException when it was started before
     */
    public synchronized HiccupMeter start() {
        if (thread != null || stopped) throw new IllegalStateException("a hiccup meter is started once");
        Thread t = new Thread(this::run, "benchsuite-hiccup-meter");
        t.setDaemon(false);
        // It must be scheduled like the client's own threads: no higher priority.
        thread = t;
        t.start();
        return this;
    }

    /** Stops the measuring thread and waits until it has ended; the figures stay readable. Idempotent. */
    public void stop() {
        Thread t;
        synchronized (this) {
            stopped = true;
            t = thread;
        }
        stopping = true;
        if (t == null || t == Thread.currentThread()) return;
        LockSupport.unpark(t);
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** Same as {@link #stop()}. */
    @Override
    public void close() {
        stop();
    }

    /** How long the meter sleeps between measurements. */
    public Duration resolution() {
        return Duration.ofNanos(resolutionNanos);
    }

    /** Whether the measuring thread is running. */
    public synchronized boolean running() {
        return thread != null && thread.isAlive();
    }

    private void run() {
        while (!stopping) measureOnce();
    }

    /** One sleep and its measurement; the thread's loop body. */
    void measureOnce() {
        long before = clock.getAsLong();
        sleepingSince = before;
        sleeper.sleep(resolutionNanos);
        long after = clock.getAsLong();
        sleepingSince = Long.MIN_VALUE;
        long over = Math.max(0, after - before - resolutionNanos);
        synchronized (this) {
            histogram.recordValueWithExpectedInterval(Math.min(over, HIGHEST_NANOS), resolutionNanos);
            longestNanos = Math.max(longestNanos, over);
            if (over > retainAboveNanos) {
                // The thread meant to wake at before + resolution; it could not run until after.
                int i = (stallHead + stallCount) % MAX_STALLS;
                if (stallCount == MAX_STALLS) {
                    stallHead = (stallHead + 1) % MAX_STALLS;
                    dropped++;
                } else {
                    stallCount++;
                }
                stallStarts[i] = before + resolutionNanos;
                stallEnds[i] = after;
            }
        }
    }

    /** A copy of the oversleep histogram, in nanoseconds. */
    public synchronized Histogram histogram() {
        return histogram.copy();
    }

    /** The oversleep percentiles so far. */
    public synchronized Oversleep summary() {
        if (histogram.getTotalCount() == 0) return new Oversleep(0, 0, 0, 0, 0);
        return new Oversleep(histogram.getTotalCount(), histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(99),
                longestNanos, stallCount + dropped);
    }

    /**
     * Whether a kept stall longer than {@code threshold} overlapped [{@code fromNanos},
     * {@code toNanos}] ({@link System#nanoTime()} values). Stalls no longer than the meter's
     * {@code retainAbove} are not kept, so a threshold below it answers for the kept ones only.
     */
    public boolean stalledDuring(long fromNanos, long toNanos, Duration threshold) {
        return !stalls(fromNanos, toNanos, threshold).isEmpty();
    }

    /**
     * The kept stalls longer than {@code threshold} that overlapped [{@code fromNanos}, {@code toNanos}],
     * oldest first; the last one may be a stall still going on (ending now).
     */
    public synchronized List<Stall> stalls(long fromNanos, long toNanos, Duration threshold) {
        notNull(threshold, "threshold");
        if (toNanos < fromNanos) throw new IllegalArgumentException("toNanos " + toNanos + " is before fromNanos " + fromNanos);
        long min = threshold.toNanos();
        List<Stall> found = new ArrayList<>();
        long since = sleepingSince;
        if (since != Long.MIN_VALUE && !stopping) {
            // overdue now: the thread should have woken at since + resolution and has not run yet
            long now = clock.getAsLong();
            long due = since + resolutionNanos;
            if (now - due > min && due <= toNanos && now >= fromNanos) found.add(new Stall(due, now));
        }
        // Stalls are appended in time order; walk back from the newest until they end before the window.
        for (int k = stallCount - 1; k >= 0; k--) {
            int i = (stallHead + k) % MAX_STALLS;
            long start = stallStarts[i];
            long end = stallEnds[i];
            if (end < fromNanos) break;
            if (start <= toNanos && end - start > min) found.add(new Stall(start, end));
        }
        Collections.reverse(found);
        return found;
    }

    /**
     * The longest kept (or ongoing) stall longer than {@code threshold} that overlapped
     * [{@code fromNanos}, {@code toNanos}], in nanoseconds; 0 when none did.
     */
    public long longestStallDuring(long fromNanos, long toNanos, Duration threshold) {
        long longest = 0;
        for (Stall s : stalls(fromNanos, toNanos, threshold)) longest = Math.max(longest, s.durationNanos());
        return longest;
    }

    /** Stall intervals dropped because more than {@value #MAX_STALLS} were kept. */
    public synchronized long droppedStalls() {
        return dropped;
    }

    /**
     * Oversleep figures.
     *
     * @param samples measurements (including the ones a stall hid)
     * @param p50Nanos median oversleep
     * @param p99Nanos 99th percentile oversleep
     * @param maxNanos longest oversleep
     * @param stalls stalls longer than the meter's {@code retainAbove}
     */
    public record Oversleep(long samples, long p50Nanos, long p99Nanos, long maxNanos, long stalls) {}

    /**
     * A time the client could not run: from when the meter should have woken to when it did.
     *
     * @param startNanos {@link System#nanoTime()} when it should have woken
     * @param endNanos {@link System#nanoTime()} when it did
     */
    public record Stall(long startNanos, long endNanos) {
        /** How long it lasted. */
        public long durationNanos() {
            return endNanos - startNanos;
        }
    }
}
