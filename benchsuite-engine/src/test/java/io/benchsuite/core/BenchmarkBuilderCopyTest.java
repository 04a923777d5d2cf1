package io.benchsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.accuracy.AccuracyScorers;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.run.Shard;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.CancelAfter;
import io.benchsuite.api.workload.Cancellations;
import io.benchsuite.api.workload.ModelMix;
import io.benchsuite.api.workload.RequestRouting;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.injection.Injection;
import io.benchsuite.api.workload.injection.InjectionPriority;
import io.benchsuite.core.hiccup.HiccupMeter;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.run.RunListener;
import io.benchsuite.core.spec.RunSpec;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.SessionOptions;
import io.benchsuite.core.workload.ThinkTime;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link Benchmark.Builder#copy()} carries every setting. A sweep derives each point from a copy, and a
 * copy that dropped ten settings (the SLO's basis, the error budget, sessions, the context limit,
 * injections, accuracy, ...) ran every point of a library sweep without them, silently. The test reads
 * the builder's fields by reflection: a field added to the builder and not set here fails the first
 * assertion, and one not copied fails the second.
 */
class BenchmarkBuilderCopyTest {
    /** Fields the public setters cannot give a non-default value together with the others. */
    private static final List<String> EXCLUSIVE = List.of("backend"); // backend(name, config) clears the object

    @Test
    void aCopyCarriesEverySettingOfTheBuilder() throws Exception {
        RunListener listener = new RunListener() { };
        Benchmark.Builder b = Benchmark.named("template")
                .backend("sim", BackendConfig.of(Map.of("device", "h100")))
                .registry(BackendRegistry.load())
                .workload(Workload.closed(3).maxRequests(7).build())
                .seed(SeedChain.fromLong(11))
                .slo(Slo.parse("ttft=1s"))
                .sloBasis("the team's objective")
                .tokenizer(Tokenizers.cl100k())
                .outputDir(Path.of("out-dir"))
                .overwrite(true)
                .maxErrorRate(0.25)
                .cancellations(new Cancellations(0.3, CancelAfter.tokens(2, 9)))
                .routing(new RequestRouting(Optional.of(ModelMix
                        .parse("base=2,lora=1", ModelMix.By.SESSION)), "x-session-id", "x-request-id"))
                .model("m")
                .drainTimeout(Duration.ofSeconds(3))
                .preflight(false)
                .retainRequests(true)
                .shard(new Shard(1, 2))
                .startGate(() -> { })
                .listener(listener)
                .decorator((request, downstream) -> new RequestDecorator.Decorated(request, downstream))
                .label("team", "serving")
                .sessions(SessionOptions.DEFAULTS.withThinkTime(ThinkTime.fixed(Duration.ofMillis(5))))
                .contextLimit(new ContextLimit(4096), ContextLimit.Policy.SKIP)
                .injection(new TimedInjection(Duration.ZERO, new Injection(0, "NOTE", InjectionPriority.LOW,
                        Duration.ofMinutes(1)), 0))
                .clientStallThreshold(Duration.ofMillis(9))
                .accuracy(AccuracyScorers.exactMatch())
                .hiccupMeter(HiccupMeter::create);
        Benchmark.Builder fresh = Benchmark.named("template");
        Benchmark.Builder copy = b.copy();

        List<String> unset = new ArrayList<>();
        List<String> notCopied = new ArrayList<>();
        for (Field f : Benchmark.Builder.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) continue;
            f.setAccessible(true);
            Object set = f.get(b);
            if (!f.getName().equals("name") && !EXCLUSIVE.contains(f.getName()) && same(set, f.get(fresh))) {
                unset.add(f.getName());
            }
            if (!same(set, f.get(copy))) notCopied.add(f.getName());
        }
        assertThat(unset).as("fields this test does not set: set them above so the copy is checked").isEmpty();
        assertThat(notCopied).as("settings the copy dropped").isEmpty();
    }

    private static boolean same(Object a, Object b) {
        return a == null ? b == null : a.equals(b);
    }

    /**
     * Settings that are not part of a {@link io.benchsuite.core.spec.RunSpec}: live objects and this JVM's
     * wiring (a backend object, where backends are looked up, the tokenizer, listeners, decorators, the shard
     * and start gate the command line's sharding sets, the hiccup meter), and two API-only conveniences (the
     * model override and retaining request records in memory).
     */
    private static final List<String> NOT_IN_SPEC = List.of("backend", "registry", "tokenizer", "model", "retainRequests",
            "shard", "startGate", "listeners", "decorators", "hiccupMeter");

    @Test
    void everySettingRoundTripsThroughTheRunSpec() throws Exception {
        Benchmark.Builder b = Benchmark.named("template")
                .backend("sim", BackendConfig.of(Map.of("device", "h100")))
                .workload(Workload.closed(3).maxRequests(7).build())
                .seed(SeedChain.fromLong(11))
                .slo(Slo.parse("ttft=1s"))
                .sloBasis("the team's objective")
                .outputDir(Path.of("out-dir"))
                .overwrite(true)
                .maxErrorRate(0.25)
                .cancellations(new Cancellations(0.3, CancelAfter.tokens(2, 9)))
                .routing(new RequestRouting(Optional.of(ModelMix
                        .parse("base=2,lora=1", ModelMix.By.SESSION)), "x-session-id", "x-request-id"))
                .drainTimeout(Duration.ofSeconds(3))
                .preflight(false)
                .label("team", "serving")
                .sessions(SessionOptions.DEFAULTS.withThinkTime(ThinkTime.fixed(Duration.ofMillis(5))))
                .contextLimit(new ContextLimit(4096), ContextLimit.Policy.SKIP)
                .injection(new TimedInjection(Duration.ZERO, new Injection(0, "NOTE", InjectionPriority.LOW,
                        Duration.ofMinutes(1)), 0))
                .clientStallThreshold(Duration.ofMillis(9))
                .accuracy(AccuracyScorers.exactMatch());
        RunSpec spec = b.spec();
        Benchmark.Builder back = Benchmark.of(spec);
        Benchmark.Builder fresh = Benchmark.named("other");

        List<String> unset = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        for (Field f : Benchmark.Builder.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || NOT_IN_SPEC.contains(f.getName())) continue;
            f.setAccessible(true);
            if (same(f.get(b), f.get(fresh))) unset.add(f.getName());
            if (!same(f.get(b), f.get(back))) lost.add(f.getName());
        }
        assertThat(unset).as("settings this test does not set: set them above so the round trip is checked").isEmpty();
        assertThat(lost).as("settings lost between the builder and its RunSpec").isEmpty();
        assertThat(back.spec()).as("builder -> spec -> builder -> spec").isEqualTo(spec);
        assertThat(spec.toBuilder().build()).isEqualTo(spec);
    }
}
