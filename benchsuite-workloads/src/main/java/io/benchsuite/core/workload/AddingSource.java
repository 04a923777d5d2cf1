package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.function.IntToLongFunction;

/**
 * A source that adds to another source's plans (images, tools, a response format) and otherwise is that
 * source: its timing, its plan count, whether it ends. Subclasses say what they add in
 * {@link #open} (with {@link io.benchsuite.api.workload.source.PlanCursor#map}) and {@link #describe}.
 */
abstract class AddingSource implements WorkloadSource {
    /** The source whose plans are added to. */
    protected final WorkloadSource inner;

    AddingSource(WorkloadSource inner) {
        this.inner = notNull(inner, "inner");
    }

    /** What a source draws for one plan. */
    @FunctionalInterface
    interface Draw<T> {
        /**
         * @param request the plan's own random
         * @param poolSeed the seed of member {@code j} of a pool of distinct values
         * @return the value the plan carries
         */
        T draw(SplittableRandom request, IntToLongFunction poolSeed);
    }

    /**
     * {@link #inner}'s plans, each that brings no value of {@code type} (a dataset line may bring its own) given one
     * {@code draw} makes from the seed chain: plan {@code i}'s random is
     * {@code SplittableRandom(requestSeed(i) ^ streamSeed(stream))}, pool member {@code j}'s seed
     * {@code streamSeed(stream + "/" + j)}. The same seed gives the same values.
     *
     * @param context where the plans are opened
     * @param type the value's type
     * @param stream the seed stream's name
     * @param draw what a plan gets
     * @param <T> the value's type
     * @return the plans
     */
    final <T> PlanCursor drawForEach(SourceContext context, Class<T> type, String stream, Draw<T> draw) {
        PlanCursor cursor = inner.open(notNull(context, "context"));
        ScenarioSeed seed = context.seed();
        long streamSeed = seed.streamSeed(stream);
        IntToLongFunction poolSeed = j -> seed.streamSeed(stream + "/" + j);
        return cursor.map(p -> p.extras().get(type).isPresent() ? p
                : p.withExtras(RequestExtras.of(draw.draw(new SplittableRandom(seed.requestSeed(p.index()) ^ streamSeed), poolSeed))));
    }

    @Override
    public boolean bringsOwnTiming() {
        return inner.bringsOwnTiming();
    }

    @Override
    public OptionalLong planCount() {
        return inner.planCount();
    }

    @Override
    public boolean endless() {
        return inner.endless();
    }
}
