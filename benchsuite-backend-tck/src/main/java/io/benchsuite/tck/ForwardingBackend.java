package io.benchsuite.tck;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.util.Checks;
import java.util.List;
import java.util.Optional;

/**
 * A backend that passes every call to another one: the base of a test's backend that watches or alters
 * some calls (what was sent, when it warmed up) and leaves the rest to a {@link ScriptedBackend} or a
 * real backend. Override what you need; each override should still call the delegate unless it means to
 * replace it. {@link #close()} closes the delegate.
 */
public class ForwardingBackend implements Backend {
    private final Backend delegate;

    /** @param delegate the backend every call goes to */
    public ForwardingBackend(Backend delegate) {
        this.delegate = Checks.notNull(delegate, "delegate");
    }

    /** The backend every call goes to. */
    protected Backend delegate() {
        return delegate;
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        return delegate.send(request, listener);
    }

    @Override
    public PreparedPrompt prepare(List<ChatMessage> messages) {
        return delegate.prepare(messages);
    }

    @Override
    public void preflight() {
        delegate.preflight();
    }

    @Override
    public void warmUp() {
        delegate.warmUp();
    }

    @Override
    public int openConnections(int connections) {
        return delegate.openConnections(connections);
    }

    @Override
    public BackendInfo info() {
        return delegate.info();
    }

    @Override
    public Optional<EngineSnapshot> engineSnapshot() {
        return delegate.engineSnapshot();
    }

    @Override
    public double timeScale() {
        return delegate.timeScale();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
