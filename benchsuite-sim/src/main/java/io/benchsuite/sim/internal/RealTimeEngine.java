package io.benchsuite.sim.internal;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.sim.SimEngineState;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives an {@link EngineCore} in real time on one daemon thread: each step ends at an absolute
 * deadline, the previous deadline plus the step's duration, so rounding and wake-up latency never
 * accumulate into drift. The thread parks until the deadline; when idle it parks until a request
 * arrives. Other threads talk to it only through a command queue, so every listener call of a
 * request comes from this one thread, in order.
 */
public final class RealTimeEngine implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RealTimeEngine.class);
    private static final LongSupplier CLOCK = System::nanoTime;
    /** Behind schedule by more than this (machine suspended, long GC), the engine re-anchors instead of bursting to catch up. */
    private static final long MAX_LAG_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long CLOSE_WAIT_MILLIS = 10_000;

    private final EngineCore core;
    private final double timeScale;
    private final Queue<Runnable> commands = new ConcurrentLinkedQueue<>();
    private final Object lock = new Object();
    private final Thread thread;
    private boolean closed; // guarded by lock
    private volatile boolean stopping;

    /** Starts the engine thread. */
    public RealTimeEngine(EngineCore core, double timeScale) {
        this.core = core;
        this.timeScale = timeScale;
        this.thread = new Thread(this::run, "benchsuite-sim-engine-" + Integer.toHexString(System.identityHashCode(this)));
        thread.setDaemon(true);
        thread.start();
    }

    /** The core's latest state. */
    public SimEngineState state() {
        return core.state();
    }

    /**
     * Hands a sequence to the engine thread.
     *
     * @return false when the engine is closed (the sequence was not taken)
     */
    public boolean submit(Sequence s) {
        synchronized (lock) {
            if (closed) return false;
            commands.add(() -> core.submit(s));
        }
        LockSupport.unpark(thread);
        return true;
    }

    /** Asks the engine thread to cancel a sequence; idempotent, never blocks. */
    public void cancel(Sequence s) {
        commands.add(() -> core.cancel(s, CLOCK, "request cancelled"));
        LockSupport.unpark(thread);
    }

    /** Whether the engine thread is still alive (false after {@link #close()} returns). */
    public boolean threadAlive() {
        return thread.isAlive();
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
            core.failAll(ErrorKind.BACKEND_EXCEPTION, "simulated engine failed: " + e, CLOCK);
            return;
        }
        // closed is set (stopping implies it), so no submission can slip in after this drain.
        drainCommands();
        core.failAll(ErrorKind.CANCELLED, "backend closed", CLOCK);
    }

    private void loop() {
        long lastDeadline = 0;
        boolean chained = false; // true while steps run back to back
        while (true) {
            drainCommands();
            if (stopping) return;
            StepPlan plan = core.planStep();
            if (plan == null) {
                chained = false;
                LockSupport.park(this); // a submit unparks; a permit given before this call is not lost
                continue;
            }
            long now = System.nanoTime();
            long start = chained && now - lastDeadline <= MAX_LAG_NANOS ? lastDeadline : now;
            long deadline = start + Math.round(plan.seconds() * timeScale * 1e9);
            long remaining;
            while ((remaining = deadline - System.nanoTime()) > 0) {
                LockSupport.parkNanos(this, remaining);
                drainCommands(); // cancellations take effect mid-step
                if (stopping) return;
            }
            core.completeStep(plan, CLOCK);
            lastDeadline = deadline;
            chained = true;
        }
    }

    private void drainCommands() {
        Runnable c;
        while ((c = commands.poll()) != null) c.run();
    }

    /**
     * Stops the engine thread, failing in-flight requests with {@link ErrorKind#CANCELLED}, and waits
     * for the thread to end. Idempotent.
     */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
        }
        stopping = true;
        LockSupport.unpark(thread);
        if (Thread.currentThread() == thread) return; // called from a listener: the loop ends when it returns
        try {
            thread.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) LOG.warn("simulated engine thread {} did not stop within {} ms", thread.getName(), CLOSE_WAIT_MILLIS);
    }
}
