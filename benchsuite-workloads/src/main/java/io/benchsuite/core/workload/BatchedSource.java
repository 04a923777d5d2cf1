package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.SourceCounts;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Groups another source's prompts into batches for embeddings, rerank and score requests: each plan it
 * yields carries {@code batchSize} of the other source's prompts as a {@link BatchInputs} extra (for rerank
 * and score, after one more prompt that becomes the query they are compared with). The inputs keep the
 * lengths the other source drew (a synthetic source's input-token distribution, a dataset's prompts), so
 * a batch's input tokens are the sum of its inputs' tokens.
 *
 * <p>A batch plan's messages are its inputs joined by newlines (what a generating backend would be sent),
 * its input tokens those of the inputs and the query, its output length 1, its arrival the first
 * prompt's. The source's last batch may hold fewer inputs when the other source runs out.
 */
public final class BatchedSource implements WorkloadSource {
    private final WorkloadSource inner;
    private final int batchSize;
    private final boolean withQuery;

    /**
     * Batches of {@code batchSize} of {@code inner}'s prompts.
     *
     * @param inner where the prompts come from
     * @param batchSize inputs per batch, at least 1
     * @param withQuery whether each batch first takes one prompt as its query (rerank, score)
     */
    public BatchedSource(WorkloadSource inner, int batchSize, boolean withQuery) {
        this.inner = notNull(inner, "inner");
        this.batchSize = positive(batchSize, "batchSize");
        this.withQuery = withQuery;
    }

    /**
     * Inputs per batch.
     *
     * @return the batch size
     */
    public int batchSize() {
        return batchSize;
    }

    @Override
    public String describe() {
        return inner.describe() + " in batches of " + batchSize + (withQuery ? " with a query" : "");
    }

    @Override
    public boolean bringsOwnTiming() {
        return inner.bringsOwnTiming();
    }

    @Override
    public OptionalLong planCount() {
        OptionalLong n = inner.planCount();
        if (n.isEmpty()) return n;
        int per = batchSize + (withQuery ? 1 : 0);
        return OptionalLong.of((n.getAsLong() + per - 1) / per);
    }

    @Override
    public boolean endless() {
        return inner.endless();
    }

    @Override
    public PlanCursor open(SourceContext context) {
        PlanCursor c = inner.open(context);
        return new PlanCursor() {
            private long index;

            @Override
            public Optional<RequestPlan> next() {
                Optional<RequestPlan> first = c.next();
                if (first.isEmpty()) return first;
                RequestPlan query = withQuery ? first.get() : null;
                List<String> texts = new ArrayList<>(batchSize);
                List<Integer> tokens = new ArrayList<>(batchSize);
                if (!withQuery) add(first.get(), texts, tokens);
                while (texts.size() < batchSize) {
                    Optional<RequestPlan> p = c.next();
                    if (p.isEmpty()) break;
                    add(p.get(), texts, tokens);
                }
                if (texts.isEmpty()) return Optional.empty(); // a query with nothing left to compare it with
                BatchInputs batch = query == null ? BatchInputs.of(texts, tokens)
                        : new BatchInputs(texts, tokens, query.prompt(), query.inputTokens());
                long total = batch.totalInputTokens() + batch.queryTokens();
                RequestPlan.Builder b = RequestPlan.builder(index++)
                        .messages(List.of(ChatMessage.user(String.join("\n", texts))))
                        .inputTokens((int) Math.min(Integer.MAX_VALUE, total))
                        .outputTokens(1)
                        .extra(batch);
                first.get().arrivalNanos().ifPresent(b::arrivalNanos);
                return Optional.of(b.build());
            }

            @Override
            public SourceCounts counts() {
                return c.counts();
            }

            @Override
            public void close() {
                c.close();
            }
        };
    }

    private static void add(RequestPlan p, List<String> texts, List<Integer> tokens) {
        texts.add(p.prompt());
        tokens.add(p.inputTokens());
    }
}
