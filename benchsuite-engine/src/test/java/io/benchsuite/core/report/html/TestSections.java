package io.benchsuite.core.report.html;

import io.benchsuite.core.report.json.SectionCatalog;
import io.benchsuite.core.report.json.SectionType;
import java.util.List;

/** The tests' own section catalog, registered in the test resources' {@code META-INF/services}. */
public final class TestSections implements SectionCatalog {
    @Override
    public List<SectionType<?>> sections() {
        return List.of(new QueueDepthView());
    }
}
