package io.benchsuite.metrics.internal;

import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import java.time.Duration;

/**
 * The lifecycle every sampler shares: one run, one daemon thread started when the run starts,
 * stopped (and joined) when the report sections are collected or the run finishes, whichever comes
 * first, so no sampling thread outlives a run.
 */
public abstract class PeriodicSampler implements RunListener, AutoCloseable {
    private final String threadName;
    private final Duration interval;
    private PeriodicTask task; // guarded by this

    /**
     * @param threadName name of the sampling thread (starts with {@code benchsuite-})
     * @param interval time between samples
     */
    protected PeriodicSampler(String threadName, Duration interval) {
        this.threadName = threadName;
        this.interval = interval;
    }

    /** Starts sampling with {@code sample}, its first sample at once on the sampling thread; one sampler serves one run. */
    protected final void startSampling(Runnable sample) {
        task(sample).start();
    }

    /**
     * Starts sampling with {@code sample}, its first sample (the baseline) on the calling thread, over when
     * this returns; the sampling thread takes the next one an interval later. One sampler serves one run.
     */
    protected final void startSamplingHere(Runnable sample) {
        task(sample).startHere();
    }

    private PeriodicTask task(Runnable sample) {
        synchronized (this) {
            if (task != null) throw new IllegalStateException("a " + getClass().getSimpleName() + " serves one run");
            task = new PeriodicTask(threadName, interval, sample);
            return task;
        }
    }

    /** Stops the sampling thread and waits for it (idempotent); false when sampling never started. */
    protected final boolean stopSampling() {
        PeriodicTask t;
        synchronized (this) {
            t = task;
        }
        if (t == null) return false;
        t.stop();
        return true;
    }

    @Override
    public void onRunFinished(RunResult result) {
        close();
    }

    /** Stops sampling (idempotent). */
    @Override
    public void close() {
        stopSampling();
    }
}
