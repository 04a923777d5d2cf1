package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import io.benchsuite.core.workload.SessionTranscript;
import io.benchsuite.core.workload.SyntheticSource;
import io.benchsuite.core.workload.ThinkTime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload flags: datasets and traces, sessions, shared prefixes, the context limit; and their errors. */
class WorkloadFlagsTest {
    private final CliHarness cli = new CliHarness();

    @TempDir
    Path tmp;
    private String trace;
    private String sharegpt;

    @BeforeEach
    void files() throws IOException {
        Path t = tmp.resolve("trace.jsonl");
        Files.writeString(t, """
                {"timestamp": 0, "input_length": 600, "output_length": 3, "hash_ids": [1, 2]}
                {"timestamp": 500, "input_length": 700, "output_length": 4, "hash_ids": [1, 3]}
                """);
        trace = "mooncake:" + t;
        Path s = tmp.resolve("conv.json");
        Files.writeString(s, "[{\"id\": \"x\", \"conversations\": [{\"from\": \"human\", \"value\": \"What is a thread in "
                + "an operating system?\"}, {\"from\": \"gpt\", \"value\": \"A unit of execution inside a process.\"}]}]");
        sharegpt = "sharegpt:" + s;
    }

    private CliException usage(String... args) {
        try {
            cli.plan(args);
        } catch (CliException e) {
            assertThat(e.exitCode()).isEqualTo(ExitCodes.USAGE);
            return e;
        }
        throw new AssertionError("no usage error for " + String.join(" ", args));
    }

    @Test
    void aTraceIsReplayedAtItsOwnTimesWithAWideCapAndEndsWhenItEnds() {
        RunPlan p = cli.plan("--dataset", trace, "--trace-time-scale", "0.1", "--trace-start", "0s", "--trace-limit", "600");
        assertThat(p.workload().paceBySource()).isTrue();
        assertThat(((LoadModel.OpenLoop) p.workload().load()).maxConcurrency()).isEqualTo(RunCommand.DEFAULT_TRACE_CAP);
        assertThat(p.workload().duration()).as("the trace's end ends the run").isNull();
        assertThat(p.workload().source()).get().extracting(s -> s.describe())
                .isEqualTo("mooncake:" + tmp.resolve("trace.jsonl") + " (scale=0.1,limit=600)");
        assertThat(Summary.banner(p)).contains("open loop at the source's own times, max 1024 in flight");
        RunPlan capped = cli.plan("--dataset", trace, "--max-concurrent", "16");
        assertThat(((LoadModel.OpenLoop) capped.workload().load()).maxConcurrency()).isEqualTo(16);
    }

    @Test
    void rateOrIgnoreTimestampsPaceATraceByTheRun() {
        RunPlan open = cli.plan("--dataset", trace, "--rate", "5");
        assertThat(open.workload().paceBySource()).isFalse();
        assertThat(open.workload().source().orElseThrow().describe()).endsWith("(timestamps=ignored)");
        RunPlan closed = cli.plan("--dataset", trace, "--ignore-timestamps", "--max-concurrent", "3");
        assertThat(closed.workload().load()).isInstanceOf(LoadModel.ClosedLoop.class);
        assertThat(closed.workload().source().orElseThrow().bringsOwnTiming()).isFalse();
    }

    @Test
    void sessionsThinkTimeAnswersAndTheCapsUnit() {
        RunPlan p = cli.plan("--dataset", sharegpt, "--sessions", "--max-turns", "3", "--no-length-filters",
                "--think-time", "uniform:1s-3s", "--answers", "recorded", "--concurrency-unit", "sessions", "--rate", "2");
        assertThat(p.workload().source().orElseThrow().describe()).contains("(sessions,turns<=3");
        assertThat(p.sessions()).isEqualTo(new SessionOptions(new ThinkTime(ThinkTime.Kind.UNIFORM, Duration.ofSeconds(1),
                Duration.ofSeconds(3)), SessionTranscript.Answers.RECORDED, SessionOptions.ConcurrencyUnit.SESSIONS));
        assertThat(cli.plan("--dataset", sharegpt, "--answers", "actual").sessions().answers())
                .isEqualTo(SessionTranscript.Answers.RECEIVED);
        assertThat(cli.plan().sessions()).isEqualTo(SessionOptions.DEFAULTS);
    }

    @Test
    void prefixGroupsMakeASyntheticSourceWithSharedPrefixes() {
        RunPlan p = cli.plan("--prefix-groups", "8", "--prefix-length", "1024", "--prefix-popularity", "zipf:1.1",
                "--input-length", "64");
        SyntheticSource s = (SyntheticSource) p.workload().source().orElseThrow();
        assertThat(s.describe()).isEqualTo("synthetic:input=fixed:64,output=fixed:128,groups=8,prefix=1024,zipf:1.1");
        assertThat(p.workload().duration()).as("an endless source keeps the default window").isEqualTo(Duration.ofSeconds(20));
        assertThat(cli.plan().workload().source()).as("no flags: the default synthetic source").isEmpty();
    }

