package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.RouteChoice;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.workload.ModelMix;
import io.benchsuite.api.workload.RequestRouting;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestRouterTest {

    private static InferenceRequest request(long index) {
        return new InferenceRequest(index, "default-model", List.of(ChatMessage.user("hi")), 1, 4, true, 0, index, true,
                Map.of("traceparent", "00-x"), null);
    }

    /** Collects the extras told to a request's listener. */
    private static final class Told implements ResponseListener {
        final List<Object> extras = new ArrayList<>();

        @Override
        public void onExtra(Object extra) {
            extras.add(extra);
        }

        @Override
        public void onSent(long nanoTime) {
        }

        @Override
        public void onTokens(long nanoTime, int tokenCount, String text) {
        }

        @Override
        public void onComplete(long nanoTime, Usage usage) {
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
        }
    }

    @Test
    void perSessionEveryTurnAsksForOneModelAndCarriesOneId() {
        ModelMix mix = ModelMix.parse("base=1,a=1,b=1", ModelMix.By.SESSION);
        RequestRouter router = new RequestRouter(new RequestRouting(Optional.of(mix), "x-session-id", "x-request-id"), "run1", 77);
        Set<String> modelsSeen = new HashSet<>();
        for (int session = 0; session < 30; session++) {
            Set<String> models = new HashSet<>();
            Set<String> ids = new HashSet<>();
            for (int turn = 0; turn < 4; turn++) {
                Told told = new Told();
                InferenceRequest r = router.route(request(session * 10L + turn), "conv-" + session, told);
                models.add(r.model());
                ids.add(r.headers().get("x-session-id"));
                assertThat(r.headers()).containsEntry("x-request-id", "run1-" + (session * 10L + turn))
                        .containsEntry("traceparent", "00-x");
                assertThat(told.extras).containsExactly(new RouteChoice(r.model(), "run1-conv-" + session, "run1-" + (session * 10L + turn)));
                assertThat(r.extras().get(RouteChoice.class)).contains((RouteChoice) told.extras.get(0));
            }
            assertThat(models).hasSize(1);
            assertThat(ids).containsExactly("run1-conv-" + session);
            modelsSeen.addAll(models);
        }
        assertThat(modelsSeen).as("30 sessions over 3 equal weights use them all").containsExactlyInAnyOrder("base", "a", "b");
    }

    @Test
    void perRequestAnIndependentRequestIsItsOwnSessionAndTheSameSeedPicksTheSame() {
        ModelMix mix = ModelMix.parse("base=0.5,a=0.5", ModelMix.By.REQUEST);
        RequestRouter one = new RequestRouter(new RequestRouting(Optional.of(mix), "x-session-id", ""), "r", 5);
        RequestRouter two = new RequestRouter(new RequestRouting(Optional.of(mix), "x-session-id", ""), "r", 5);
        for (long i = 0; i < 50; i++) {
            InferenceRequest r = one.route(request(i), null, new Told());
            assertThat(r.model()).isEqualTo(two.route(request(i), null, new Told()).model());
            assertThat(r.headers()).containsEntry("x-session-id", "r-" + i).doesNotContainKey("x-request-id");
        }
    }

    @Test
    void nothingRoutedLeavesTheRequestAsItIs() {
        InferenceRequest r = request(3);
        Told told = new Told();
        assertThat(new RequestRouter(RequestRouting.NONE, "r", 1).route(r, "s", told)).isSameAs(r);
        assertThat(told.extras).isEmpty();
    }
}
