package io.benchsuite.cli;

import io.benchsuite.api.run.LiveStats;
import io.benchsuite.api.util.Durations;
import io.benchsuite.core.RunningBenchmark;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Live progress on stderr: on a terminal one line redrawn with {@code \r} four times a second;
 * otherwise a plain log line every {@code --progress-interval}.
 */
final class Progress implements AutoCloseable {
    private static final long TERMINAL_PERIOD_MS = 250;

    private final CliContext ctx;
    private final RunningBenchmark running;
    private final String total;
    private final double totalSeconds;
    private final ScheduledExecutorService timer;
    private int lastWidth;

    private Progress(CliContext ctx, RunningBenchmark running, RunPlan plan) {
        this.ctx = ctx;
        this.running = running;
        Optional<Duration> length = plan.workload().length();
        this.total = length.map(Durations::format)
                .orElse(plan.workload().maxRequests() > 0 ? plan.workload().maxRequests() + " req" : "?");
        this.totalSeconds = length.map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "benchsuite-progress");
            t.setDaemon(true);
            return t;
        });
    }

    static Progress start(CliContext ctx, RunningBenchmark running, RunPlan plan) {
        Progress p = new Progress(ctx, running, plan);
        long period = ctx.terminal() ? TERMINAL_PERIOD_MS : Math.max(1, plan.progressInterval().toMillis());
        p.timer.scheduleAtFixedRate(p::tick, period, period, TimeUnit.MILLISECONDS);
        return p;
    }

    private synchronized void tick() {
        try {
            LiveStats s = running.live();
            if (ctx.terminal()) {
                String line = terminalLine(s, total) + (s.elapsedSeconds() > totalSeconds ? "  (draining)" : "");
                int pad = Math.max(0, lastWidth - line.length());
                ctx.err().print("\r" + line + " ".repeat(pad));
                ctx.err().flush();
                lastWidth = line.length();
            } else {
                ctx.err().println(logLine(s, total) + (s.elapsedSeconds() > totalSeconds ? " draining" : ""));
            }
        } catch (RuntimeException e) {
            // progress must never disturb the run
        }
    }

    // Cancelled requests are counted apart from failed ones, as in the summary; arrivals the client
    // could not send show as soon as there is one. The rates are named for what they are (requests
    // finished per second over the last 5 s): the summary's scheduled, achieved and throughput rates
    // cover other spans and differ from it for that reason.

    static String terminalLine(LiveStats s, String total) {
        return String.format(Locale.ROOT, "%6.1fs/%s  done %d  failed %d  cancelled %d  active %d%s%s  %.1f done/s  %.0f tok/s (last 5s)  p99 TTFT %s",
                s.elapsedSeconds(), total, s.completed(), s.failed(), s.cancelled(), s.active(),
                s.waitingForSlot() > 0 ? " (+" + s.waitingForSlot() + " waiting)" : "",
                s.notSent() > 0 ? "  NOT SENT " + s.notSent() : "",
                s.requestsPerSecond(), s.outputTokensPerSecond(), ms(s.ttftP99Millis()));
    }

    static String logLine(LiveStats s, String total) {
        return String.format(Locale.ROOT,
                "progress: elapsed=%.1fs/%s done=%d failed=%d cancelled=%d active=%d waiting=%d%s done_per_s_last_5s=%.2f tok_per_s_last_5s=%.1f ttft_p99=%s",
                s.elapsedSeconds(), total, s.completed(), s.failed(), s.cancelled(), s.active(), s.waitingForSlot(),
                s.notSent() > 0 ? " not_sent=" + s.notSent() : "",
                s.requestsPerSecond(), s.outputTokensPerSecond(), ms(s.ttftP99Millis()));
    }

    private static String ms(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1fms", v) : "-";
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            if (ctx.terminal() && lastWidth > 0) {
                ctx.err().println();
                ctx.err().flush();
            }
        }
    }
}
