package io.benchsuite.core;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.run.LiveStats;
import io.benchsuite.core.internal.engine.RunEngine;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.ReportsNotWrittenException;
import io.benchsuite.core.run.RunResult;
import java.time.Duration;

/** A run in progress: watch it, stop it, wait for its result. */
public final class RunningBenchmark {
    private final RunEngine engine;
    private final Backend ownedBackend;
    private final ReportWriters writers;
    private RunResult result;

    RunningBenchmark(RunEngine engine, Backend ownedBackend, ReportWriters writers) {
        this.engine = engine;
        this.ownedBackend = ownedBackend;
        this.writers = writers;
    }

    /** Live counters and rates. */
    public LiveStats live() {
        return engine.live();
    }

    /** Stops sending, cancels in-flight requests; {@link #await()} then returns what was measured. Idempotent. */
    public void stop() {
        engine.stop();
    }

    /**
     * Waits for the run to end, writes the reports (if an output directory was given) and closes a
     * backend the run created.
     *
     * @throws ReportsNotWrittenException when some files could not be written; it carries the whole
     *     result ({@link ReportsNotWrittenException#result()}), which later calls return
     */
    public synchronized RunResult await() throws InterruptedException {
        if (result != null) return result;
        return finish(engine.await());
    }

    /** Like {@link #await()} but gives up after {@code timeout}, returning null while the run goes on. */
    public synchronized RunResult await(Duration timeout) throws InterruptedException {
        if (result != null) return result;
        RunResult r = engine.await(timeout);
        return r == null ? null : finish(r);
    }

    private RunResult finish(RunResult r) {
        // the result is kept before anything is written: a failing disk must not lose what was measured
        result = writers == null ? r : r.withReportDir(writers.directory());
        try {
            if (writers != null) writers.writeFinal(result);
        } finally {
            if (ownedBackend != null) ownedBackend.close();
        }
        return result;
    }
}
