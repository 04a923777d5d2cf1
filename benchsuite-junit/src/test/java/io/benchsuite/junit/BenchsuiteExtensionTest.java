package io.benchsuite.junit;

import static io.benchsuite.junit.BenchsuiteAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.run.RunResult;
import io.benchsuite.junit.extension.BenchmarkRunner;
import io.benchsuite.junit.extension.BenchsuiteExtension;
import io.benchsuite.junit.extension.BenchsuiteTest;
import io.benchsuite.tck.ScriptedBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** The extension injects a pre-configured runner and publishes the report path as the test's output. */
class BenchsuiteExtensionTest {
    static final List<BenchmarkRunner> SEEN = new CopyOnWriteArrayList<>();

    /** Run by the test kit below, not by the build directly (it is a static nested class without @Nested). */
    @BenchsuiteTest(seed = 7, reportsDir = "target/benchsuite-extension-test")
    static class GateUnderTest {
        @Test
        void smallGate(BenchmarkRunner runner) {
            SEEN.add(runner);
            // every token at once: a test of the harness, not of timing
            try (ScriptedBackend backend = ScriptedBackend.builder().firstToken(Duration.ZERO).tokenInterval(Duration.ZERO)
                    .name("instant").build()) {
                RunResult result = runner.benchmark().backend(backend)
                        .workload(Workload.closed(2).maxRequests(20).inputTokens(LengthDistribution.fixed(8))
                                .outputTokens(LengthDistribution.fixed(4)).build())
                        .run();
                assertThat(result).hasSucceededAtLeast(20).e2e().p99().isLessThan(Duration.ofSeconds(5));
                runner.benchmark("second").backend(backend)
                        .workload(Workload.closed(1).maxRequests(3).build()).run();
            }
        }
    }

    @Test
    void injectsRunnerAndPublishesEachReport() {
        SEEN.clear();
        Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(GateUnderTest.class)).execute()
                .testEvents();
        events.assertStatistics(s -> s.succeeded(1).failed(0));

        Assertions.assertThat(SEEN).hasSize(1);
        BenchmarkRunner runner = SEEN.get(0);
        Assertions.assertThat(runner.name()).isEqualTo("GateUnderTest.smallGate");
        Assertions.assertThat(runner.reportDir())
                .isEqualTo(Path.of("target/benchsuite-extension-test/GateUnderTest/smallGate"));
        Assertions.assertThat(runner.seed().source()).isEqualTo("long:7");

        List<Map<String, String>> entries = events.reportingEntryPublished().stream()
                .map(e -> e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs()).toList();
        Path first = runner.reportDir().resolve("report.json").toAbsolutePath();
        Path second = runner.reportDir().resolve("second/report.json").toAbsolutePath();
        Assertions.assertThat(entries).containsExactly(
                Map.of(BenchsuiteExtension.REPORT_ENTRY, first.toString()),
                Map.of(BenchsuiteExtension.REPORT_ENTRY, second.toString()));
        Assertions.assertThat(first).isRegularFile();
        Assertions.assertThat(Files.exists(second)).isTrue();
    }

    @Test
    void namesWithOddCharactersBecomeSafeDirectories() {
        BenchmarkRunner r = BenchmarkRunner.forTest(Path.of("root"), "My Test", "gate[1] p99/ttft",
                SeedChain.fromLong(1));
        Assertions.assertThat(r.reportDir()).isEqualTo(Path.of("root", "My_Test", "gate_1__p99_ttft"));
        Assertions.assertThatIllegalArgumentException().isThrownBy(() -> r.benchmark(" "))
                .withMessage("variant must not be blank");
    }
}
