package io.benchsuite.core.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.prompt.Tokenizers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShardedSourceTest {
    /** A replayed trace: sessions a..e interleaved, plus two single requests, each with its arrival. */
    private static final List<RequestPlan> TRACE = List.of(
            plan(0, 0, "a", 1, false), plan(1, 10, "b", 1, false), plan(2, 20, "a", 2, true),
            plan(3, 30, null, 0, false), plan(4, 40, "c", 1, true), plan(5, 50, "b", 2, false),
            plan(6, 60, "d", 1, false), plan(7, 70, "b", 3, true), plan(8, 80, "e", 1, false),
            plan(9, 90, "d", 2, true), plan(10, 100, null, 0, false), plan(11, 110, "e", 2, true));

    private static RequestPlan plan(long index, long arrivalMs, String session, int turn, boolean last) {
        RequestPlan.Builder b = RequestPlan.builder(index).arrivalNanos(arrivalMs * 1_000_000).prompt("p" + index)
                .inputTokens(4).outputTokens(4);
        if (session != null) b.session(session, turn, last);
        return b.build();
    }

    private static final WorkloadSource SOURCE = new WorkloadSource() {
        @Override
        public String describe() {
            return "trace:test";
        }

        @Override
        public boolean bringsOwnTiming() {
            return true;
        }

        @Override
        public PlanCursor open(SourceContext context) {
            Iterator<RequestPlan> it = TRACE.iterator();
            return new PlanCursor() {
                @Override
                public Optional<RequestPlan> next() {
                    return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
                }

                @Override
                public SourceCounts counts() {
                    return new SourceCounts(TRACE.size(), Map.of("bad", 2L), Map.of());
                }

                @Override
                public void close() {}
            };
        }
    };

    private static List<RequestPlan> read(WorkloadSource s) {
        List<RequestPlan> out = new ArrayList<>();
        try (PlanCursor c = s.open(new SourceContext(Tokenizers.cl100k(), SeedChain.fromLong(1).scenario("t")))) {
            for (Optional<RequestPlan> p = c.next(); p.isPresent(); p = c.next()) out.add(p.get());
            assertThat(c.counts().plans()).isEqualTo(out.size());
            assertThat(c.counts().skipped()).containsEntry("bad", 2L);
        }
        return out;
    }

    @Test
    void everyNthSessionGoesWholeToOneShardAndTheShardsTogetherAreTheTrace() {
        int n = 3;
        List<String> all = new ArrayList<>();
        Map<String, Integer> shardOfSession = new HashMap<>();
        for (int i = 0; i < n; i++) {
            List<RequestPlan> part = read(ShardedSource.of(SOURCE, new Shard(i, n)));
            for (int k = 0; k < part.size(); k++) {
                RequestPlan p = part.get(k);
                assertThat(p.index()).as("renumbered from 0").isEqualTo(k);
                all.add(p.prompt() + "@" + p.arrivalNanos().getAsLong());
                if (p.session().isPresent()) {
                    Integer before = shardOfSession.put(p.session().get().sessionId(), i);
                    assertThat(before).as("session %s in one shard", p.session().get().sessionId()).isIn(null, i);
                }
            }
        }
        // sessions in start order: a, b, (single 3), c, d, e, (single 10) -> shard k mod 3
        assertThat(shardOfSession).containsExactlyInAnyOrderEntriesOf(Map.of("a", 0, "b", 1, "c", 0, "d", 1, "e", 2));
        List<String> expected = TRACE.stream().map(p -> p.prompt() + "@" + p.arrivalNanos().getAsLong()).toList();
        assertThat(all).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void aShardKeepsTheTracesTimingAndAWholeRunKeepsTheSource() {
        List<RequestPlan> part = read(ShardedSource.of(SOURCE, new Shard(2, 3)));
        // shard 2: the single request 3 (third session) and session e (sixth)
        assertThat(part).extracting(RequestPlan::prompt).containsExactly("p3", "p8", "p11");
        assertThat(part).extracting(p -> p.arrivalNanos().getAsLong() / 1_000_000).containsExactly(30L, 80L, 110L);
        assertThat(ShardedSource.of(SOURCE, new Shard(2, 3)).describe())
                .isEqualTo("trace:test (shard 2/3: every 3rd session from the 3rd)");
        assertThat(ShardedSource.of(SOURCE, Shard.WHOLE)).isSameAs(SOURCE);
    }
}
