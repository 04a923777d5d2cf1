package io.benchsuite.cli;

import io.benchsuite.core.RunningBenchmark;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ctrl-C during a run: a JVM shutdown hook that stops the run (or interrupts a slow start) and holds the JVM
 * until the reports of what was measured are written and the summary printed. Installed before the backend
 * starts, so Ctrl-C during pre-flight also ends cleanly; removed when the run is done.
 */
final class RunInterrupt implements AutoCloseable {
    private static volatile boolean bySignal;

    private final AtomicReference<RunningBenchmark> current = new AtomicReference<>();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;

    private RunInterrupt(CliContext ctx, Duration drainTimeout) {
        Thread main = Thread.currentThread();
        this.hook = new Thread(() -> {
            bySignal = true;
            ctx.err().println();
            ctx.err().println("benchsuite: interrupted; stopping and writing the reports of what was measured ...");
            RunningBenchmark r = current.get();
            if (r != null) {
                r.stop();
            } else {
                main.interrupt(); // still starting (a slow pre-flight check): don't wait out its timeout
            }
            try {
                // the main thread writes the reports and prints the summary; the JVM exits (130) when this returns
                finished.await(drainTimeout.toSeconds() + 60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "benchsuite-shutdown");
    }

    /** Installs the hook for a run that may take {@code drainTimeout} to drain. */
    static RunInterrupt install(CliContext ctx, Duration drainTimeout) {
        RunInterrupt i = new RunInterrupt(ctx, drainTimeout);
        Runtime.getRuntime().addShutdownHook(i.hook);
        return i;
    }

    /** Whether this JVM is shutting down because of Ctrl-C / SIGINT during a run. */
    static boolean bySignal() {
        return bySignal;
    }

    /** The run has started: Ctrl-C stops it from now on (at once, when Ctrl-C came while it was starting). */
    void running(RunningBenchmark run) {
        current.set(run);
        if (bySignal) run.stop();
    }

    @Override
    public void close() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is running and waits for the latch counted down above
        }
    }
}
