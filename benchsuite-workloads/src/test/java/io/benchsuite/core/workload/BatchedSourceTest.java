package io.benchsuite.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.core.prompt.Tokenizers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Batches keep the lengths the inner source drew, in its order; rerank and score batches take a query first. */
class BatchedSourceTest {
    private static final SourceContext CONTEXT = new SourceContext(Tokenizers.cl100k(), SeedChain.fromLong(4).scenario("b"));

    private static List<RequestPlan> read(WorkloadSourceLike s, int n) {
        List<RequestPlan> out = new ArrayList<>();
        try (PlanCursor c = s.open()) {
            for (int i = 0; i < n; i++) {
                Optional<RequestPlan> p = c.next();
                if (p.isEmpty()) break;
                out.add(p.get());
            }
        }
        return out;
    }

    private interface WorkloadSourceLike {
        PlanCursor open();
    }

    @Test
    void eachBatchCarriesTheNextPromptsOfTheInnerSourceWithTheirLengths() {
        SyntheticSource inner = SyntheticSource.builder().inputTokens(LengthDistribution.parse("uniform:20-80"))
                .outputTokens(LengthDistribution.parse("16")).build();
        List<RequestPlan> singles = read(() -> inner.open(CONTEXT), 9);
        List<RequestPlan> batches = read(() -> new BatchedSource(inner, 4, false).open(CONTEXT), 2);
        List<RequestPlan> pairs = read(() -> new BatchedSource(inner, 4, true).open(CONTEXT), 1);

        BatchInputs first = batches.get(0).extras().get(BatchInputs.class).orElseThrow();
        BatchInputs second = batches.get(1).extras().get(BatchInputs.class).orElseThrow();
        assertThat(first.size()).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(first.inputs().get(i)).isEqualTo(singles.get(i).prompt());
            assertThat(first.inputTokens().get(i)).isEqualTo(singles.get(i).inputTokens());
            assertThat(second.inputTokens().get(i)).isEqualTo(singles.get(4 + i).inputTokens());
        }
        assertThat(first.query()).isNull();
        assertThat(batches.get(0).inputTokens()).isEqualTo((int) first.totalInputTokens());
        assertThat(batches.get(0).outputTokens()).isEqualTo(1);
        assertThat(batches.get(1).index()).isEqualTo(1);

        BatchInputs withQuery = pairs.get(0).extras().get(BatchInputs.class).orElseThrow();
        assertThat(withQuery.query()).isEqualTo(singles.get(0).prompt());
        assertThat(withQuery.queryTokens()).isEqualTo(singles.get(0).inputTokens());
        assertThat(withQuery.inputs()).containsExactly(singles.get(1).prompt(), singles.get(2).prompt(), singles.get(3).prompt(),
                singles.get(4).prompt());
        assertThat(pairs.get(0).inputTokens()).isEqualTo((int) (withQuery.totalInputTokens() + withQuery.queryTokens()));
    }

    @Test
    void theLastBatchOfAFiniteSourceMayBeShort() {
        SyntheticSource inner = SyntheticSource.builder().inputTokens(LengthDistribution.parse("30"))
                .outputTokens(LengthDistribution.parse("16")).count(10).build();
        BatchedSource s = new BatchedSource(inner, 4, false);
        List<RequestPlan> batches = read(() -> s.open(CONTEXT), 10);
        assertThat(batches).hasSize(3);
        assertThat(batches.get(2).extras().get(BatchInputs.class).orElseThrow().size()).isEqualTo(2);
        assertThat(s.planCount().getAsLong()).isEqualTo(3);
        assertThat(s.describe()).endsWith("in batches of 4");
    }
}
