package io.benchsuite.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.json.SectionCatalog;
import io.benchsuite.core.report.json.SectionType;
import io.benchsuite.core.report.json.SectionTypes;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.report.model.UnknownSection;
import io.benchsuite.core.run.ReportSection;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A section added by test code alone ({@link QueueDepthSection}, {@link QueueDepthView}, one line in
 * {@link TestSections} and the test resources' service file) is read back from {@code report.json} as
 * its record and drawn in {@code report.html}: a new section edits no main class.
 */
class SectionViewRegistryTest {

    private static Report with(Map<String, ReportSection> sections) {
        return new Report(1, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                sections, null);
    }

    @Test
    void aSectionRegisteredOnlyByTestCodeRoundTripsThroughReportJsonAndIsDrawnOnThePage() {
        QueueDepthSection q = new QueueDepthSection(42, "peaked <at> warm-up");
        String json = ReportJson.toJson(with(Map.of(QueueDepthSection.KEY, q)));
        assertThat(json).contains("\"queueDepth\" : {").contains("\"peak\" : 42");

        Report back = ReportJson.parse(json, Path.of("report.json"));
        assertThat(back.section(QueueDepthSection.KEY)).contains(q);

        String page = HtmlReport.page(back);
        assertThat(page).contains("<section id=\"queue-depth\"><h2>Queue depth</h2><div class=\"honesty\">"
                + "<div><b>Peak</b><span>42 requests</span></div>"
                + "<div><b>Note</b><span>peaked &lt;at&gt; warm-up</span></div></div></section>");
        // the default place: after the server, host and GPU tables, before the errors
        assertThat(page.indexOf("id=\"queue-depth\"")).isGreaterThan(page.indexOf("<section id=\"telemetry\""))
                .isLessThan(page.indexOf("<section id=\"errors\""));
    }

    @Test
    void aPageWithoutTheSectionHasNoTraceOfItsView() {
        assertThat(HtmlReport.page(with(Map.of()))).doesNotContain("queue-depth");
    }

    @Test
    void theRegistryHoldsBenchsuitesSectionsAndTheTestOnesWithTheirTypes() {
        Map<String, Class<? extends ReportSection>> byKey = SectionTypes.loaded().byKey();
        assertThat(byKey).containsEntry(ClientSection.KEY, ClientSection.class)
                .containsEntry(ServerSection.KEY, ServerSection.class)
                .containsEntry(QueueDepthSection.KEY, QueueDepthSection.class);
    }

    @Test
    void withoutItsCatalogTheSectionIsReadBackAsAPlainMap() {
        SectionTypes builtInOnly = SectionTypes.of(List.of(new BuiltInSections()));
        assertThat(builtInOnly.byKey()).doesNotContainKey(QueueDepthSection.KEY).containsKey(ClientSection.KEY);
        Report back = ReportJson.parse("{\"schemaVersion\":1,\"someoneElses\":{\"peak\":3}}", Path.of("report.json"));
        assertThat(back.section("someoneElses")).containsInstanceOf(UnknownSection.class);
    }

    @Test
    void twoCatalogsClaimingOneKeyOrAReportKeyAreRefusedNamingBoth() {
        SectionCatalog again = () -> List.of(SectionType.of(ClientSection.KEY, ClientSection.class));
        assertThatThrownBy(() -> SectionTypes.of(List.of(new BuiltInSections(), again)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("report section 'client' is registered twice: by ")
                .hasMessageContaining(BuiltInSections.class.getName());
        SectionCatalog reserved = () -> List.of(SectionType.of("rate", ClientSection.class));
        assertThatThrownBy(() -> SectionTypes.of(List.of(reserved)))
                .hasMessageStartingWith("report section 'rate' of ")
                .hasMessageContaining("takes one of the report's own keys");
    }
}