    @Test
    void contextLimitAndPolicy() {
        RunPlan p = cli.plan("--max-context", "131072", "--context-policy", "skip");
        assertThat(p.contextLimit()).isEqualTo(new ContextLimit(131_072));
        assertThat(p.contextPolicy()).isEqualTo(ContextLimit.Policy.SKIP);
        RunPlan d = cli.plan();
        assertThat(d.contextLimit()).as("default: what the backend declares").isNull();
        assertThat(d.contextPolicy()).isEqualTo(ContextLimit.Policy.MARK);
    }

    @Test
    void aDatasetThatCannotBeReadIsReportedAtItsLine() throws IOException {
        Path broken = Files.writeString(tmp.resolve("broken.jsonl"), "{\"timestamp\": 0, \"input_length\": \"many\", "
                + "\"output_length\": 3}\n");
        CliHarness first = new CliHarness();
        assertThat(first.run("run", "--dataset", "mooncake:" + broken, "--output-dir", tmp.resolve("a").toString(),
                "--no-progress")).isEqualTo(ExitCodes.USAGE);
        assertThat(first.err()).contains("--dataset: mooncake trace").contains("line 1").contains("input_length");
        // a bad line after good ones: what was sent is reported, and the run says where it stopped
        // a bad line past the first wave the planner prepares before the clock starts (up to 4096 starts
        // for a trace): the run goes until there, its reports are written, and the exit says where it stopped
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 4200; i++) {
            lines.append("{\"timestamp\": ").append(i / 10).append(", \"input_length\": 20, \"output_length\": 2}\n");
        }
        lines.append("{\"timestamp\": 500, \"input_length\": -5, \"output_length\": 3}\n");
        Path late = Files.writeString(tmp.resolve("late.jsonl"), lines);
        CliHarness second = new CliHarness();
        assertThat(second.run("run", "--dataset", "mooncake:" + late, "--output-dir", tmp.resolve("b").toString(),
                "--no-progress", "--backend-option", "clock=virtual")).isEqualTo(ExitCodes.USAGE);
        assertThat(second.err()).contains("--dataset: the workload source failed: mooncake trace").contains("line 4201")
                .contains("with status failed").doesNotContain("--help");
        assertThat(second.out()).contains("FAILED (the workload source failed: mooncake trace");
        assertThat(Files.readAllLines(tmp.resolve("b/requests.jsonl"))).hasSize(4200);
        String report = Files.readString(tmp.resolve("b/report.json"));
        assertThat(report).contains("\"sourceError\"").contains("\"status\" : \"failed\"")
                .contains("\"stopReason\" : \"the workload source failed: mooncake trace").doesNotContain("\"status\" : \"completed\"");
    }

    @Test
    void badWorkloadFlagsNameTheFlag() {
        assertThat(usage("--trace-time-scale", "0.1").getMessage()).isEqualTo("--trace-time-scale: applies to a --dataset only");
        assertThat(usage("--dataset", trace, "--trace-time-scale", "0").getMessage())
                .isEqualTo("--trace-time-scale: must be a finite number > 0, got 0");
        assertThat(usage("--dataset", trace, "--trace-start", "soon").getMessage()).startsWith("--trace-start: ");
        assertThat(usage("--dataset", sharegpt, "--trace-limit", "5").getMessage())
                .isEqualTo("--trace-limit: applies to a trace (mooncake, azure, burstgpt), not sharegpt");
        assertThat(usage("--dataset", trace, "--sessions").getMessage())
                .isEqualTo("--sessions: applies to a sharegpt dataset, not mooncake");
        assertThat(usage("--dataset", "parquet:x").getMessage()).startsWith("--dataset: unknown dataset kind 'parquet'");
        assertThat(usage("--dataset", "sharegpt:" + tmp.resolve("missing.json")).getMessage())
                .isEqualTo("--dataset: dataset file '" + tmp.resolve("missing.json") + "' does not exist");
        assertThat(usage("--dataset", trace, "--input-length", "64").getMessage())
                .startsWith("--input-length: a dataset brings its own prompt lengths");
        assertThat(usage("--dataset", trace, "--workload-profile", "steady").getMessage())
                .startsWith("--workload-profile: a trace replayed at its own times has no arrival process");
        assertThat(usage("--prefix-length", "10").getMessage()).isEqualTo("--prefix-length: needs --prefix-groups");
        assertThat(usage("--prefix-groups", "2", "--prefix-popularity", "pareto").getMessage())
                .startsWith("--prefix-popularity: expected a group popularity");
        assertThat(usage("--think-time", "soon").getMessage()).startsWith("--think-time: expected a think time");
        assertThat(usage("--answers", "imagined").getMessage())
                .isEqualTo("--answers: expected received (or actual) or recorded, got 'imagined'");
        assertThat(usage("--concurrency-unit", "users").getMessage())
                .isEqualTo("--concurrency-unit: expected requests or sessions, got 'users'");
        assertThat(usage("--max-context", "0").getMessage()).isEqualTo("--max-context: must be a whole number > 0, got 0");
        assertThat(usage("--context-policy", "drop").getMessage())
                .isEqualTo("--context-policy: expected send, mark or skip, got 'drop'");
        assertThatThrownBy(() -> cli.plan("--dataset", sharegpt, "--prefix-groups", "2"))
                .hasMessageStartingWith("--prefix-groups: shared-prefix groups are for synthetic prompts");
    }
}
