package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.RunningBenchmark;
import io.benchsuite.core.report.OutputDirectoryNotEmptyException;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.ReportsNotWrittenException;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.core.spec.RunSpec;
import io.benchsuite.core.workload.BatchedSource;
import io.benchsuite.core.workload.SyntheticSource;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;

/**
 * Runs one {@link RunPlan} for the command line: the library run with its reports, the live metrics and
 * exports, the summary on stdout, Ctrl-C handling, and what the outcome means as an exit status.
 * {@code run}, each phase of {@code run -f} and each point of {@code sweep} go through here.
 */
final class RunExecution {
    private final CliContext ctx;
    private final ShardOptions sharding;
    private final Function<RunPlan, Observability.Settings> observability;
    private SecretMask secrets = SecretMask.none();

    /**
     * @param ctx the process's streams and environment
     * @param sharding the shard flags (a whole run when none is given)
     * @param observability the live-metrics and export settings of a plan
     */
    RunExecution(CliContext ctx, ShardOptions sharding, Function<RunPlan, Observability.Settings> observability) {
        this.ctx = ctx;
        this.sharding = sharding;
        this.observability = observability;
    }

    /**
     * The end of a run.
     *
     * @param result what was measured; null when Ctrl-C came while the backend was starting (nothing was measured)
     * @param failure why the run counts as failed (thrown by {@link #exitCode()}), or null
     */
    record Finished(RunResult result, CliException failure) {
        /** The exit status: 130 for a run stopped by Ctrl-C, else 0; a failure is thrown. */
        int exitCode() {
            if (failure != null) throw failure;
            return result == null || result.status() == RunResult.Status.STOPPED ? ExitCodes.INTERRUPTED : ExitCodes.OK;
        }
    }

    /** Runs the plan and returns the exit status; a failure is thrown as a {@link CliException}. */
    int execute(RunPlan plan) {
        return run(plan).exitCode();
    }

    /**
     * Runs the plan: the reports in its output directory, the summary on stdout.
     *
     * @throws CliException when the run could not start (a bad setting, an unusable backend or directory)
     */
    Finished run(RunPlan plan) {
        RunSpec spec = plan.spec();
        OutputDirPolicy.check(ctx, plan.outputDir(), spec.output().overwrite(), this::safe);
        secrets = secretsOf(plan.backendConfig());
        Benchmark.Builder b = Benchmark.of(withDefaultSlo(spec)).registry(BackendRegistry.load());
        if (plan.scenario() != null) b.listener(plan.scenario());
        String shardLine = sharding.apply(b, plan.workload(), ctx.env());
        Observability.Settings obsSettings = observability.apply(plan);

        ctx.out().println(Summary.banner(plan));
        if (shardLine != null) ctx.out().println(shardLine);
        try (RunInterrupt interrupt = RunInterrupt.install(ctx, plan.drainTimeout());
             Observability obs = Observability.start(obsSettings)) {
            obs.install(b);
            if (obs.prometheusUrl() != null) ctx.err().println("benchsuite: live metrics at " + obs.prometheusUrl());
            return runAndReport(b, plan, interrupt, obs);
        }
    }

    /** Without objectives of its own a run is judged against a published default for its model, which the report names. */
    private static RunSpec withDefaultSlo(RunSpec spec) {
        if (!spec.objectives().slo().isEmpty()) return spec;
        // a request that generates nothing has no first token to judge: embeddings, rerank, score get no default
        if (spec.workload().source().map(BatchedSource.class::isInstance).orElse(false)) return spec;
        DefaultSlo d = DefaultSlo.forModel(spec.backendConfig().string(BackendConfig.MODEL, ""));
        return spec.toBuilder().objectives(spec.objectives().withSlo(d.slo(), d.basis())).build();
    }

    /** The configuration's secrets and the API key it names, for masking every message. */
    private SecretMask secretsOf(BackendConfig config) {
        SecretMask mask = SecretSlots.mask(config, ctx.env());
        String keyVar = config.string(BackendConfig.API_KEY_ENV).orElse(null);
        String key = keyVar == null ? null : ctx.env().apply(keyVar);
        return key == null ? mask : mask.and(SecretMask.of(List.of(key)));
    }

