package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.plans;
import static io.benchsuite.core.workload.Fixtures.tokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.PrefixBlock;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.core.prompt.SyntheticPrompts;
import io.benchsuite.core.schedule.PlannedRequest;
import io.benchsuite.core.schedule.RequestPlanner;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class SyntheticSourceTest {
    private static final LengthDistribution IN = LengthDistribution.uniform(10, 200);
    private static final LengthDistribution OUT = LengthDistribution.logNormal(100, 0.5, 1, 1000);

    @Test
    void withoutGroupsItPlansExactlyWhatTheRunsPlannerDoes() {
        RequestPlanner planner = new RequestPlanner(Fixtures.CONTEXT.seed(), IN, OUT,
                new SyntheticPrompts(Fixtures.CONTEXT.tokenizer()));
        List<RequestPlan> p = plans(SyntheticSource.builder().inputTokens(IN).outputTokens(OUT).build(), 40);
        assertThat(p).hasSize(40);
        for (int i = 0; i < p.size(); i++) {
            PlannedRequest expected = planner.plan(i);
            assertThat(p.get(i).prompt()).isEqualTo(expected.prompt());
            assertThat(p.get(i).inputTokens()).isEqualTo(expected.inputTokens());
            assertThat(p.get(i).outputTokens()).isEqualTo(expected.outputTokens());
            assertThat(p.get(i).arrivalNanos()).isEmpty();
            assertThat(p.get(i).prefixBlocks()).isEmpty();
        }
    }

    @Test
    void groupsShareAnExactPrefixAndKeepExactLengths() {
        PrefixGroups groups = new PrefixGroups(4, 300, Popularity.uniform());
        SyntheticSource source = SyntheticSource.builder().inputTokens(LengthDistribution.uniform(20, 60))
                .outputTokens(LengthDistribution.fixed(16)).prefixGroups(groups).count(200).build();
        assertThat(source.planCount()).hasValue(200);
        assertThat(source.describe()).isEqualTo("synthetic:input=uniform:20-60,output=fixed:16,groups=4,prefix=300,uniform,count=200");
        List<RequestPlan> p = plans(source, 1000);
        assertThat(p).hasSize(200);
        assertThat(p).allSatisfy(r -> {
            assertThat(r.inputTokens()).isBetween(320, 360);
            assertThat(tokens(r.prompt())).isEqualTo(r.inputTokens());
            assertThat(r.prefixBlocks()).hasSize(1);
            assertThat(r.prefixBlocks().get(0).tokens()).isEqualTo(300);
        });
        var byGroup = p.stream().collect(Collectors.groupingBy(r -> r.prefixBlocks().get(0).id()));
        assertThat(byGroup).hasSize(4);
        byGroup.values().forEach(members -> {
            String prefix = ExactText.firstWords(members.get(0).prompt(), 300);
            assertThat(tokens(prefix)).isEqualTo(300);
            assertThat(members).allSatisfy(r -> assertThat(r.prompt()).startsWith(prefix + " "));
        });
        // Different groups have different prefixes.
        assertThat(byGroup.values().stream().map(m -> ExactText.firstWords(m.get(0).prompt(), 300)).distinct()).hasSize(4);
        // The ideal hit rate is exact: every request but each group's first repeats its 300-token prefix.
        PrefixSharing s = IdealPrefixCache.measure(source, Fixtures.CONTEXT, 0);
        long total = p.stream().mapToLong(RequestPlan::inputTokens).sum();
        assertThat(s.promptTokens()).isEqualTo(total);
        assertThat(s.repeatedTokens()).isEqualTo((200 - 4) * 300L);
    }

    @Test
    void zipfMakesTheFirstGroupsHotAndUniformSpreadsEvenly() {
        Popularity.Sampler zipf = Popularity.zipf(1.0).sampler(10);
        Popularity.Sampler uniform = Popularity.uniform().sampler(10);
        SplittableRandom random = new SplittableRandom(7);
        int[] z = new int[10];
        int[] u = new int[10];
        for (int i = 0; i < 100_000; i++) {
            z[zipf.pick(random)]++;
            u[uniform.pick(random)]++;
        }
        double h10 = 0;
        for (int k = 1; k <= 10; k++) h10 += 1.0 / k;
        for (int k = 0; k < 10; k++) {
            // Seeded, so these are fixed numbers; the bounds are 5 standard deviations wide.
            double pz = 1 / ((k + 1) * h10);
            assertThat(z[k] / 100_000.0).isCloseTo(pz, Offset.offset(5 * Math.sqrt(pz * (1 - pz) / 100_000)));
            assertThat(u[k] / 100_000.0).isCloseTo(0.1, Offset.offset(0.005));
        }
        assertThat(Popularity.parse("zipf:1.2")).isEqualTo(Popularity.zipf(1.2));
        assertThat(Popularity.parse("ZIPF")).isEqualTo(Popularity.zipf(1));
        assertThat(Popularity.parse(Popularity.zipf(1.5).describe())).isEqualTo(Popularity.zipf(1.5));
        assertThatThrownBy(() -> Popularity.parse("zipf:x")).hasMessage(
                "expected a group popularity: uniform, zipf or zipf:<exponent> (e.g. zipf:1.1), got 'zipf:x': 'x' is not a number (the Zipf exponent)");
        assertThatThrownBy(() -> Popularity.parse("hot")).hasMessageContaining("got 'hot'");
        assertThatThrownBy(() -> Popularity.zipf(0)).hasMessage("s must be a finite number > 0, got 0.0");
        assertThatThrownBy(() -> new PrefixGroups(0, 10, Popularity.uniform())).hasMessage("groups must be > 0, got 0");
    }

    @Test
    void a128kTokenPromptIsBuiltExactly() {
        RequestPlan p = plans(SyntheticSource.builder().inputTokens(LengthDistribution.fixed(131_072)).count(1).build(), 5).get(0);
        assertThat(p.inputTokens()).isEqualTo(131_072);
        assertThat(tokens(p.prompt())).isEqualTo(131_072);
        RequestPlan grouped = plans(SyntheticSource.builder().inputTokens(LengthDistribution.fixed(72))
                .prefixGroups(new PrefixGroups(1, 131_000, Popularity.uniform())).count(1).build(), 5).get(0);
        assertThat(tokens(grouped.prompt())).isEqualTo(131_072);
        assertThat(grouped.prefixBlocks()).extracting(PrefixBlock::tokens).containsExactly(131_000);
    }
}
