package io.benchsuite.api.run;

import io.benchsuite.api.workload.Arrival;
import java.util.Optional;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Which part of a run one process runs: shard {@code index} of {@code count}. The shards of a run
 * share its scenario and root seed; each draws from its own seed chain
 * ({@link io.benchsuite.api.seed.SeedChain#shard}) at a share of the load, so that the shards'
 * requests together are a run of the whole load (see {@code io.benchsuite.core.shard}).
 *
 * @param index this shard, from 0 to {@code count - 1}
 * @param count how many shards the run is split into
 */
public record Shard(int index, int count) {
    /** The variable a Kubernetes Indexed Job sets in each pod to the pod's completion index. */
    public static final String INDEX_VARIABLE = "JOB_COMPLETION_INDEX";

    /** The whole run: one shard. */
    public static final Shard WHOLE = new Shard(0, 1);

    /**
     * Checks that the index is below the count.
     *
     * @param index this shard, from 0 to {@code count - 1}
     * @param count how many shards the run is split into
     */
    public Shard {
        if (count < 1) throw new IllegalArgumentException("shard count must be >= 1, got " + count);
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("shard index must be from 0 to " + (count - 1) + ", got " + index);
        }
    }

    /**
     * Parses {@code i/n}, e.g. {@code 2/4}.
     *
     * @param text the shard in text
     * @return the shard
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static Shard parse(String text) {
        String s = text == null ? "" : text.trim();
        int slash = s.indexOf('/');
        try {
            if (slash > 0) return new Shard(Integer.parseInt(s.substring(0, slash).trim()),
                    Integer.parseInt(s.substring(slash + 1).trim()));
        } catch (NumberFormatException e) {
            // message below
        }
        throw new IllegalArgumentException("expected a shard as <index>/<count> with 0 <= index < count, e.g. 0/4, got '"
                + text + "'");
    }

    /**
     * The shard given by the environment: index from {@value #INDEX_VARIABLE} (what an Indexed Job
     * sets), count given. Empty when the variable is not set.
     *
     * @param env reads an environment variable (null when unset)
     * @param count how many shards the run is split into
     * @return the shard, or empty when the variable is not set
     * @throws IllegalArgumentException when the variable is not an index below {@code count}
     */
    public static Optional<Shard> fromEnvironment(Function<String, String> env, int count) {
        String v = env.apply(INDEX_VARIABLE);
        if (v == null || v.isBlank()) return Optional.empty();
        int index;
        try {
            index = Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(INDEX_VARIABLE + " must be a whole number, got '" + v + "'");
        }
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException(INDEX_VARIABLE + "=" + index + " is not a shard of " + count
                    + " (expected 0 to " + (count - 1) + ")");
        }
        return Optional.of(new Shard(index, count));
    }

    /**
     * Whether this is the whole run (one shard).
     *
     * @return true for a run not split
     */
    public boolean whole() {
        return count == 1;
    }

    /**
     * This shard's share of {@code total} things: {@code total / count}, one more for the first {@code total % count} shards.
     *
     * @param total the whole run's count
     * @return this shard's part of it
     */
    public long share(long total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    /**
     * Where this shard's first arrival falls, in units of the arrival process's mean gap (operational
     * time), so that the shards' arrival streams together are the whole run's. Shard 0 (and a whole
     * run) starts at 0, as the whole run does. The others start as a stationary stream would:
     * constant spacing is offset by {@code index/count} of a gap, so the shards interleave exactly
     * into the whole run's constant spacing; a gamma (or Poisson) stream starts after the forward
     * recurrence time U·G*, with G* a length-biased gap (Gamma(k+1)/k), which for Poisson is a plain
     * exponential gap. n independent stationary Poisson streams at rate r/n superpose to a Poisson
     * stream at rate r; gamma streams superpose to the whole rate with gaps closer to Poisson than
     * their own.
     *
     * @param arrival the arrival process
     * @param random the shard's arrival stream (the same generator then draws the following gaps)
     * @return the offset of the first arrival, in mean gaps
     */
    public double firstArrivalUnits(Arrival arrival, RandomGenerator random) {
        if (index == 0) return 0;
        if (arrival instanceof Arrival.Constant) return (double) index / count;
        if (arrival instanceof Arrival.Gamma g) {
            double lengthBiased = arrival.nextUnitGap(random) + (-Math.log(1.0 - random.nextDouble())) / g.burstiness();
            return (1.0 - random.nextDouble()) * lengthBiased;
        }
        return arrival.nextUnitGap(random); // Poisson: memoryless, the first gap is a gap
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
