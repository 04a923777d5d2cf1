package io.benchsuite.metrics.gpu;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.report.model.GpuSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.metrics.internal.MeanAndPeak;
import io.benchsuite.metrics.internal.PeriodicSampler;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the GPUs during a run on one daemon thread ({@code benchsuite-gpu-telemetry}) and
 * contributes the report's {@code gpu} section: utilisation, memory, power and energy (power
 * integrated over time). Without a source (no {@code nvidia-smi}, no DCGM exporter) the section
 * says {@code available: false} with the reason and every figure is null.
 */
public final class GpuTelemetry extends PeriodicSampler {
    private static final Logger log = LoggerFactory.getLogger(GpuTelemetry.class);

    private final GpuSource source;
    private final String absentReason;
    private final LongSupplier clock;
    private final MeanAndPeak util = new MeanAndPeak();
    private final MeanAndPeak memory = new MeanAndPeak();
    private final MeanAndPeak power = new MeanAndPeak();
    private double energyJoules;
    private long lastPowerAt = -1;
    private double lastPower = Double.NaN;
    private long errors;
    private String lastError;
    private volatile GpuReading latest;

    private GpuTelemetry(GpuSource source, String absentReason, Duration interval, LongSupplier clock) {
        super("benchsuite-gpu-telemetry", positive(interval, "interval"));
        this.source = source;
        this.absentReason = absentReason;
        this.clock = notNull(clock, "clock");
    }

    /** Samples {@code source} every {@code interval}. */
    public static GpuTelemetry of(GpuSource source, Duration interval) {
        return new GpuTelemetry(notNull(source, "source"), null, interval, System::nanoTime);
    }

    /** Samples {@code source} every {@code interval}, timed by {@code nanoClock} (tests). */
    public static GpuTelemetry of(GpuSource source, Duration interval, LongSupplier nanoClock) {
        return new GpuTelemetry(notNull(source, "source"), null, interval, nanoClock);
    }

    /** {@code nvidia-smi} when it is on {@code PATH}; otherwise a telemetry that reports the GPU as unavailable. */
    public static GpuTelemetry nvidiaSmiIfPresent(Duration interval) {
        return NvidiaSmi.onPath().map(s -> of(s, interval))
                .orElseGet(() -> unavailable("nvidia-smi not found on PATH and no DCGM exporter URL given"));
    }

    /** A DCGM exporter at {@code url}. */
    public static GpuTelemetry dcgm(URI url, Duration interval) {
        long ms = Math.max(1000, Math.min(10_000, interval.toMillis()));
        return of(new DcgmExporter(url, Duration.ofMillis(ms)), interval);
    }

    /** No GPU source: the report's {@code gpu} section is unavailable with this reason. */
    public static GpuTelemetry unavailable(String reason) {
        return new GpuTelemetry(null, notNull(reason, "reason"), Duration.ofSeconds(1), System::nanoTime);
    }

    @Override
    public void onRunStarted(RunInfo info) {
        if (source == null) return;
        startSampling(this::sample);
    }

    /** Takes one sample now (the thread calls this every interval; tests call it directly). */
    public void sample() {
        long at = clock.getAsLong();
        GpuReading r;
        try {
            r = source.read();
        } catch (IOException e) {
            synchronized (this) {
                errors++;
                if (errors == 1) log.warn("GPU sampling with {} failed (GPU figures may be null): {}", source.name(), e.getMessage());
                lastError = e.getMessage();
            }
            return;
        }
        synchronized (this) {
            util.add(r.utilPct());
            memory.add(r.memoryUsedBytes());
            power.add(r.powerW());
            if (!Double.isNaN(r.powerW())) {
                if (lastPowerAt >= 0) energyJoules += (lastPower + r.powerW()) / 2 * ((at - lastPowerAt) / 1e9);
                lastPowerAt = at;
                lastPower = r.powerW();
            }
            latest = r;
        }
    }

    /** Mean GPU utilisation at the latest sample, %; NaN when unknown. */
    public double utilPct() {
        GpuReading r = latest;
        return r == null ? Double.NaN : r.utilPct();
    }

    /** GPU memory used at the latest sample, bytes; NaN when unknown. */
    public double memoryUsedBytes() {
        GpuReading r = latest;
        return r == null ? Double.NaN : r.memoryUsedBytes();
    }

    /** GPU power draw at the latest sample, watts; NaN when unknown. */
    public double powerW() {
        GpuReading r = latest;
        return r == null ? Double.NaN : r.powerW();
    }

    @Override
    public List<ReportSection> reportSections() {
        if (stopSampling()) sample(); // a last sample so the window's end is covered
        synchronized (this) {
            return List.of(section());
        }
    }

    private GpuSection section() {
        boolean available = source != null && (util.count() + memory.count() + power.count()) > 0;
        String reason = available ? null
                : source == null ? absentReason
                : lastError != null ? source.name() + " failed: " + lastError : "no sample was taken";
        return new GpuSection(source == null ? null : source.name(), available, reason,
                new GpuSection.MeanPeak(util.mean(), util.max()),
                new GpuSection.MemoryPeak(memory.count() > 0 ? (long) memory.max() : null),
                new GpuSection.MeanPeak(power.mean(), power.max()), power.count() >= 2 ? energyJoules : Double.NaN);
    }
}
