package io.benchsuite.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.core.prompt.SyntheticPrompts;
import io.benchsuite.core.prompt.Tokenizers;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RequestPlannerTest {
    private static final SyntheticPrompts PROMPTS = new SyntheticPrompts(Tokenizers.cl100k());

    private static List<PlannedRequest> plans(SeedChain chain, String scenario) {
        RequestPlanner planner = new RequestPlanner(chain.scenario(scenario), LengthDistribution.uniform(10, 200),
                LengthDistribution.logNormal(100, 0.5, 1, 1000), PROMPTS);
        List<PlannedRequest> out = new ArrayList<>();
        for (int i = 0; i < 50; i++) out.add(planner.plan(i));
        return out;
    }

    private static List<Long> schedule(SeedChain chain, String scenario) {
        ArrivalTimes t = new ArrivalTimes(Arrival.poisson(), RateProfile.steady(5),
                new SplittableRandom(chain.scenario(scenario).streamSeed("arrivals")));
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < 200; i++) out.add(t.next());
        return out;
    }

    @Test
    void sameSeedGivesIdenticalScheduleAndPromptSet() {
        assertThat(plans(SeedChain.fromLong(42), "chat")).isEqualTo(plans(SeedChain.fromLong(42), "chat"));
        assertThat(schedule(SeedChain.fromLong(42), "chat")).isEqualTo(schedule(SeedChain.fromLong(42), "chat"));
    }

    @Test
    void differentScenarioOrRootGivesDifferentRequests() {
        assertThat(plans(SeedChain.fromLong(42), "chat")).isNotEqualTo(plans(SeedChain.fromLong(42), "rag"));
        assertThat(schedule(SeedChain.fromLong(42), "chat")).isNotEqualTo(schedule(SeedChain.fromLong(43), "chat"));
    }

    @Test
    void requestContentDependsOnlyOnItsIndex() {
        RequestPlanner planner = new RequestPlanner(SeedChain.fromLong(1).scenario("x"), LengthDistribution.fixed(64),
                LengthDistribution.fixed(8), PROMPTS);
        PlannedRequest late = planner.plan(17);
        for (int i = 0; i < 17; i++) planner.plan(i);
        assertThat(planner.plan(17)).isEqualTo(late);
        assertThat(late.inputTokens()).isEqualTo(64);
        assertThat(Tokenizers.cl100k().countTokens(late.prompt())).isEqualTo(64);
        assertThat(late.promptHash()).hasSize(16).isEqualTo(RequestPlanner.hash(late.prompt()));
    }

    @Test
    void thePromptHashIsTheFirstEightBytesOfSha256EveryTime() {
        // the digest is reused per thread: a second call must not carry the first one's input
        assertThat(RequestPlanner.hash("abc")).isEqualTo("ba7816bf8f01cfea");
        assertThat(RequestPlanner.hash("abc")).isEqualTo("ba7816bf8f01cfea");
        assertThat(RequestPlanner.hash("")).isEqualTo("e3b0c44298fc1c14");
    }
}
