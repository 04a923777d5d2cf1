package io.benchsuite.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.json.SectionCatalog;
import io.benchsuite.core.report.json.SectionType;
import io.benchsuite.core.report.json.SectionTypes;
import io.benchsuite.core.report.model.ClientSection;
import io.benchsuite.core.report.model.ColdStartSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.report.model.UnknownSection;
import io.benchsuite.core.run.ReportSection;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void theSectionsConsoleLineAndCsvRowsComeFromItsRegistrationToo(@TempDir Path dir) throws Exception {
        try (ScriptedBackend backend = new ScriptedBackend(Duration.ofMillis(1), Duration.ofMillis(1), index -> null, 1)) {
            RunResult run = Benchmark.named("queue-depth").backend(backend).seed(SeedChain.fromLong(5)).model("m")
                    .workload(Workload.closed(1).maxRequests(3).inputTokens(LengthDistribution.fixed(8))
                            .outputTokens(LengthDistribution.fixed(2)).build())
                    .outputDir(dir).listener(new RunListener() {
                        @Override
                        public List<ReportSection> reportSections() {
                            return List.of(new QueueDepthSection(7, "test"));
                        }
                    }).run();
            assertThat(run.summary().counts().succeeded()).isEqualTo(3);
        }
        // summary.csv as the run wrote it: the registered section's row after the built-in ones
        List<String> csv = Files.readAllLines(dir.resolve("summary.csv"));
        assertThat(csv).contains("queue_depth,peak,7,count");
        assertThat(csv.indexOf("queue_depth,peak,7,count")).isGreaterThan(csv.indexOf("requests,measured,3,count"));
        Report back = ReportJson.read(dir.resolve("report.json"));
        assertThat(SectionTypes.loaded().consoleText(back)).isEqualTo("queue depth          peak 7 requests\n");
        assertThat(SectionTypes.loaded().consoleText(with(Map.of()))).isEmpty();
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

    @Test
    void anOldKeyReadsAsTheSectionsKeyNowAndNoOtherSectionMayTakeIt() {
        SectionTypes loaded = SectionTypes.loaded();
        assertThat(loaded.keyNow("phases")).isEqualTo(ColdStartSection.KEY).isEqualTo("coldStart");
        assertThat(loaded.keyNow(ColdStartSection.KEY)).isEqualTo("coldStart");
        assertThat(loaded.keyNow(ClientSection.KEY)).isEqualTo("client");
        assertThat(loaded.keyNow("someoneElses")).isEqualTo("someoneElses");
        assertThat(loaded.byKey()).containsEntry("coldStart", ColdStartSection.class).doesNotContainKey("phases");

        SectionCatalog takesTheOldKey = () -> List.of(SectionType.of("phases", QueueDepthSection.class));
        assertThatThrownBy(() -> SectionTypes.of(List.of(new BuiltInSections(), takesTheOldKey)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("report section 'phases' is registered twice: by ");
        SectionCatalog oldKeyReserved = () -> List.of(SectionType.renamed("queueDepth", QueueDepthSection.class, List.of("rate")));
        assertThatThrownBy(() -> SectionTypes.of(List.of(oldKeyReserved)))
                .hasMessageStartingWith("report section 'rate' of ")
                .hasMessageContaining("takes one of the report's own keys");
    }
}
