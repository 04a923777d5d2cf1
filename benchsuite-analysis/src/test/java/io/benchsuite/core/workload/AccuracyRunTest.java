package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchsuite.api.accuracy.AccuracyScorers;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.analysis.ReportFigures;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.AccuracySection;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run given a scorer grades each measured answer against its prompt's reference answer. */
class AccuracyRunTest {

    @Test
    void answersAreGradedAgainstTheirReferencesAndTheReportCarriesTheTally(@TempDir Path dir) {
        // every answer is one token "42": two references match, one does not, one line has no reference
        DataInput prompts = text("p.jsonl", """
                {"prompt": "What is six times seven?", "output_tokens": 1, "reference": "42"}
                {"prompt": "The answer to everything?", "output_tokens": 1, "reference": " 42. "}
                {"prompt": "What is three plus four?", "output_tokens": 1, "reference": "7"}
                {"prompt": "Say anything.", "output_tokens": 1}
                """);
        try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ofMillis(1))
                .tokenInterval(Duration.ofMillis(1)).tokenText("42").build()) {
            Workload w = Workload.closed(1).source(new JsonlPromptSource(prompts, LengthDistribution.fixed(1), 0)).build();
            RunResult r = Benchmark.named("accuracy").backend(backend).workload(w).seed(SeedChain.fromLong(1)).model("m")
                    .accuracy(AccuracyScorers.exactMatch()).outputDir(dir).run();

            AccuracySection a = r.section(AccuracySection.class).orElseThrow();
            assertThat(a.graded()).isEqualTo(3);
            assertThat(a.correct()).as("exact match after normalising case, punctuation and spaces").isEqualTo(2);
            assertThat(a.meanScore()).isEqualTo(2.0 / 3);
            assertThat(a.ungraded()).isEqualTo(1);
            assertThat(a.ungradedReasons()).isEqualTo(Map.of("no reference answer", 1L));

            Report read = ReportJson.read(dir);
            AccuracySection back = read.section(AccuracySection.class).orElseThrow();
            assertThat(back).usingRecursiveComparison().ignoringFields("meanScore").isEqualTo(a);
            assertThat(back.meanScore()).as("report.json keeps 6 decimals").isCloseTo(2.0 / 3, within(1e-6));
            assertThat(ReportFigures.accuracy(read)).as("what the Pareto front reads").isCloseTo(2.0 / 3, within(1e-6));
        }
    }

    @Test
    void withoutAScorerNothingIsGraded() {
        DataInput prompts = text("p.jsonl", "{\"prompt\": \"Hi\", \"output_tokens\": 1, \"reference\": \"42\"}\n");
        try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ofMillis(1)).tokenText("42").build()) {
            Workload w = Workload.closed(1).source(new JsonlPromptSource(prompts, LengthDistribution.fixed(1), 0)).build();
            RunResult r = Benchmark.named("plain").backend(backend).workload(w).seed(SeedChain.fromLong(1)).model("m").run();
            assertThat(r.section(AccuracySection.class)).isEmpty();
        }
    }
}
