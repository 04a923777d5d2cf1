package io.benchsuite.core;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.run.RunInfo;
import io.benchsuite.core.report.model.DeviceSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the backend's own device figures ({@link Backend#deviceUsage()}: the simulator has them) into
 * the report's {@code device} section when the run ends. A listener of the facade's, so the engine
 * stays ignorant of the report; it reads the backend once, after the last request.
 */
final class BackendDevices implements RunListener {
    private static final Logger log = LoggerFactory.getLogger(BackendDevices.class);

    private final Backend backend;
    private RunInfo info;
    private long startNanos;

    BackendDevices(Backend backend) {
        this.backend = backend;
    }

    @Override
    public void onRunStarted(RunInfo info) {
        this.info = info;
        this.startNanos = info.clock().nanoTime();
    }

    @Override
    public List<ReportSection> reportSections() {
        if (info == null) return List.of();
        try {
            double runSeconds = (info.clock().nanoTime() - startNanos) / 1e9;
            return backend.deviceUsage().<List<ReportSection>>map(u -> List.of(DeviceSection.of(info.backend().name(), u, runSeconds)))
                    .orElse(List.of());
        } catch (RuntimeException e) {
            log.warn("the backend failed to give its device figures: {}", e.toString(), e);
            return List.of();
        }
    }
}
