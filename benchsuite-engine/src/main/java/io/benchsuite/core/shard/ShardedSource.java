package io.benchsuite.core.shard;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.HashSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One shard's part of a workload source: every n-th session, counted in the order sessions start
 * (session k goes to shard k mod n; a plan outside any session is a session of one turn). Every
 * turn of a kept session is kept, with its own arrival offset when the source brings its timing,
 * so the shards of a replayed trace together send every request of the trace at its recorded
 * instant. Plans are numbered again from 0 in the shard. Memory holds the ids of this shard's
 * sessions that are still open (started, last turn not yet read), never the trace.
 *
 * <p>Use: wrap the run's source when the run is a shard, {@code ShardedSource.of(source, shard)};
 * a whole run's source is returned as it is.
 */
public final class ShardedSource implements WorkloadSource {
    private final WorkloadSource source;
    private final Shard shard;

    private ShardedSource(WorkloadSource source, Shard shard) {
        this.source = source;
        this.shard = shard;
    }

    /** The part of {@code source} that {@code shard} sends ({@code source} itself for a whole run). */
    public static WorkloadSource of(WorkloadSource source, Shard shard) {
        notNull(source, "source");
        notNull(shard, "shard");
        return shard.whole() ? source : new ShardedSource(source, shard);
    }

    @Override
    public String describe() {
        return source.describe() + " (shard " + shard + ": every " + ordinal(shard.count()) + " session from the "
                + ordinal(shard.index() + 1) + ")";
    }

    private static String ordinal(int i) {
        return i + (i % 100 >= 11 && i % 100 <= 13 ? "th" : switch (i % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        });
    }

    @Override
    public boolean bringsOwnTiming() {
        return source.bringsOwnTiming();
    }

    @Override
    public boolean endless() {
        return source.endless();
    }

    @Override
    public OptionalLong planCount() {
        return OptionalLong.empty(); // how many plans the kept sessions hold is known only by reading them
    }

    @Override
    public PlanCursor open(SourceContext context) {
        return new Cursor(source.open(context));
    }

    private final class Cursor implements PlanCursor {
        private final PlanCursor inner;
        private final Set<String> openKept = new HashSet<>();
        private long sessions;
        private long yielded;

        Cursor(PlanCursor inner) {
            this.inner = inner;
        }

        @Override
        public Optional<RequestPlan> next() {
            while (true) {
                Optional<RequestPlan> next = inner.next();
                if (next.isEmpty()) return next;
                RequestPlan p = next.get();
                if (keep(p)) return Optional.of(renumbered(p, yielded++));
            }
        }

        private boolean keep(RequestPlan p) {
            if (p.session().isEmpty()) return sessions++ % shard.count() == shard.index();
            String id = p.session().get().sessionId();
            boolean kept;
            if (p.startsSession()) {
                kept = sessions++ % shard.count() == shard.index();
                if (kept && !p.session().get().last()) openKept.add(id);
            } else {
                kept = p.session().get().last() ? openKept.remove(id) : openKept.contains(id);
            }
            return kept;
        }

        @Override
        public SourceCounts counts() {
            SourceCounts c = inner.counts();
            return new SourceCounts(yielded, c.skipped(), c.adjusted());
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    private static RequestPlan renumbered(RequestPlan p, long index) {
        return new RequestPlan(index, p.arrivalNanos(), p.session(), p.messages(), p.inputTokens(), p.outputTokens(),
                p.referenceAnswer(), p.prefixBlocks(), p.extras());
    }
}
