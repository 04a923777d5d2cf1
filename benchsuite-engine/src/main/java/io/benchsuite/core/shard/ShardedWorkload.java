package io.benchsuite.core.shard;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One shard's part of a workload, such that the shards together send the whole load:
 *
 * <ul>
 *   <li><b>open loop</b>: the rate profile divided by n (every level, so ramps, bursts and steps keep
 *       their shape); the shard's own seed and first-arrival offset make the n streams superpose to
 *       the whole one ({@link Shard#firstArrivalUnits}). The concurrency cap is shared out like users.</li>
 *   <li><b>closed loop</b>: users shared out, the remainder to the first shards: at every instant shard
 *       i runs ⌊(L + n − 1 − i) / n⌋ of the whole run's ⌊L⌋ users, which sum to ⌊L⌋ exactly; on a
 *       rising profile each user of the whole run joins in exactly one shard at the instant it would
 *       have joined the whole run.</li>
 *   <li><b>request count</b> shared out the same way; window, warm-up, cool-down, lengths, streaming and
 *       name are the whole run's.</li>
 *   <li><b>a finite source</b> (dataset or trace) shared out by start: shard i sends the starts at
 *       positions i, i + n, ... (whole sessions, at their own offsets); the shards read it with the whole
 *       run's scenario seed, so equal records give equal text in every shard.</li>
 * </ul>
 * A split that would leave a shard with nothing to do (fewer users, requests or cap slots than
 * shards) is refused, naming what is too small.
 */
public final class ShardedWorkload {
    private ShardedWorkload() {}

    /**
     * The workload shard {@code shard} runs.
     *
     * @throws IllegalArgumentException when the load is too small to give every shard a part
     */
    public static Workload of(Workload whole, Shard shard) {
        notNull(whole, "workload");
        notNull(shard, "shard");
        if (shard.whole()) return whole;
        int n = shard.count();
        LoadModel load;
        if (whole.load() instanceof LoadModel.OpenLoop open) {
            int cap = (int) shard.share(open.maxConcurrency());
            if (open.maxConcurrency() < n) {
                throw new IllegalArgumentException("the concurrency cap (" + open.maxConcurrency()
                        + ") must be at least the number of shards (" + n + "): each shard caps its own requests");
            }
            load = new LoadModel.OpenLoop(open.arrival(), affine(open.rate(), 0, n), cap);
        } else {
            LoadModel.ClosedLoop closed = (LoadModel.ClosedLoop) whole.load();
            RateProfile users = affine(closed.users(), n - 1 - shard.index(), n);
            if (Math.floor(users.max() + 1e-9) < 1) {
                throw new IllegalArgumentException("closed loop with at most " + (long) Math.floor(closed.users().max() + 1e-9)
                        + " users cannot be split into " + n + " shards: shard " + shard + " would have no user");
            }
            load = new LoadModel.ClosedLoop(users, closed.thinkTime());
        }
        long maxRequests = 0;
        if (whole.maxRequests() > 0) {
            if (whole.maxRequests() < n) {
                throw new IllegalArgumentException("the request count (" + whole.maxRequests()
                        + ") must be at least the number of shards (" + n + ")");
            }
            maxRequests = shard.share(whole.maxRequests());
        }
        // A finite source (a dataset or trace) is shared out by session: shard i sends the sessions that start
        // at positions i, i + n, ... whole, with their own offsets, so the shards together send it whole. An
        // endless synthetic source is not split: each shard draws its own prompts from its own seed.
        Optional<WorkloadSource> source = whole.source()
                .map(s -> s.endless() ? s : ShardedSource.of(s, shard));
        return new Workload(whole.name(), load, whole.inputTokens(), whole.outputTokens(), whole.duration(), maxRequests,
                whole.warmup(), whole.cooldown(), whole.stream(), source);
    }

    /**
     * The profile whose level is {@code (level + add) / n} wherever {@code p}'s is {@code level}
     * (computed as a division so that whole numbers of users stay exact).
     */
    static RateProfile affine(RateProfile p, double add, int n) {
        if (p instanceof RateProfile.Steady s) return RateProfile.steady(level(s.level(), add, n));
        if (p instanceof RateProfile.Ramp r) {
            return RateProfile.ramp(level(r.from(), add, n), level(r.to(), add, n), r.over());
        }
        if (p instanceof RateProfile.Burst b) {
            return RateProfile.burst(level(b.base(), add, n), level(b.peak(), add, n), b.spikeLength(), b.period());
        }
        RateProfile.Steps steps = (RateProfile.Steps) p;
        List<RateProfile.Step> out = new ArrayList<>();
        for (RateProfile.Step step : steps.steps()) out.add(new RateProfile.Step(level(step.level(), add, n), step.duration()));
        return RateProfile.steps(out);
    }

    private static double level(double level, double add, int n) {
        return (level + add) / n;
    }
}
