package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.ShardSection;
import io.benchsuite.core.report.model.ShardsSection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --shard/--shards} with the Indexed Job's environment, then {@code merge}, {@code report} and {@code compare} on the result. */
class ShardCliTest {
    private static int run(CliHarness cli, Path out, String seed, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--backend", "fake", "--model", "m-1", "--num-requests", "12",
                "--max-concurrent", "4", "--output-length", "4", "--input-length", "16", "--seed", seed, "--name", "cmp",
                "--no-progress", "--output-dir", out.toString()));
        args.addAll(List.of(extra));
        return cli.run(args.toArray(String[]::new));
    }

    @Test
    void shardsFromTheFlagAndFromTheEnvironmentMergeAndTheMergedReportRendersAndCompares(@TempDir Path tmp) throws Exception {
        Instant start = Instant.now().plusSeconds(1);
        CliHarness first = new CliHarness();
        assertThat(run(first, tmp.resolve("run/shard-0"), "7", "--shard", "0/2", "--start-at", start.toString()))
                .as(first.err()).isZero();
        assertThat(first.out()).contains("shard 0/2 (its own seed, 1/2 of the load); start: start-at " + start);
        CliHarness second = new CliHarness(Map.of("JOB_COMPLETION_INDEX", "1"));
        assertThat(run(second, tmp.resolve("run/shard-1"), "7", "--shards", "2", "--start-at", start.toString()))
                .as(second.err()).isZero();
        ShardSection s1 = ReportJson.read(tmp.resolve("run/shard-1")).section(ShardSection.class).orElseThrow();
        assertThat(s1.index()).isEqualTo(1);
        assertThat(s1.agreedStart()).isEqualTo(start);
        assertThat(ReportJson.read(tmp.resolve("run/shard-1")).requests().scheduled()).isEqualTo(6);

        CliHarness merge = new CliHarness();
        Path merged = tmp.resolve("run/merged");
        assertThat(merge.run("merge", tmp.resolve("run").resolve("shard-*").toString(), "--output-dir", merged.toString()))
                .as(merge.err()).isZero();
        assertThat(merge.out()).contains("merged 2 of 2 shard(s) of 'cmp' (seed long:7)")
                .contains("12 scheduled, 12 measured, 12 succeeded, 0 failed").contains("requests.jsonl: 12 line(s)");
        Report r = ReportJson.read(merged);
        assertThat(r.requests().scheduled()).isEqualTo(12);
        assertThat(r.section(ShardsSection.class).orElseThrow().shards()).hasSize(2);

        // the run's directory works too, and the merged directory inside it is not taken for a shard; merging
        // again into it replaces the merged run only with --overwrite
        CliHarness refused = new CliHarness();
        assertThat(refused.run("merge", tmp.resolve("run").toString(), "--shards", "2", "--output-dir", merged.toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(refused.err()).contains("benchsuite merge: --output-dir: " + merged + " is not empty (it holds report.html, "
                + "report.json, requests.jsonl, summary.csv): the merge would replace another run's files");
        CliHarness again = new CliHarness();
        assertThat(again.run("merge", tmp.resolve("run").toString(), "--shards", "2", "--output-dir", merged.toString(),
                "--overwrite")).as(again.err()).isZero();

        CliHarness report = new CliHarness();
        assertThat(report.run("report", merged.toString())).as(report.err()).isZero();
        String html = Files.readString(merged.resolve("report.html"));
        assertThat(html).contains("cmp").contains("<section id=\"shards\"><h2>Shards</h2>").contains("Merged from 2 of 2 shards");
        assertThat(Files.readString(tmp.resolve("run/shard-1/report.html"))).contains("This run is shard 1 of 2");
        CliHarness whole = new CliHarness();
        assertThat(run(whole, tmp.resolve("whole"), "7")).as(whole.err()).isZero();
        CliHarness compare = new CliHarness();
        assertThat(compare.run("compare", tmp.resolve("whole").toString(), merged.toString(), "--output-dir",
                tmp.resolve("cmp").toString())).as(compare.err()).isZero();
        assertThat(tmp.resolve("cmp/comparison.html")).exists();
    }

    @Test
    void badShardFlagsAreUsageErrorsNamingTheFlag(@TempDir Path tmp) {
        CliHarness noIndex = new CliHarness();
        assertThat(run(noIndex, tmp.resolve("a"), "7", "--shards", "4")).isEqualTo(ExitCodes.USAGE);
        assertThat(noIndex.err()).contains("--shards: the environment variable JOB_COMPLETION_INDEX is not set");
        CliHarness badIndex = new CliHarness(Map.of("JOB_COMPLETION_INDEX", "4"));
        assertThat(run(badIndex, tmp.resolve("a"), "7", "--shards", "4")).isEqualTo(ExitCodes.USAGE);
        assertThat(badIndex.err()).contains("JOB_COMPLETION_INDEX=4 is not a shard of 4");
        CliHarness badShard = new CliHarness();
        assertThat(run(badShard, tmp.resolve("a"), "7", "--shard", "4/4")).isEqualTo(ExitCodes.USAGE);
        assertThat(badShard.err()).contains("--shard: shard index must be from 0 to 3, got 4");
        CliHarness badAt = new CliHarness();
        assertThat(run(badAt, tmp.resolve("a"), "7", "--start-at", "tomorrow")).isEqualTo(ExitCodes.USAGE);
        assertThat(badAt.err()).contains("--start-at: expected an ISO-8601 instant");
        CliHarness lonelyBarrier = new CliHarness();
        assertThat(run(lonelyBarrier, tmp.resolve("a"), "7", "--start-barrier", tmp.resolve("b").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(lonelyBarrier.err()).contains("--start-barrier: needs --shard or --shards");
        CliHarness tooSmall = new CliHarness();
        assertThat(run(tooSmall, tmp.resolve("a"), "7", "--shard", "0/8")).isEqualTo(ExitCodes.USAGE);
        assertThat(tooSmall.err()).contains("--shard: closed loop with at most 4 users cannot be split into 8 shards");
    }

    @Test
    void aBarrierTheOtherShardsNeverReachFailsTheRunNamingThem(@TempDir Path tmp) {
        CliHarness cli = new CliHarness();
        assertThat(run(cli, tmp.resolve("a"), "7", "--shard", "1/3", "--start-barrier", tmp.resolve("b").toString(),
                "--start-timeout", "300ms")).isEqualTo(ExitCodes.FAILURE);
        assertThat(cli.err()).contains("shard(s) 0, 2 of 3 did not arrive within 300ms");
    }

    @Test
    void aShardGivenTwiceOrWithoutItsRequestLogIsNamedAndNothingIsWritten(@TempDir Path tmp) throws Exception {
        assertThat(run(new CliHarness(), tmp.resolve("s0"), "7", "--shard", "0/2")).isZero();
        assertThat(run(new CliHarness(), tmp.resolve("s1"), "7", "--shard", "1/2")).isZero();
        CliHarness twice = new CliHarness();
        assertThat(twice.run("merge", tmp.resolve("s0").toString(), tmp.resolve("s0").toString(), "--output-dir",
                tmp.resolve("m").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(twice.err()).contains("benchsuite merge: the shard directory " + tmp.resolve("s0")
                + " is given twice: give each shard's directory once").doesNotContain("missing");
        CliHarness aliased = new CliHarness();
        assertThat(aliased.run("merge", tmp.resolve("s0").toString(), tmp.resolve("s1/../s0").toString(), "--output-dir",
                tmp.resolve("m").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(aliased.err()).contains("is given twice (also as " + tmp.resolve("s0") + ")");

        Files.delete(tmp.resolve("s1/requests.jsonl"));
        CliHarness noLog = new CliHarness();
        assertThat(noLog.run("merge", tmp.resolve("s0").toString(), tmp.resolve("s1").toString(), "--output-dir",
                tmp.resolve("m").toString())).isEqualTo(ExitCodes.FAILURE);
        assertThat(noLog.err()).contains("benchsuite merge: shard 1/2 (" + tmp.resolve("s1") + ") has no requests.jsonl: the "
                + "merged request log would lack its requests");
        assertThat(tmp.resolve("m")).doesNotExist();
    }

    @Test
    void mergingShardsOfDifferentSeedsFailsSayingWhich(@TempDir Path tmp) {
        assertThat(run(new CliHarness(), tmp.resolve("s0"), "7", "--shard", "0/2")).isZero();
        assertThat(run(new CliHarness(), tmp.resolve("s1"), "8", "--shard", "1/2")).isZero();
        CliHarness merge = new CliHarness();
        assertThat(merge.run("merge", tmp.resolve("s0").toString(), tmp.resolve("s1").toString(), "--output-dir",
                tmp.resolve("m").toString())).isEqualTo(ExitCodes.FAILURE);
        assertThat(merge.err()).contains("different root seeds (long:8 ").contains(" vs long:7 ");
        CliHarness none = new CliHarness();
        assertThat(none.run("merge", tmp.resolve("nothing-*").toString(), "--output-dir", tmp.resolve("m").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(none.err()).contains("no shard report (report.json) found");
    }
}
