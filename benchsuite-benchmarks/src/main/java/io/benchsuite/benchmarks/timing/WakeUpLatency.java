package io.benchsuite.benchmarks.timing;

import io.benchsuite.api.util.Durations;
import io.benchsuite.backends.http.internal.EventLoops;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * How long this machine takes to wake a sleeping thread, the floor under every hand-off a client makes
 * between threads: the dispatcher handing a due request to the transport's event loop (the request's
 * send time includes it), an unparked thread, and a 1 ms timed sleep's oversleep (what the hiccup
 * meter sees on an idle machine). After each hand-off the waker sleeps {@code --gap}, as a dispatcher
 * does between two requests of a sparse run, so the woken thread was asleep (and its CPU perhaps idle)
 * and nothing of the waker's holds a CPU while it wakes; with {@code --waker spin} the waker spins
 * until the woken thread has run, as a dispatcher spinning before its next instant does (a woken
 * thread queued on the spinner's CPU then waits for the scheduler's tick), and with {@code spin-yield}
 * it gives its CPU up once before spinning.
 *
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.timing.WakeUpLatency [--samples 2000] [--gap 5ms] [--waker sleep|spin|spin-yield]
 * </pre>
 *
 * <p>On the 2-CPU development VM a woken thread's p99 was 0.1–0.16 ms with a sleeping waker and 1.9–2.8 ms
 * when the waker kept its CPU (the woken thread queued behind it until the scheduler's tick); the figures
 * and what they meant for the client are in {@code docs/performance.md}, "Waking a thread on this machine".
 */
public final class WakeUpLatency {
    /** Samples dropped at the start of each measurement: class loading and compilation. */
    static final int DISCARDED = 100;

    private WakeUpLatency() {}

    /** What the waking thread does right after the hand-off. */
    enum Waker {
        /** Sleeps (as a dispatcher does between two requests of a sparse run). */
        SLEEP,
        /** Spins until the woken thread has run (as a dispatcher spinning before its next instant does). */
        SPIN,
        /** Gives its CPU up once ({@link Thread#yield}), then spins. */
        SPIN_YIELD;

        static Waker of(String name) {
            for (Waker w : values()) if (w.label().equals(name)) return w;
            throw new IllegalArgumentException("--waker takes sleep, spin or spin-yield, got " + name);
        }

        String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** One measured way of waking a thread, in microseconds. */
    record Row(String what, long samples, double p50, double p90, double p99, double max) {}

    public static void main(String[] args) throws InterruptedException {
        int samples = 2000;
        Duration gap = Duration.ofMillis(5);
        Waker waker = Waker.SLEEP;
        if (args.length % 2 != 0) throw new IllegalArgumentException("option " + args[args.length - 1] + " has no value");
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--samples" -> samples = Integer.parseInt(args[i + 1]);
                case "--gap" -> gap = Durations.parse(args[i + 1]);
                case "--waker" -> waker = Waker.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i] + " (--samples, --gap, --waker)");
            }
        }
        System.out.printf(Locale.ROOT, "| wake-up (µs), %d samples, %s apart, waker: %s, %d CPUs | p50 | p90 | p99 | max |%n"
                + "|---|---|---|---|---|%n", samples, Durations.format(gap), waker.label(),
                Runtime.getRuntime().availableProcessors());
        for (Row r : measure(samples, gap, waker)) {
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f |%n", r.what(), r.p50(), r.p90(), r.p99(), r.max());
        }
    }

    /**
     * Runs the three measurements, {@code samples} each (after {@value #DISCARDED} discarded), the waker
     * doing what {@code waker} says after each hand-off.
     */
    static List<Row> measure(int samples, Duration gap, Waker waker) throws InterruptedException {
        if (samples <= 0) throw new IllegalArgumentException("samples must be > 0, got " + samples);
        long gapNanos = gap.toNanos();
        List<Row> rows = new ArrayList<>();
        EventLoopGroup group = EventLoops.group(1, r -> new Thread(r, "wake-up-event-loop"));
        try {
            var loop = group.next();
            AtomicLong ran = new AtomicLong();
            Runnable task = () -> ran.set(System.nanoTime());
            rows.add(row("task handed to a sleeping " + EventLoops.name() + " event loop", samples, gapNanos, waker, ran, () -> {
                long t0 = System.nanoTime();
                loop.execute(task);
                return t0;
            }));
        } finally {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).sync();
        }
        rows.add(unparked(samples, gapNanos, waker));
        Histogram h = new Histogram(3);
        for (int i = 0; i < samples + DISCARDED; i++) {
            long t0 = System.nanoTime();
            LockSupport.parkNanos(1_000_000);
            if (i >= DISCARDED) h.recordValue(Math.max(0, System.nanoTime() - t0 - 1_000_000));
        }
        rows.add(row("oversleep of a 1 ms parkNanos", h));
        return rows;
    }

    /**
     * Times {@code samples} hand-offs, each followed by a sleep of {@code gapNanos}: {@code handOff} starts one
     * and returns when it did; the woken side sets {@code ran} to when it ran.
     */
    private static Row row(String what, int samples, long gapNanos, Waker waker, AtomicLong ran,
                           LongSupplier handOff) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < samples + DISCARDED; i++) {
            ran.set(0);
            long t0 = handOff.getAsLong();
            if (waker == Waker.SLEEP) LockSupport.parkNanos(gapNanos);
            if (waker == Waker.SPIN_YIELD) Thread.yield();
            long t1;
            while ((t1 = ran.get()) == 0) Thread.onSpinWait();
            if (waker != Waker.SLEEP) LockSupport.parkNanos(gapNanos);
            if (i >= DISCARDED) h.recordValue(Math.max(0, t1 - t0));
        }
        return row(what, h);
    }

    /** A thread parked until the measuring thread unparks it; it reports when it ran again. */
    private static Row unparked(int samples, long gapNanos, Waker waker) throws InterruptedException {
        AtomicLong ran = new AtomicLong();
        AtomicLong round = new AtomicLong();
        Thread sleeper = new Thread(() -> {
            long seen = 0;
            while (true) {
                long r = round.get();
                if (r < 0) return;
                if (r != seen) {
                    seen = r;
                    ran.set(System.nanoTime());
                }
                LockSupport.park();
            }
        }, "wake-up-sleeper");
        sleeper.start();
        try {
            return row("parked thread unparked", samples, gapNanos, waker, ran, () -> {
                long t0 = System.nanoTime();
                round.incrementAndGet();
                LockSupport.unpark(sleeper);
                return t0;
            });
        } finally {
            round.set(-1);
            LockSupport.unpark(sleeper);
            sleeper.join();
        }
    }

    private static Row row(String what, Histogram h) {
        return new Row(what, h.getTotalCount(), h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(90) / 1e3,
                h.getValueAtPercentile(99) / 1e3, h.getMaxValue() / 1e3);
    }
}
