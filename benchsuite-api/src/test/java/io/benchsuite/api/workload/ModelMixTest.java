package io.benchsuite.api.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class ModelMixTest {

    @Test
    void parsesNamesAndWeightsInOrder() {
        ModelMix mix = ModelMix.parse("base=0.6, adapter-a=0.3,adapter-b=10%", ModelMix.By.SESSION);
        assertThat(mix.entries()).extracting(ModelMix.Entry::name).containsExactly("base", "adapter-a", "adapter-b");
        assertThat(mix.shares().get("adapter-b")).isCloseTo(0.1, Offset.offset(1e-12));
        assertThat(mix.by()).isEqualTo(ModelMix.By.SESSION);
        assertThat(ModelMix.parse(mix.describe(), ModelMix.By.REQUEST).shares()).isEqualTo(mix.shares());
    }

    @Test
    void badTextNamesWhatIsWrong() {
        assertThatThrownBy(() -> ModelMix.parse("base", ModelMix.By.REQUEST)).hasMessage("expected name=weight, got 'base'");
        assertThatThrownBy(() -> ModelMix.parse("base=x", ModelMix.By.REQUEST))
                .hasMessage("the weight of 'base' is not a number: 'x'");
        assertThatThrownBy(() -> ModelMix.parse("base=0", ModelMix.By.REQUEST))
                .hasMessage("the weight of 'base' must be a positive number, got 0.0");
        assertThatThrownBy(() -> ModelMix.parse("a=1,a=2", ModelMix.By.REQUEST)).hasMessage("model 'a' is named twice");
        assertThatThrownBy(() -> ModelMix.by("turn")).hasMessage("expected request or session, got 'turn'");
    }

    @Test
    void theSameSeedPicksTheSameModelsAndSharesHoldWithinThreeStandardDeviations() {
        ModelMix mix = ModelMix.parse("base=0.6,adapter-a=0.3,adapter-b=0.1", ModelMix.By.REQUEST);
        int n = 5000;
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String m = mix.pick(42, i);
            assertThat(mix.pick(42, i)).isEqualTo(m);
            counts.merge(m, 1, Integer::sum);
        }
        mix.shares().forEach((name, p) -> {
            double sd = Math.sqrt(n * p * (1 - p));
            assertThat((double) counts.getOrDefault(name, 0)).as(name).isBetween(n * p - 3 * sd, n * p + 3 * sd);
        });
        long differ = IntStream.range(0, 200).filter(i -> !mix.pick(42, i).equals(mix.pick(43, i))).count();
        assertThat(differ).as("another seed picks otherwise").isPositive();
    }

    @Test
    void routingChecksHeaderNames() {
        RequestRouting r = new RequestRouting(Optional.empty(), "X-Session-Id", "x-request-id");
        assertThat(r.sessionHeader()).isEqualTo("x-session-id");
        assertThat(r.any()).isTrue();
        assertThat(RequestRouting.NONE.any()).isFalse();
        assertThatThrownBy(() -> new RequestRouting(Optional.empty(), "x session", ""))
                .hasMessage("sessionHeader: 'x session' is not an HTTP header name");
        assertThatThrownBy(() -> new RequestRouting(Optional.empty(), "Authorization", ""))
                .hasMessage("sessionHeader: 'Authorization' is a header the client sets itself");
        assertThatThrownBy(() -> new RequestRouting(Optional.empty(), "x-id", "X-ID"))
                .hasMessage("the session and request-id headers must differ, both are 'x-id'");
        assertThat(new RequestRouting(Optional.of(ModelMix.parse("a=1", ModelMix.By.REQUEST)), "", "").mixes()).isTrue();
        assertThat(List.of(r.requestIdHeader())).containsExactly("x-request-id");
    }
}
