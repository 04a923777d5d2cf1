package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.PrefixBlock;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SessionTurn;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The prefix-cache hit rate a workload allows: the share of prompt tokens that repeat an earlier
 * prefix, as an unbounded cache that never evicts would see them. A server's measured hit rate can
 * only be lower (its cache is bounded, blocks are evicted, partial blocks are not cached).
 *
 * <h2>Definition</h2>
 * A prompt is a chain of blocks (a plan's {@link PrefixBlock}s, then the rest of its tokens as one
 * block of its own). A block <em>hits</em> when the whole chain up to and including it has been seen
 * before, in that order, as vLLM's prefix cache works (a block's cache key includes every block
 * before it); the first block that misses ends the prompt's hits, even if later blocks were seen
 * after other predecessors. A hit counts the block's tokens, but no more than the block held when it
 * was first cached (the last block of a prompt may be partial), and a block longer than what was
 * cached ends the hits. The rate is the hit tokens over all prompt tokens, every prompt observed in
 * order and cached after it is looked up.
 *
 * <p>A Mooncake trace names its 512-token blocks with {@code hash_ids}; the first 600 requests of
 * its conversation trace hold 8,293,542 prompt tokens of which 1,423,195 repeat an earlier prefix:
 * 0.1716.
 *
 * <h2>Sessions</h2>
 * A session's turn is sent after its history (every earlier prompt and answer), so its history is a
 * hit and only the new message is not. The previous answer counts as cached (servers cache the
 * tokens they generate) with the length {@link #answered} reports, or else the turn's planned output
 * length (what is asked for with {@code ignore_eos}). A later turn whose session was never opened is
 * counted as a prompt of its own.
 *
 * <h2>Memory</h2>
 * The cache is unbounded by definition: 12 bytes for every distinct block chain (about 3.4 MB for the
 * 12,031 requests of the Mooncake conversation trace), plus a few words per open session.
 */
public final class IdealPrefixCache {
    private static final long ROOT = 0x5eed_cafe_f00dL;

    private final LongIntMap cached = new LongIntMap();
    private final Map<String, Session> sessions = new HashMap<>();
    private long uniqueIds;
    private long requests;
    private long promptTokens;
    private long repeatedTokens;

    /** Where a session stands: the chain of its history so far and the answer it waits for. */
    private static final class Session {
        final long base;
        int nextTurn;
        long key;
        long tokens;
        long answerParent;
        int answerTokens;

        Session(long base) {
            this.base = base;
        }
    }

    /**
     * Reads up to {@code maxPlans} plans of {@code source} (0 for all) and measures them.
     *
     * @param source the workload
     * @param context the run's tokenizer and seed
     * @param maxPlans the most plans to read, 0 for all
     * @return the sharing of the plans read
     */
    public static PrefixSharing measure(WorkloadSource source, SourceContext context, long maxPlans) {
        IdealPrefixCache cache = new IdealPrefixCache();
        try (PlanCursor cursor = source.open(context)) {
            for (long n = 0; maxPlans == 0 || n < maxPlans; n++) {
                Optional<RequestPlan> p = cursor.next();
                if (p.isEmpty()) break;
                cache.observe(p.get());
            }
        }
        return cache.sharing();
    }

    /**
     * Observes a plan as it is sent (in sending order): looks its prompt up, then caches it.
     *
     * @param plan the plan
     * @return the tokens of this prompt that repeat an earlier prefix
     */
    public long observe(RequestPlan plan) {
        notNull(plan, "plan");
        if (plan.session().isEmpty()) {
            return count(plan.inputTokens(), chain(ROOT, plan.prefixBlocks()).hits);
        }
        SessionTurn turn = plan.session().get();
        Session s = sessions.get(turn.sessionId());
        long hits;
        long tokens;
        if (s == null || turn.turn() == 1 || turn.turn() != s.nextTurn) {
            s = new Session(Mix.fmix64(++uniqueIds ^ 0x6a09e667f3bcc909L));
            sessions.put(turn.sessionId(), s);
            Chain c = chain(ROOT, withRest(plan.prefixBlocks(), plan.inputTokens(), s.base, turn.turn()));
            hits = c.hits;
            tokens = plan.inputTokens();
            s.key = c.key;
            s.tokens = tokens;
        } else {
            long answerKey = Mix.combine(s.answerParent, Mix.combine(s.base, -turn.turn()));
            cached.putMax(answerKey, s.answerTokens);
            s.key = answerKey;
            s.tokens += s.answerTokens;
            // The history is cached whole (it was looked up and cached turn by turn); the new message is not.
            hits = s.tokens;
            Chain c = chain(s.key, List.of(new PrefixBlock(Mix.combine(s.base, turn.turn()), plan.inputTokens())));
            hits += c.hits;
            tokens = s.tokens + plan.inputTokens();
            s.key = c.key;
            s.tokens = tokens;
        }
        s.answerParent = s.key;
        s.answerTokens = plan.outputTokens();
        s.nextTurn = turn.turn() + 1;
        if (turn.last()) sessions.remove(turn.sessionId());
        return count(tokens, hits);
    }

    /**
     * The length of the answer actually received for a session's latest turn, when it differs from
     * the planned output length (call before the session's next turn is observed).
     *
     * @param sessionId the session
     * @param answerTokens the answer's length in tokens
     */
    public void answered(String sessionId, int answerTokens) {
        Session s = sessions.get(notNull(sessionId, "sessionId"));
        if (s != null) s.answerTokens = answerTokens;
    }

    /**
     * Observes a prompt given as blocks directly (e.g. one the engine assembled): the blocks, then
     * {@code promptTokens} minus their tokens as unique content.
     *
     * @param blocks the leading blocks
     * @param promptTokens the prompt's length in tokens
     * @return the tokens of this prompt that repeat an earlier prefix
     */
    public long observe(List<PrefixBlock> blocks, int promptTokens) {
        notNull(blocks, "blocks");
        return count(promptTokens, chain(ROOT, blocks).hits);
    }

    /**
     * What has been observed so far.
     *
     * @return the sharing so far
     */
    public PrefixSharing sharing() {
        return new PrefixSharing(requests, promptTokens, repeatedTokens);
    }

    private long count(long tokens, long hits) {
        requests++;
        promptTokens += tokens;
        repeatedTokens += hits;
        return hits;
    }

    private record Chain(long key, long hits) {}

    /** Looks the chain of {@code blocks} after {@code parent} up, then caches it. */
    private Chain chain(long parent, List<PrefixBlock> blocks) {
        long hits = 0;
        boolean hitting = true;
        long key = parent;
        for (PrefixBlock b : blocks) {
            key = Mix.combine(key, b.id());
            if (hitting) {
                int held = cached.get(key, 0);
                hits += Math.min(held, b.tokens());
                hitting = held >= b.tokens();
            }
            cached.putMax(key, b.tokens());
        }
        return new Chain(key, hits);
    }

    /** The plan's blocks followed by its remaining tokens as one block of the session's own. */
    private static List<PrefixBlock> withRest(List<PrefixBlock> blocks, int inputTokens, long base, int turn) {
        long covered = 0;
        for (PrefixBlock b : blocks) covered += b.tokens();
        if (covered >= inputTokens) return blocks;
        List<PrefixBlock> all = new ArrayList<>(blocks);
        all.add(new PrefixBlock(Mix.combine(base, turn), (int) (inputTokens - covered)));
        return all;
    }
}
