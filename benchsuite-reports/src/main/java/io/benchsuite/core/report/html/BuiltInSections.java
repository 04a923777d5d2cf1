package io.benchsuite.core.report.html;

import io.benchsuite.core.report.json.SectionCatalog;
import io.benchsuite.core.report.json.SectionType;
import io.benchsuite.core.report.model.AccuracySection;
import io.benchsuite.core.report.model.BatchSection;
import io.benchsuite.core.report.model.ColdStartSection;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.FigureSourcesSection;
import io.benchsuite.core.report.model.GpuSection;
import io.benchsuite.core.report.model.HostSection;
import io.benchsuite.core.report.model.ScenarioSection;
import io.benchsuite.core.report.model.ServerSection;
import java.util.List;

/**
 * The sections benchsuite itself writes, one line each: a view where {@code report.html} draws the
 * section in a box of its own (in page order within each {@link SectionView.Place}), the bare key and
 * record otherwise (the server, host, GPU and engine sections are drawn as tables of their leaves by
 * the page frame). Registered in {@code META-INF/services/io.benchsuite.core.report.json.SectionCatalog}.
 */
public final class BuiltInSections implements SectionCatalog {
    /** For {@link java.util.ServiceLoader}. */
    public BuiltInSections() {}

    @Override
    public List<SectionType<?>> sections() {
        return List.of(
                new ClientView(),
                new ShardView(),
                new MergedShardsView(),
                new WorkloadView(),
                new ModelsTable(),
                new ToolsParagraph(),
                new DecompositionView(),
                SectionType.of(ServerSection.KEY, ServerSection.class),
                SectionType.of(HostSection.KEY, HostSection.class),
                SectionType.of(GpuSection.KEY, GpuSection.class),
                SectionType.of(EngineSnapshotSection.KEY, EngineSnapshotSection.class),
                SectionType.of(FigureSourcesSection.KEY, FigureSourcesSection.class),
                SectionType.renamed(ColdStartSection.KEY, ColdStartSection.class, ColdStartSection.OLD_KEYS),
                SectionType.of(ScenarioSection.KEY, ScenarioSection.class),
                SectionType.of(AccuracySection.KEY, AccuracySection.class),
                SectionType.of(BatchSection.KEY, BatchSection.class));
    }
}
