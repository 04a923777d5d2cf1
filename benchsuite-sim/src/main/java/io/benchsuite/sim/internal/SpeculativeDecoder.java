package io.benchsuite.sim.internal;

import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.SimSpecDecodeTotals;
import io.benchsuite.sim.SimSpeculative;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The engine's speculative decoding: draws each verification's accepted drafts from a generator of
 * its own (seeded from the engine's seed, apart from the jitter's, so turning jitter on does not change
 * the acceptances) and counts them as vLLM V1 does. Verified on the driver's thread, read from any.
 */
final class SpeculativeDecoder {
    private static final long SALT = 0x7370_6563_6465_636fL; // "specdeco"

    private final SimSpeculative model;
    private final SplittableRandom random;
    private final long[] perPosition;
    private long drafts;
    private long draftTokens;
    private long accepted;

    private SpeculativeDecoder(SimSpeculative model, long seed) {
        this.model = model;
        this.random = new SplittableRandom(seed ^ SALT);
        this.perPosition = new long[model.draftTokens()];
    }

    /** The decoder of these settings, or null when they do not speculate. */
    static SpeculativeDecoder of(SimSettings settings) {
        return settings.speculative().enabled() && settings.engine().continuousBatching()
                ? new SpeculativeDecoder(settings.speculative(), settings.seed()) : null;
    }

    /** KV positions a speculating decode computes: its last token and the k drafts. */
    int positions() {
        return 1 + model.draftTokens();
    }

    /** The step-time factor of the draft passes. */
    double draftStepFactor() {
        return model.draftStepFactor();
    }

    /** Verifies {@code draftCount} drafts of one sequence: returns how many were accepted, and counts them. */
    synchronized int verify(int draftCount) {
        int a = model.sampleAccepted(random, draftCount);
        drafts++;
        draftTokens += draftCount;
        accepted += a;
        for (int i = 0; i < a; i++) perPosition[i]++;
        return a;
    }

    /** The counters now, consistent with each other. */
    synchronized SimSpecDecodeTotals totals() {
        List<Long> positions = new ArrayList<>(perPosition.length);
        for (long p : perPosition) positions.add(p);
        return new SimSpecDecodeTotals(drafts, draftTokens, accepted, positions);
    }
}
