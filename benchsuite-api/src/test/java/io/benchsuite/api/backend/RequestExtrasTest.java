package io.benchsuite.api.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.source.RequestPlan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestExtrasTest {

    record Tools(List<String> names) {}

    record Bytes(long sent) implements RequestExtras.Logged {
        @Override
        public Map<String, Object> logFields() {
            return Map.of("payloadBytes", sent);
        }
    }

    @Test
    void holdsOneValuePerTypeLookedUpByType() {
        RequestExtras e = RequestExtras.none().with(new Tools(List.of("a"))).with(new Bytes(10)).with(new Tools(List.of("b")));
        assertThat(e.get(Tools.class)).contains(new Tools(List.of("b")));
        assertThat(e.get(Bytes.class)).contains(new Bytes(10));
        assertThat(e.get(String.class)).isEmpty();
        assertThat(e.values()).containsExactly(new Tools(List.of("b")), new Bytes(10));
        assertThat(RequestExtras.none().isEmpty()).isTrue();
        assertThat(RequestExtras.of(new Bytes(1)).withAll(RequestExtras.of(new Bytes(2)))).isEqualTo(RequestExtras.of(new Bytes(2)));
    }

    @Test
    void refusesNullNamingIt() {
        assertThatThrownBy(() -> RequestExtras.none().with(null)).hasMessageContaining("value");
        assertThatThrownBy(() -> RequestPlan.builder(0).extra(null)).hasMessageContaining("extra");
    }

    @Test
    void aPlanAndARequestCarryThem() {
        RequestPlan p = RequestPlan.builder(0).prompt("hi").inputTokens(1).outputTokens(2).extra(new Tools(List.of("f"))).build();
        assertThat(p.extras().get(Tools.class)).contains(new Tools(List.of("f")));
        InferenceRequest r = new InferenceRequest(0, "m", p.messages(), 1, 2, true, 0, 0, true, Map.of()).withExtras(p.extras());
        assertThat(r.extras().get(Tools.class)).contains(new Tools(List.of("f")));
        assertThat(r.withHeaders(Map.of("x", "y")).extras()).isEqualTo(r.extras());
        assertThat(r.withExtra(new Bytes(3)).extras().values()).hasSize(2);
    }
}
