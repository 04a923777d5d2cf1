package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.ScenarioSection;
import io.benchsuite.core.spec.RunSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Property-style round trips of the typed run specification over seeded, varied settings ({@link RunSpecCases}):
 * command line → spec; scenario file → spec → resolved scenario (written as YAML) → spec; spec → report.json's
 * resolved scenario → {@code run -f report.json} → spec. Specs are compared whole ({@link SpecValues}: every field,
 * sources and scorers by their fields, secrets by reference). A secret given literally is never written, so the rerun
 * from a file first fails naming each such secret (exit 2), then runs as before once they are given again.
 */
class RunSpecRoundTripTest {
    private static final int SEEDS = Integer.getInteger("roundTripSeeds", 200);

    @TempDir
    static Path dir;
    private static Path secretFile;

    private final CliHarness cli = new CliHarness(RunSpecCases.ENV);
    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());

    @BeforeAll
    static void secretFile() throws IOException {
        secretFile = Files.writeString(dir.resolve("signature.txt"), "sig-from-file\n");
    }

    static LongStream seeds() {
        return LongStream.range(0, SEEDS);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everySettingSurvivesTheCommandLineTheScenarioFileAndTheReport(long seed) throws IOException {
        RunSpecCases.Case c = RunSpecCases.of(seed, secretFile);
        Path work = Files.createDirectories(dir.resolve("seed-" + seed));

        // command line -> spec, and its report.json's scenario -> run -f report.json -> the same spec
        CommandLine.ParseResult parsed = parse(c.args());
        RunPlan fromFlags = ((RunCommand) parsed.subcommand().commandSpec().userObject()).plan();
        Map<String, String> flagsSpec = flat(fromFlags.spec());
        ScenarioSection written = ScenarioRun.commandLine(cli.ctx, parsed.subcommand().commandSpec(), fromFlags).section();
        Path report = report(work.resolve("cli-report.json"), written);
        same(flat(rerun(report, c)), flagsSpec, "run -f report.json of " + c.args());

        // scenario file -> spec: the same settings as the flags, plus the file's injections (and phases)
        Path scenario = work.resolve("scenario.yaml");
        yaml.writeValue(scenario.toFile(), c.scenario());
        List<RunPlan> fromFile = plans(scenario, List.of());
        assertThat(fromFile).hasSize(Math.max(1, c.phases().size()));
        RunSpec fileSpec = fromFile.get(0).spec();
        if (c.phases().isEmpty()) {
            same(flat(fileSpec.toBuilder().injections(List.of()).build()), flagsSpec, "scenario file of " + c.scenario());
            assertThat(fileSpec.injections()).hasSize(c.injections().size());
        }

        // the resolved scenario written as YAML runs as the same specs, every phase; written into report.json, too
        Map<String, Object> resolved = fromFile.get(0).scenario().section().resolved();
        String writtenYaml = yaml.writeValueAsString(resolved);
        for (String secret : secretValues(c)) assertThat(writtenYaml).as("secrets given literally are never written").doesNotContain(secret);
        Path resolvedYaml = work.resolve("resolved.yaml");
        yaml.writeValue(resolvedYaml.toFile(), resolved);
        sameSpecs(rerunAll(resolvedYaml, c), fromFile, "resolved scenario of " + c.scenario());
        for (int i = 0; i < fromFile.size(); i++) {
            Path fileReport = report(work.resolve("file-report-" + i + ".json"), fromFile.get(i).scenario().section());
            sameSpecs(rerunAll(fileReport, c), fromFile, "run -f report.json (phase " + i + ") of " + c.scenario());
        }
    }

    /**
     * Every field of the spec, at every depth, took at least two values over the cases (every subtype of a sealed
     * component appeared): a component added to any record of the spec, and not generated, fails here.
     */
    @Test
    void theCasesVaryEveryFieldOfTheSpec() throws IOException {
        SpecValues coverage = new SpecValues();
        for (long s = 0; s < SEEDS; s++) {
            RunSpecCases.Case c = RunSpecCases.of(s, secretFile);
            Path scenario = Files.createDirectories(dir.resolve("cov-" + s)).resolve("scenario.yaml");
            yaml.writeValue(scenario.toFile(), c.scenario());
            coverage.flatten(plans(scenario, List.of()).get(0).spec());
        }
        Map<String, String> exempt = new LinkedHashMap<>();
        // a command line always names its backend, seed and output directory (RunPlan requires them)
        exempt.put("backend#present", "always named by a command line");
        exempt.put("seed#present", "always set by a command line");
        exempt.put("output.dir#present", "always set by a command line");
        // set by the run when a published default applies, not a setting of the user's
        exempt.put("objectives.sloBasis", "filled in by the run from the model's size");
        // no flag sets a closed loop's pause between a user's requests: --think-time paces the turns of sessions
        exempt.put("workload.load.ClosedLoop:thinkTime", "library only: Workload.closed(n).thinkTime(d)");
        assertThat(coverage.notVaried(exempt)).as("fields of RunSpec the generated cases never vary").isEmpty();
    }

    /**
     * The resolved scenario writes the seed as the text it came from: a rerun's report then names the same source
     * ({@code git:<commit>}, not {@code hex:<root>}); a shard's chain, which no text gives, as its root.
     */
    @Test
    void theSeedIsWrittenAsTheTextItCameFrom() {
        String commit = "ab".repeat(20);
        assertThat(ScenarioRun.seedText(SeedChain.fromGitCommit(commit))).isEqualTo("git:" + commit);
        assertThat(ScenarioRun.seedText(SeedChain.fromLong(-3))).isEqualTo("-3");
        assertThat(ScenarioRun.seedText(SeedChain.fromHex("0".repeat(63) + "7"))).isEqualTo("0".repeat(63) + "7");
        SeedChain shard = SeedChain.fromGitCommit(commit).shard(0, 2);
        assertThat(ScenarioRun.seedText(shard)).isEqualTo(shard.rootHex());
    }

    private CommandLine.ParseResult parse(List<String> runArgs) {
        List<String> all = new ArrayList<>();
        all.add("run");
        all.addAll(runArgs);
        return BenchsuiteCli.commandLine(cli.ctx).parseArgs(all.toArray(String[]::new));
    }

    /** The plans of {@code run -f file <extra>}, without running them. */
    private List<RunPlan> plans(Path file, List<String> extra) {
        List<String> args = new ArrayList<>(List.of("-f", file.toString()));
        args.addAll(extra);
        CommandLine.ParseResult pr = parse(args);
        return ScenarioRun.load(cli.ctx, file, pr.subcommand().commandSpec()).plans();
    }

    /**
     * {@code run -f file}: refused naming every secret given literally when there are any (exit 2, no value shown),
     * then planned with them given again on the command line.
     */
    private RunSpec rerun(Path file, RunSpecCases.Case c) {
        return rerunAll(file, c).get(0);
    }

    /** {@link #rerun}, every phase. */
    private List<RunSpec> rerunAll(Path file, RunSpecCases.Case c) {
        if (!c.secretSlots().isEmpty()) {
            CliException e = catchThrowableOfType(() -> plans(file, List.of()), CliException.class);
            assertThat(e).as("rerun without the secrets given on the command line").isNotNull();
            assertThat(e.exitCode()).isEqualTo(ExitCodes.USAGE);
            assertThat(e.getMessage()).startsWith("missing secret").contains(c.secretSlots());
            for (String secret : secretValues(c)) assertThat(e.getMessage()).doesNotContain(secret);
        }
        return plans(file, c.givenSecrets()).stream().map(RunPlan::spec).toList();
    }

    private static void sameSpecs(List<RunSpec> actual, List<RunPlan> expected, String what) {
        assertThat(actual).as(what).hasSameSizeAs(expected);
        for (int i = 0; i < actual.size(); i++) same(flat(actual.get(i)), flat(expected.get(i).spec()), what + ", phase " + i);
    }

    /** The values of the secrets the case gives literally. */
    private static List<String> secretValues(RunSpecCases.Case c) {
        return c.givenSecrets().stream().filter(v -> !v.startsWith("--")).map(RunSpecRoundTripTest::secretPart).toList();
    }

    /** Fails naming only the paths whose values differ. */
    private static void same(Map<String, String> actual, Map<String, String> expected, String what) {
        Map<String, String> diff = new TreeMap<>();
        for (String k : new TreeSet<>(union(actual.keySet(), expected.keySet()))) {
            if (!Objects.equals(actual.get(k), expected.get(k))) diff.put(k, actual.get(k) + " (expected " + expected.get(k) + ")");
        }
        assertThat(diff).as(what).isEmpty();
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new HashSet<>(a);
        u.addAll(b);
        return u;
    }

    /** The secret part of a literal secret argument: a header's value, a URL's password. */
    private static String secretPart(String arg) {
        if (arg.contains("://")) return arg.substring(arg.indexOf(':', arg.indexOf("://") + 3) + 1, arg.indexOf('@'));
        return arg.substring(arg.indexOf('=') + 1);
    }

    private static Path report(Path file, ScenarioSection section) throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", 1);
        doc.put(ScenarioSection.KEY, section);
        return Files.writeString(file, ReportJson.write(doc));
    }

    private static Map<String, String> flat(RunSpec spec) {
        return new SpecValues().flatten(spec);
    }
}
