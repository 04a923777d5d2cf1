package io.benchsuite.core.report.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.core.report.model.ColdStartSection;
import io.benchsuite.core.report.model.DecompositionSection;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.core.testing.JsonTrees;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reports written before "phase" kept one meaning call the cold-start section {@code phases} and the request
 * stages of the {@code server} and {@code engineSnapshot} sections {@code phases} too. They read into today's
 * sections ({@code coldStart}, {@code stages}) and are written back under today's keys. The old report is the
 * test resource {@code sim-closed-loop-report.json} (its top-level {@code phases} block as written), with a
 * {@code server} and an {@code engineSnapshot} section given their old {@code phases} block.
 */
class OldStageAndColdStartKeysTest {
    private static final String OLD_REPORT = "/io/benchsuite/core/report/html/sim-closed-loop-report.json";
    private static final String SERVER_WITH_PHASES = "{\"source\":\"vllm\",\"url\":\"http://localhost:8000/metrics\",\"scrapes\":12,"
            + "\"scrapeErrors\":0,\"phases\":{\"requests\":40,\"queueMs\":12.5,\"prefillMs\":80.25,\"decodeMs\":900.0,"
            + "\"e2eMs\":1000.0,\"missing\":null}}";

    private static ObjectNode oldReportTree() throws Exception {
        try (InputStream in = OldStageAndColdStartKeysTest.class.getResourceAsStream(OLD_REPORT)) {
            return (ObjectNode) JsonTrees.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** The old report with an engineSnapshot and a server section as older builds wrote them: their stages under {@code phases}. */
    private static String withOldStageBlocks() throws Exception {
        // the engineSnapshot section as this build writes it (read from the old engine and device blocks), its block renamed back
        Report read = ReportJson.parse(oldReportTree().toString(), Path.of("report.json"));
        ObjectNode written = (ObjectNode) JsonTrees.parse(ReportJson.toJson(read));
        ObjectNode engine = (ObjectNode) written.get(EngineSnapshotSection.KEY);
        ObjectNode old = oldReportTree();
        old.remove("engine");
        old.remove("device");
        old.set(EngineSnapshotSection.KEY, renamed(engine, "stages", "phases"));
        old.set(ServerSection.KEY, JsonTrees.parse(SERVER_WITH_PHASES));
        return old.toString();
    }

    /** The object with one field renamed, in its place. */
    private static ObjectNode renamed(ObjectNode o, String from, String to) {
        ObjectNode out = o.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.set(e.getKey().equals(from) ? to : e.getKey(), e.getValue());
        }
        return out;
    }

    @Test
    void theOldPhasesSectionReadsAsColdStartAndIsWrittenBackSo() throws Exception {
        ObjectNode old = oldReportTree();
        assertThat(old.has("phases")).as("the resource is an old report").isTrue();
        assertThat(old.has(ColdStartSection.KEY)).isFalse();

        Report r = ReportJson.parse(old.toString(), Path.of("report.json"));
        assertThat(r.sections()).containsKey("coldStart").doesNotContainKey("phases");
        ColdStartSection c = r.section(ColdStartSection.class).orElseThrow();
        assertThat(c.coldStartRequests()).isEqualTo(10);
        assertThat(c.coldStart()).isEqualTo(new ColdStartSection.Group(10, 592.488539, 2187.786263));
        assertThat(c.steady()).isEqualTo(new ColdStartSection.Group(86, 168.553087, 1665.882357));
        assertThat(c.jitCompileMs()).isEqualTo(3785.0);
        assertThat(c.shares()).isEqualTo(new ColdStartSection.Shares(0.025126, 0.098527, 0.876347));

        JsonNode back = JsonTrees.parse(ReportJson.toJson(r));
        assertThat(back.has("phases")).isFalse();
        assertThat(back.at("/coldStart/jitCompileMs").asDouble()).isEqualTo(3785.0);
        assertThat(back.at("/coldStart/coldStart/requests").asLong()).isEqualTo(10);
        // the scenario section keeps its own phases (a scenario file's named phases): only the top-level key moved
        assertThat(back.at("/scenario/phases").isMissingNode()).isFalse();
    }

    @Test
    void theServerAndEngineSectionsOldPhasesBlocksReadAsStagesAndAreWrittenBackSo(@TempDir Path dir) throws Exception {
        String old = withOldStageBlocks();
        assertThat(JsonTrees.parse(old).at("/server/phases/queueMs").asDouble()).isEqualTo(12.5);
        assertThat(JsonTrees.parse(old).at("/engineSnapshot/stages").isMissingNode()).as("only the old key").isTrue();

        Report r = ReportJson.read(Files.writeString(dir.resolve("report.json"), old));
        ServerSection.Stages server = r.section(ServerSection.class).orElseThrow().stages();
        assertThat(server).isEqualTo(new ServerSection.Stages(40, 12.5, 80.25, 900.0, 1000.0, null));
        assertThat(server.known()).isTrue();
        EngineSnapshotSection.Stages engine = r.section(EngineSnapshotSection.class).orElseThrow().stages();
        assertThat(engine).isEqualTo(new EngineSnapshotSection.Stages(96, 19.39434, 147.792126, 1507.534318, 1674.720784));

        JsonNode back = JsonTrees.parse(ReportJson.toJson(r));
        assertThat(back.at("/server/phases").isMissingNode()).isTrue();
        assertThat(back.at("/engineSnapshot/phases").isMissingNode()).isTrue();
        assertThat(back.at("/server/stages/prefillMs").asDouble()).isEqualTo(80.25);
        assertThat(back.at("/server/stages/requests").asLong()).isEqualTo(40);
        assertThat(back.at("/engineSnapshot/stages/queueMs").asDouble()).isEqualTo(19.39434);
        assertThat(back.at("/engineSnapshot/stages/requests").asLong()).isEqualTo(96);
    }

    @Test
    void theStagesReadFromAnOldBlockFeedTheDecomposition() throws Exception {
        ObjectNode old = (ObjectNode) JsonTrees.parse(withOldStageBlocks());
        old.remove(DecompositionSection.KEY); // derived again from the sections read
        Report r = ReportJson.parse(old.toString(), Path.of("report.json")).withDecomposition();
        DecompositionSection d = r.section(DecompositionSection.class).orElseThrow();
        assertThat(d.views()).extracting(DecompositionSection.Shares::source)
                .contains("engine (sim, exact per-request stages)");
        assertThat(d.serverAbsent()).isNull();
        assertThat(d.coldStart().coldStartRequests()).isEqualTo(10);
        assertThat(d.coldStartAbsent()).isNull();
    }

    @Test
    void aReportHoldingTheOldKeyAndTheNewOneKeepsTheNewOne() throws Exception {
        ObjectNode old = oldReportTree();
        ObjectNode now = ((ObjectNode) old.get("phases")).deepCopy();
        now.put("jitCompileMs", 1.5);
        old.set(ColdStartSection.KEY, now);
        Report r = ReportJson.parse(old.toString(), Path.of("report.json"));
        assertThat(r.section(ColdStartSection.class).orElseThrow().jitCompileMs()).isEqualTo(1.5);
        assertThat(r.sections()).doesNotContainKey("phases");

        // the same with the new key first
        ObjectNode newFirst = old.objectNode();
        newFirst.set(ColdStartSection.KEY, now);
        old.fields().forEachRemaining(e -> {
            if (!e.getKey().equals(ColdStartSection.KEY)) newFirst.set(e.getKey(), e.getValue());
        });
        Report r2 = ReportJson.parse(newFirst.toString(), Path.of("report.json"));
        assertThat(r2.section(ColdStartSection.class).orElseThrow().jitCompileMs()).isEqualTo(1.5);
    }
}
