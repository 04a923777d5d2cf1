package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.sim.SimEngineState;
import io.benchsuite.sim.SimSettings;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives an {@link EngineCore} in real time on one daemon thread ({@code benchsuite-sim-engine-...}),
 * with request listeners called from a second one ({@link ListenerDelivery}), so that listener work
 * never delays a step.
 *
 * <p>Timing rule: a step starts when it is planned and ends no earlier than its start plus its
 * simulated duration (times the time scale); its tokens carry the time it really ended. A step that
 * ends late (the thread was descheduled, a GC paused it) stays late: the next step starts when the
 * late one ended, so no step is ever shorter than the physics says and no request gets a token
 * before the physics allows. The time lost to lateness shows in {@link SimEngineState#lateSteps()}
 * and {@link SimEngineState#lateSeconds()}. Steps do not catch up on a schedule.
 *
 * <p>Other threads talk to the engine thread only through a command queue.
 */
public final class RealTimeEngine implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RealTimeEngine.class);
    private static final long CLOSE_WAIT_MILLIS = 10_000;
    /**
     * The last stretch of a step is spun rather than parked: a parked thread wakes 50-100 µs late
     * (the kernel's timer slack), which would otherwise add to every step. Only steps of at least
     * {@link #SPIN_MIN_STEP_NANOS} spin, so spinning costs at most 2% of a core.
     */
    private static final long SPIN_NANOS = 60_000;
    private static final long SPIN_MIN_STEP_NANOS = 3_000_000;
    /** A step that ends more than this after its deadline counts as late. */
    static final long LATE_NANOS = 1_000_000;

    /** Time source and sleep of the engine thread; tests substitute one that stalls on purpose. */
    interface Timer {
        Timer SYSTEM = new Timer() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void parkNanos(Object blocker, long nanos) {
                LockSupport.parkNanos(blocker, nanos);
            }
        };

        long nanoTime();

        void parkNanos(Object blocker, long nanos);
    }

    private final EngineCore core;
    private final ListenerDelivery delivery;
    private final double timeScale;
    private final Timer timer;
    private final Queue<Runnable> commands = new ConcurrentLinkedQueue<>();
    private final Object lock = new Object();
    private final Thread thread;
    private boolean closed; // guarded by lock
    private volatile boolean stopping;

    /** Starts the engine and delivery threads for these settings. */
    public RealTimeEngine(SimSettings settings) {
        this(settings, Timer.SYSTEM);
    }

    RealTimeEngine(SimSettings settings, Timer timer) {
        String id = Integer.toHexString(System.identityHashCode(this));
        this.delivery = new ListenerDelivery(id);
        try {
            this.core = new EngineCore(settings, delivery, timer.nanoTime(), settings.timeScale());
        } catch (RuntimeException e) {
            delivery.close();
            throw e;
        }
        this.timeScale = settings.timeScale();
        this.timer = timer;
        this.thread = new Thread(this::run, "benchsuite-sim-engine-" + id);
        thread.setDaemon(true);
        thread.start();
    }

    /** The engine core (its thread-safe parts: physics, admission checks, state). */
    public EngineCore core() {
        return core;
    }

    /** The core's latest state. */
    public SimEngineState state() {
        return core.state();
    }

    /** What the engine did since its start, now (stage sums on the wall clock). */
    public EngineSnapshot engineSnapshot() {
        return core.engineSnapshot(timer.nanoTime());
    }

    /**
     * Hands a sequence to the engine thread.
     *
     * @return false when the engine is closed (the sequence was not taken)
     */
    public boolean submit(Sequence s) {
        synchronized (lock) {
            if (closed) return false;
            commands.add(() -> core.submit(s, timer.nanoTime()));
        }
        LockSupport.unpark(thread);
        return true;
    }

    /** Asks the engine thread to cancel a sequence; idempotent, never blocks. */
    public void cancel(Sequence s) {
        commands.add(() -> core.cancel(s, timer.nanoTime(), "request cancelled"));
        LockSupport.unpark(thread);
    }

    /** Whether the engine or the delivery thread is still alive (false after {@link #close()} returns). */
    public boolean threadAlive() {
        return thread.isAlive() || delivery.threadAlive();
    }

    private void run() {
        try {
            loop();
        } catch (RuntimeException | Error e) {
            LOG.error("simulated engine failed; failing its requests", e);
            synchronized (lock) {
                closed = true;
            }
            drainCommands();
            core.failAll(ErrorKind.BACKEND_EXCEPTION, "simulated engine failed: " + e, timer.nanoTime());
            return;
        }
        // closed is set (stopping implies it), so no submission can slip in after this drain.
        drainCommands();
        core.failAll(ErrorKind.CANCELLED, "backend closed", timer.nanoTime());
    }

    private void loop() {
        while (true) {
            drainCommands();
            if (stopping) return;
            long start = timer.nanoTime();
            StepPlan plan = core.planStep(start);
            if (plan == null) {
                LockSupport.park(this); // a submit unparks; a permit given before this call is not lost
                continue;
            }
            // Rounded up: a step never ends before its simulated duration.
            long length = (long) Math.ceil(plan.seconds() * timeScale * 1e9);
            long deadline = start + length;
            long remaining;
            while ((remaining = deadline - timer.nanoTime()) > 0) {
                if (length >= SPIN_MIN_STEP_NANOS && remaining <= SPIN_NANOS) {
                    Thread.onSpinWait();
                    continue;
                }
                timer.parkNanos(this, length >= SPIN_MIN_STEP_NANOS ? remaining - SPIN_NANOS : remaining);
                drainCommands(); // cancellations take effect mid-step
                if (stopping) return;
            }
            long end = timer.nanoTime();
            core.completeStep(plan, end, end - deadline);
        }
    }

    private void drainCommands() {
        Runnable c;
        while ((c = commands.poll()) != null) c.run();
    }

    /**
     * Stops the engine thread, failing in-flight requests with {@link ErrorKind#CANCELLED}, waits
     * for it to end, then delivers the events still queued and ends the delivery thread. Idempotent.
     * Called from a listener, it returns without waiting for the delivery thread (that thread is the caller).
     */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
        }
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) LOG.warn("simulated engine thread {} did not stop within {} ms", thread.getName(), CLOSE_WAIT_MILLIS);
        delivery.close();
    }
}
