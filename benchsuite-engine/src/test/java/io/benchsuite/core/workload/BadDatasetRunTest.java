package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset that gives nothing to send is refused before the run starts (no output directory is left);
 * one that fails part way ends a run whose status is FAILED with the file and line, never COMPLETED.
 */
class BadDatasetRunTest {
    @TempDir
    Path tmp;

    private static ScriptedBackend backend() {
        return ScriptedBackend.builder().firstToken(Duration.ofMillis(1)).tokenInterval(Duration.ofMillis(1)).build();
    }

    private static JsonlPromptSource jsonl(String content) {
        return new JsonlPromptSource(text("d.jsonl", content), LengthDistribution.fixed(2), 0);
    }

    @Test
    void anEmptyDatasetIsRefusedBeforeTheRunAndLeavesNoDirectory() {
        try (ScriptedBackend b = backend()) {
            Benchmark.Builder bench = Benchmark.named("empty").backend(b).seed(SeedChain.fromLong(1)).model("m")
                    .workload(Workload.closed(2).source(jsonl("")).build()).outputDir(tmp.resolve("out"));
            assertThatThrownBy(bench::start).isInstanceOf(WorkloadDataException.class)
                    .hasMessage("jsonl:d.jsonl (output=fixed:2): holds no records: nothing to send");
        }
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void aDatasetWhoseEveryRecordIsSkippedIsRefused() {
        String prompt = "{\"prompt\": \"" + "word ".repeat(400) + "\"}\n";
        try (ScriptedBackend b = backend()) {
            Benchmark.Builder bench = Benchmark.named("skipped").backend(b).seed(SeedChain.fromLong(1)).model("m")
                    .workload(Workload.closed(2).source(jsonl(prompt.repeat(3))).build())
                    .contextLimit(new ContextLimit(64), ContextLimit.Policy.SKIP);
            assertThatThrownBy(bench::start).isInstanceOf(WorkloadDataException.class)
                    .hasMessage("jsonl:d.jsonl (output=fixed:2): every record was skipped (3 over the model's context (64 tokens)): "
                            + "nothing to send");
        }
    }

    @Test
    void aRecordThatCannotBeReadAfterTheFirstWaveEndsTheRunAsFailed() throws Exception {
        // past the 4096 starts the planner prepares ahead, so the run has started when the bad line is read
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 4200; i++) lines.append("{\"prompt\": \"hello number ").append(i).append("\"}\n");
        lines.append("{\"text\": \"no prompt here\"}\n");
        try (ScriptedBackend b = backend()) {
            RunResult r = Benchmark.named("late").backend(b).seed(SeedChain.fromLong(1)).model("m")
                    .workload(Workload.closed(16).source(jsonl(lines.toString())).build()).outputDir(tmp.resolve("late")).run();
            assertThat(r.status()).isEqualTo(RunResult.Status.FAILED);
            assertThat(r.stopReason()).isEqualTo("the workload source failed: jsonl prompts 'd.jsonl' record 4201 (line 4201): "
                    + "expected either a \"prompt\" string or a \"messages\" array");
            assertThat(r.summary().counts().succeeded()).isEqualTo(4200);
            Report written = ReportJson.read(tmp.resolve("late"));
            assertThat(written.run().status()).isEqualTo(RunResult.Status.FAILED);
            assertThat(written.run().failed()).isTrue();
            assertThat(written.run().stopReason()).isEqualTo(r.stopReason());
        }
    }
}
