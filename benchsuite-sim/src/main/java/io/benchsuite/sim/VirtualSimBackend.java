package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PreparedPrompt;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.VirtualTimeBackend;
import java.util.List;
import java.util.Optional;

/**
 * The {@code sim} backend with {@code clock=virtual}: a {@link SimulatedServer} that a benchmark run
 * drives. It has no thread and reads no clock; the run takes its instants from {@link #nowNanos()}
 * and advances the server to its next event instead of waiting, so an hour of traffic is simulated in
 * seconds, exactly and repeatably. Sends happen at the server's now; every listener event is delivered
 * on the driver's thread with simulated nanoseconds. Not thread-safe (one driver), except
 * {@link #nowNanos()} for display.
 */
public final class VirtualSimBackend implements VirtualTimeBackend {
    private final SimulatedServer server;
    private boolean closed;

    /**
     * A virtual-time engine with these settings, at simulated time 0.
     *
     * @throws IllegalArgumentException when the model does not fit on the devices
     */
    public VirtualSimBackend(SimSettings settings) {
        this(new SimulatedServer(settings));
    }

    VirtualSimBackend(SimulatedServer server) {
        this.server = notNull(server, "server");
    }

    /** The server behind it (its state and physics). */
    public SimulatedServer server() {
        return server;
    }

    @Override
    public long nowNanos() {
        return server.now();
    }

    @Override
    public long nextEventNanos() {
        return server.nextEventNanos();
    }

    @Override
    public void advanceTo(long nanos) {
        server.advanceTo(nanos);
    }

    /**
     * {@inheritDoc} The prompt's block hashes, as {@link SimBackend#prepare(List)} makes them: the engine prepares
     * a run's prompts on its planner thread, so hashing each prompt's words (about a tenth of the run thread's CPU
     * samples in a profile of a simulated hour, with the send it sat in) leaves the thread that runs the simulation.
     */
    @Override
    public PreparedPrompt prepare(List<ChatMessage> messages) {
        notNull(messages, "messages");
        return SimBackend.blocksAhead(messages, ChatMessage.join(messages));
    }

    /** {@inheritDoc} At the server's now; after {@link #close()} the request is rejected at once. */
    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        notNull(request, "request");
        notNull(listener, "listener");
        long t = server.now();
        if (closed) {
            listener.onSent(t);
            listener.onError(t, BackendError.of(ErrorKind.REJECTED, "sim backend is closed"));
            return RequestHandle.NONE;
        }
        return server.send(request, listener, t);
    }

    @Override
    public BackendInfo info() {
        return server.info();
    }

    /**
     * {@inheritDoc} At the server's now, in simulated seconds (the clock this backend's events carry), so that a
     * virtual-clock run has the {@code engineSnapshot} section, the exact stage split and the memory indices too.
     */
    @Override
    public Optional<EngineSnapshot> engineSnapshot() {
        return Optional.of(server.engineSnapshot());
    }

    /** Cancels what is waiting or running, at the server's now. Idempotent. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        server.cancelAll(server.now(), "backend closed");
    }
}
