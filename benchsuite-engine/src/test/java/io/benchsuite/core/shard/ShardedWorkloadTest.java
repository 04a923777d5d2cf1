package io.benchsuite.core.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.run.Shard;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.schedule.ArrivalTimes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The shards' parts add up to the whole load. The arrival tests are statistical statements about
 * fixed seeds (so they are deterministic); each bound is chosen so that a correct split fails it
 * with probability below 0.1 %, and a wrong split (every shard at the whole rate, shards sharing a
 * seed, every shard starting with an arrival at 0) fails it by far.
 */
class ShardedWorkloadTest {
    private static final SeedChain ROOT = SeedChain.fromLong(42);
    private static final long SECOND = 1_000_000_000L;

    private static Workload open(Arrival arrival, RateProfile rate, int cap) {
        return Workload.open().arrival(arrival).rate(rate).maxConcurrency(cap).duration(Duration.ofSeconds(100)).build();
    }

    /** Every shard's scheduled instants before {@code until}, as a shard process would draw them. */
    private static List<Long> unionOfShards(Workload whole, int n, long until) {
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < n; i++) all.addAll(shardSchedule(whole, new Shard(i, n), until));
        Collections.sort(all);
        return all;
    }

    static List<Long> shardSchedule(Workload whole, Shard shard, long until) {
        LoadModel.OpenLoop load = (LoadModel.OpenLoop) ShardedWorkload.of(whole, shard).load();
        SplittableRandom random = new SplittableRandom(
                ROOT.shard(shard.index(), shard.count()).scenario(whole.name()).streamSeed("arrivals"));
        ArrivalTimes times = new ArrivalTimes(load.arrival(), load.rate(), random,
                shard.firstArrivalUnits(load.arrival(), random));
        List<Long> out = new ArrayList<>();
        for (long t = times.next(); t < until; t = times.next()) out.add(t);
        return out;
    }

    @Test
    void poissonShardsSuperposeToAPoissonStreamAtTheWholeRate() {
        double rate = 200;
        int n = 4;
        List<Long> union = unionOfShards(open(Arrival.poisson(), RateProfile.steady(rate), 64), n, 100 * SECOND);

        // count: Poisson(20,000) has sd 141.4; 5 sd = 707
        assertThat((double) union.size()).isCloseTo(rate * 100, Offset.offset(707.0));
        // exactly one arrival at 0 (shard 0's, as the whole run has), not one per shard
        assertThat(union.stream().filter(t -> t == 0).count()).isEqualTo(1);

        // gaps of the union are exponential with mean 1/rate: Kolmogorov-Smirnov D below 1.95/sqrt(N) (alpha 0.001)
        double[] gaps = new double[union.size() - 1];
        for (int i = 1; i < union.size(); i++) gaps[i - 1] = (union.get(i) - union.get(i - 1)) / 1e9;
        Arrays.sort(gaps);
        double d = 0;
        for (int i = 0; i < gaps.length; i++) {
            double cdf = 1 - Math.exp(-rate * gaps[i]);
            d = Math.max(d, Math.max(Math.abs(cdf - (double) i / gaps.length), Math.abs(cdf - (double) (i + 1) / gaps.length)));
        }
        assertThat(d).isLessThan(1.95 / Math.sqrt(gaps.length));

        // counts per second are Poisson: index of dispersion (99 * var/mean) inside chi-square(99)'s
        // two-sided 99.9 % interval [59, 152] (Wilson-Hilferty)
        long[] perSecond = new long[100];
        for (long t : union) perSecond[(int) (t / SECOND)]++;
        double mean = Arrays.stream(perSecond).average().orElseThrow();
        double var = Arrays.stream(perSecond).mapToDouble(c -> (c - mean) * (c - mean)).sum() / 99;
        assertThat(99 * var / mean).isBetween(59.0, 152.0);
    }

    @Test
    void shardsDrawIndependentStreamsAtTheirShareOfTheRate() {
        Workload whole = open(Arrival.poisson(), RateProfile.steady(200), 64);
        List<Long> a = shardSchedule(whole, new Shard(1, 4), 100 * SECOND);
        List<Long> b = shardSchedule(whole, new Shard(2, 4), 100 * SECOND);
        // 50 req/s each: Poisson(5,000), sd 70.7, 5 sd = 354
        assertThat((double) a.size()).isCloseTo(5000, Offset.offset(354.0));
        assertThat((double) b.size()).isCloseTo(5000, Offset.offset(354.0));
        assertThat(a.subList(0, 100)).doesNotContainAnyElementsOf(b.subList(0, 100));
    }

    @Test
    void constantShardsInterleaveIntoTheWholeRunsSpacing() {
        Workload whole = open(Arrival.constant(), RateProfile.steady(10), 8);
        List<Long> union = unionOfShards(whole, 4, 10 * SECOND);
        assertThat(union).hasSize(100);
        for (int k = 0; k < union.size(); k++) {
            assertThat(union.get(k)).as("arrival %d", k).isCloseTo(k * SECOND / 10, Offset.offset(2L));
        }
    }

    @Test
    void aRampIsSplitPieceByPieceAndTheUnionFollowsIt() {
        Workload whole = open(Arrival.poisson(), RateProfile.ramp(0, 100, Duration.ofSeconds(60)), 64);
        RateProfile part = ((LoadModel.OpenLoop) ShardedWorkload.of(whole, new Shard(3, 4)).load()).rate();
        assertThat(part).isEqualTo(RateProfile.ramp(0, 25, Duration.ofSeconds(60)));
        // Λ(60 s) = 3,000 arrivals: sd 54.8, 5 sd = 274; the first half holds a quarter of them (750, sd 27.4)
        List<Long> union = unionOfShards(whole, 4, 60 * SECOND);
        assertThat((double) union.size()).isCloseTo(3000, Offset.offset(274.0));
        assertThat((double) union.stream().filter(t -> t < 30 * SECOND).count())
                .isCloseTo(750, Offset.offset(137.0));
    }

    @Test
    void usersAreSharedOutWithTheRemainderToTheFirstShards() {
        Workload whole = Workload.closed(10).duration(Duration.ofSeconds(10)).build();
        List<Double> users = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            users.add(((LoadModel.ClosedLoop) ShardedWorkload.of(whole, new Shard(i, 4)).load()).users().levelAt(0));
        }
        assertThat(users.stream().map(u -> (int) Math.floor(u + 1e-12)).toList()).containsExactly(3, 3, 2, 2);
    }

    @Test
    void aRisingNumberOfUsersAddsUpAtEveryInstant() {
        Workload whole = Workload.closed(1).users(RateProfile.ramp(0, 10, Duration.ofSeconds(10)))
                .duration(Duration.ofSeconds(20)).build();
        List<RateProfile> parts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            parts.add(((LoadModel.ClosedLoop) ShardedWorkload.of(whole, new Shard(i, 3)).load()).users());
        }
        RateProfile all = ((LoadModel.ClosedLoop) whole.load()).users();
        for (long t = 0; t <= 12 * SECOND; t += SECOND / 100) {
            long sum = 0;
            for (RateProfile p : parts) sum += (long) Math.floor(p.levelAt(t) + 1e-12);
            assertThat(sum).as("users at %d ms", t / 1_000_000).isEqualTo((long) Math.floor(all.levelAt(t) + 1e-12));
        }
    }

    @Test
    void capAndRequestCountAreSharedOutAndTheRestIsTheWholeRuns() {
        Workload whole = Workload.open().rate(8).maxConcurrency(10).maxRequests(103).warmup(Duration.ofSeconds(1))
                .name("chat").build();
        Workload s0 = ShardedWorkload.of(whole, new Shard(0, 4));
        Workload s3 = ShardedWorkload.of(whole, new Shard(3, 4));
        assertThat(s0.load().concurrencyLimit()).isEqualTo(3);
        assertThat(s3.load().concurrencyLimit()).isEqualTo(2);
        assertThat(s0.maxRequests()).isEqualTo(26);
        assertThat(s3.maxRequests()).isEqualTo(25);
        assertThat(s3.name()).isEqualTo("chat");
        assertThat(s3.warmup()).isEqualTo(Duration.ofSeconds(1));
        assertThat(((LoadModel.OpenLoop) s3.load()).rate()).isEqualTo(RateProfile.steady(2));
        assertThat(ShardedWorkload.of(whole, Shard.WHOLE)).isSameAs(whole);
    }

    @Test
    void aLoadTooSmallToSplitIsRefusedNamingWhatIsTooSmall() {
        assertThatThrownBy(() -> ShardedWorkload.of(Workload.closed(3).duration(Duration.ofSeconds(5)).build(),
                new Shard(3, 4))).hasMessage("closed loop with at most 3 users cannot be split into 4 shards: shard 3/4 "
                        + "would have no user");
        assertThatThrownBy(() -> ShardedWorkload.of(Workload.open().rate(5).maxConcurrency(2)
                .duration(Duration.ofSeconds(5)).build(), new Shard(0, 4)))
                .hasMessageContaining("the concurrency cap (2) must be at least the number of shards (4)");
        assertThatThrownBy(() -> ShardedWorkload.of(Workload.open().rate(5).maxRequests(3).build(), new Shard(0, 4)))
                .hasMessage("the request count (3) must be at least the number of shards (4)");
    }

    @Test
    void shardsAreParsedAndReadFromTheIndexedJobsVariable() {
        assertThat(Shard.parse(" 2/4 ")).isEqualTo(new Shard(2, 4));
        assertThatThrownBy(() -> Shard.parse("4/4")).hasMessage("shard index must be from 0 to 3, got 4");
        assertThatThrownBy(() -> Shard.parse("two")).hasMessageContaining("<index>/<count>").hasMessageContaining("'two'");
        assertThat(Shard.fromEnvironment(v -> v.equals("JOB_COMPLETION_INDEX") ? "3" : null, 4)).contains(new Shard(3, 4));
        assertThat(Shard.fromEnvironment(v -> null, 4)).isEmpty();
        assertThatThrownBy(() -> Shard.fromEnvironment(v -> "4", 4))
                .hasMessage("JOB_COMPLETION_INDEX=4 is not a shard of 4 (expected 0 to 3)");
        assertThatThrownBy(() -> Shard.fromEnvironment(v -> "x", 4))
                .hasMessage("JOB_COMPLETION_INDEX must be a whole number, got 'x'");
        assertThat(new Shard(1, 3).share(10)).isEqualTo(3);
        assertThat(new Shard(0, 3).share(10)).isEqualTo(4);
    }
}
