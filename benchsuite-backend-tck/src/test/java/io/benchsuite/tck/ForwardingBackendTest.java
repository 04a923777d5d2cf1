package io.benchsuite.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ForwardingBackendTest {

    /** Records every call it gets. */
    private static final class Recording implements Backend {
        final List<String> calls = new ArrayList<>();
        final BackendInfo info = new BackendInfo("recording", "m", "in-process", Map.of());
        final RequestHandle handle = () -> calls.add("cancel");

        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            calls.add("send " + request.index());
            return handle;
        }

        @Override
        public PreparedPrompt prepare(List<ChatMessage> messages) {
            calls.add("prepare");
            return null;
        }

        @Override
        public void preflight() {
            calls.add("preflight");
        }

        @Override
        public void warmUp() {
            calls.add("warm-up");
        }

        @Override
        public BackendInfo info() {
            calls.add("info");
            return info;
        }

        @Override
        public Optional<EngineSnapshot> engineSnapshot() {
            calls.add("engine snapshot");
            return Optional.empty();
        }

        @Override
        public void close() {
            calls.add("close");
        }
    }

    @Test
    void everyCallReachesTheDelegate() {
        Recording inner = new Recording();
        ForwardingBackend b = new ForwardingBackend(inner);
        InferenceRequest r = new InferenceRequest(7, "m", List.of(ChatMessage.user("hi")), 1, 1, true, 0.0, 0, true, Map.of());

        b.preflight();
        b.warmUp();
        assertThat(b.prepare(r.messages())).isNull();
        assertThat(b.send(r, new ResponseListener.Ignoring())).isSameAs(inner.handle);
        assertThat(b.info()).isSameAs(inner.info);
        assertThat(b.engineSnapshot()).isEmpty();
        b.close();

        assertThat(inner.calls).containsExactly("preflight", "warm-up", "prepare", "send 7", "info", "engine snapshot", "close");
        assertThat(b.delegate()).isSameAs(inner);
    }

    @Test
    void aMissingDelegateIsNamed() {
        assertThatThrownBy(() -> new ForwardingBackend(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("delegate must not be null");
    }
}