    private Finished runAndReport(Benchmark.Builder b, RunPlan plan, RunInterrupt interrupt, Observability obs) {
        RunningBenchmark running;
        try {
            running = b.start();
        } catch (RuntimeException e) {
            if (RunInterrupt.bySignal() || Thread.currentThread().isInterrupted()) {
                // Printed here, not by the exception handler: once call() returns, the shutdown hook
                // is released and the JVM may exit before a handler prints anything.
                ctx.err().println("benchsuite run: interrupted while the backend was starting (pre-flight check); "
                        + "nothing was measured and no report was written");
                ctx.err().flush();
                return new Finished(null, null);
            }
            throw startFailure(e, plan);
        }
        interrupt.running(running);
        obs.bind(running);
        Progress progress = plan.progress() ? Progress.start(ctx, running, plan) : null;
        RunResult result;
        ReportsNotWrittenException notWritten = null;
        try {
            result = running.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running.stop();
            throw CliException.failure("interrupted while waiting for the run");
        } catch (ReportsNotWrittenException e) {
            // the disk failed, not the run: the summary is still printed from the result in memory
            result = e.result();
            notWritten = e;
        } catch (UncheckedIOException | IllegalStateException e) {
            throw CliException.failure(safe(e.getMessage()));
        } finally {
            if (progress != null) progress.close();
        }
        boolean bySignal = RunInterrupt.bySignal();
        ctx.out().print(Summary.render(result, plan.outputDir(), bySignal));
        ctx.out().flush();
        return new Finished(result, verdict(result, plan, notWritten, bySignal));
    }

    /** Why a run that produced a result counts as failed, or null when it does not. */
    private CliException verdict(RunResult result, RunPlan plan, ReportsNotWrittenException notWritten, boolean bySignal) {
        if (notWritten != null) {
            String message = notWrittenMessage(notWritten);
            if (!bySignal) return CliException.failure(message);
            ctx.err().println("benchsuite run: " + message);
            ctx.err().flush();
        }
        if (result.status() == RunResult.Status.STOPPED && result.stopReason() != null && !bySignal) {
            return CliException.failure("stopped early: " + result.stopReason() + " (--max-error-rate); the reports of "
                    + "what was measured are in " + plan.outputDir());
        }
        if (result.status() == RunResult.Status.STOPPED) return null;
        if (result.status() == RunResult.Status.FAILED) {
            // the input failed: a bad record is the user's file, not a run that went wrong (the report says FAILED)
            return CliException.badInput("--dataset: " + safe(result.stopReason()) + "; the run stopped there (the reports in "
                    + plan.outputDir() + " hold what was sent before, with status failed)");
        }
        var counts = result.summary().counts();
        if (counts.measured() > 0 && counts.succeeded() == 0) {
            return CliException.failure("no measured request succeeded (" + counts.failed() + " failed, " + counts.cancelled()
                    + " cancelled); see the errors above and " + plan.outputDir().resolve("report.json"));
        }
        return null;
    }

    /** What could not be written, why, and where the figures are instead. */
    private String notWrittenMessage(ReportsNotWrittenException e) {
        StringBuilder m = new StringBuilder("cannot write every report into " + e.directory() + ": "
                + String.join("; ", e.failures()) + ".");
        e.savedTo().ifPresent(d -> m.append(" The report was saved to ").append(d)
                .append(" instead (render it again with: benchsuite report ").append(d).append(").")
                .append(e.failures().stream().anyMatch(f -> f.startsWith(ReportWriters.REQUESTS_JSONL)) ? ""
                        : " " + e.directory().resolve(ReportWriters.REQUESTS_JSONL) + " holds every request."));
        if (e.savedTo().isEmpty() && e.failures().stream().allMatch(f -> f.startsWith(ReportWriters.REQUESTS_JSONL))) {
            m.append(" The report files were written; only the request log is incomplete.");
        }
        return safe(m.toString());
    }

    /** The CLI error for a backend that could not start. */
    private CliException startFailure(RuntimeException e, RunPlan plan) {
        if (e instanceof BackendException) {
            return CliException.failure("backend '" + plan.backend() + "' is not usable: " + safe(e.getMessage()));
        }
        if (e instanceof OutputDirectoryNotEmptyException) return CliException.usage("--output-dir: " + safe(e.getMessage()));
        if (e instanceof UncheckedIOException) return CliException.failure(safe(e.getMessage()));
        if (e instanceof StartGate.StartFailedException) return CliException.failure(safe(e.getMessage()));
        if (e instanceof ConfigurationException) {
            // a value the declarations cannot judge, e.g. a model the simulator does not know
            return CliException.usage("backend '" + plan.backend() + "': " + safe(e.getMessage()));
        }
        if (e instanceof WorkloadDataException) {
            // the dataset cannot be read from its first record on: the message names the file, the line and the key
            // (synthetic prompts that can never fit name themselves: no --dataset was given)
            boolean synthetic = plan.workload().source().map(SyntheticSource.class::isInstance).orElse(true);
            return CliException.badInput((synthetic ? "" : "--dataset: ") + safe(e.getMessage())
                    + "; nothing was sent and no report was written");
        }
        throw e;
    }

    /** A message on one line with every secret of the run masked (servers echo credentials into errors). */
    private String safe(String s) {
        return s == null ? "(no message)" : secrets.mask(s.replaceAll("\\s*\\R\\s*", " ").trim());
    }
}
