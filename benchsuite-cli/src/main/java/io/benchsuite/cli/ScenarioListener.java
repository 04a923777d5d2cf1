package io.benchsuite.cli;

import io.benchsuite.core.report.model.ScenarioSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import java.util.List;

/** Puts the resolved scenario, and the phase a run is, into its report.json. */
final class ScenarioListener implements RunListener {
    private final ScenarioSection section;

    ScenarioListener(ScenarioSection section) {
        this.section = section;
    }

    ScenarioSection section() {
        return section;
    }

    @Override
    public List<ReportSection> reportSections() {
        return List.of(section);
    }
}
