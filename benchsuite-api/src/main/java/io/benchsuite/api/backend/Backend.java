package io.benchsuite.api.backend;

import java.util.List;
import java.util.Optional;

/**
 * A connection to one serving stack. Created by a {@link BackendProvider}; used by one run and then
 * closed. Implementations must be thread-safe: {@link #send} is called from the engine's dispatcher
 * thread while earlier requests stream on other threads.
 */
public interface Backend extends AutoCloseable {

    /**
     * Starts one request and returns at once; events go to {@code listener} as described in
     * {@link ResponseListener}. Must not block on the network or on generation. Failures are
     * reported through {@link ResponseListener#onError}, never thrown.
     *
     * @param request the request to send
     * @param listener receives the request's events
     * @return a handle that cancels the request
     */
    RequestHandle send(InferenceRequest request, ResponseListener listener);

    /**
     * Makes ahead of time what of a request's wire form depends only on its messages (for a JSON API
     * their escaped JSON), so that {@link #send} costs the sending thread little when the request is due:
     * a burst of large prompts then goes out within microseconds of its instant instead of one
     * rendering after another. The engine calls this on its planning thread, as soon as a prompt is
     * ready (often seconds before it is due), and hands the result back in
     * {@link InferenceRequest#prepared()}; {@link #send} must still accept a request without one, or with
     * one made by another backend. Thread-safe; a failure here only means the request is rendered when
     * sent. The default prepares nothing: {@code null}.
     *
     * @param messages the prompt's messages, exactly as the request will carry them
     * @return this backend's rendering of {@code messages}, or {@code null} when it has nothing to do ahead
     */
    default PreparedPrompt prepare(List<ChatMessage> messages) {
        return null;
    }

    /**
     * {@link #prepare(java.util.List)} for a request that carries more than its messages: a backend may also
     * make ahead what costs time in its extras (encoding the images a request carries), so that cost falls on
     * the planning thread, not inside the request's send and latency. The engine calls this one; the default
     * prepares the messages only.
     *
     * @param messages the prompt's messages, exactly as the request will carry them
     * @param extras what the request will carry beyond its messages
     * @return this backend's rendering of {@code messages}, or {@code null} when it has nothing to do ahead
     */
    default PreparedPrompt prepare(List<ChatMessage> messages, RequestExtras extras) {
        return prepare(messages);
    }

    /**
     * Checks that the server is there before any request is counted (e.g. {@code GET /v1/models}).
     * The default does nothing.
     *
     * @throws BackendException with a clear message when the backend is unusable
     */
    default void preflight() {
    }

    /**
     * Runs this backend's own request path once or a few dozen times, without a byte to the measured
     * server (e.g. against a loopback server of its own), so that a run's first requests are not sent
     * by code the JVM has never run: loading, linking and compiling it would otherwise fall between
     * their scheduled instants and their sends. A real-time run calls this once, just before its clock
     * starts and after everything else of the run is set up, since loading a class later can undo
     * compiled code that the warm-up produced; a virtual-time run does not call it. It must leave no
     * thread running and must not fail the run: trouble only means a colder start. The default does
     * nothing.
     */
    default void warmUp() {
    }

    /**
     * Opens connections to the measured server ahead of the run, so that the requests due at the run's
     * start find them open instead of each paying for a connect between its instant and its send (a
     * replayed trace starts with bursts of many requests at one instant). A real-time run calls this
     * once, just before its clock starts, with how many requests are due in its first second (a replayed
     * trace's arrivals; other load patterns do not ask); the backend opens up to that many, within its
     * own limits and unless its user chose a number (then that number, opened in {@link #preflight()},
     * stands). Connects made here are inside no request's latency, which each request's record shows (no
     * connect time). Must not fail the run. The default opens none.
     *
     * @param connections how many requests are due in the run's first second
     * @return how many connections this opened
     */
    default int openConnections(int connections) {
        return 0;
    }

    /**
     * What this backend is, for the report (name, model, endpoint without credentials, version).
     *
     * @return what this backend is, for the report (name, model, endpoint without credentials, version)
     */
    BackendInfo info();

    /**
     * What the serving engine behind this backend did since it started (request stages, prefix-cache
     * hits, tokens, device memory and its curve, KV-cache fragmentation, energy, compiled code), for a
     * backend that can see its own engine, such as the simulator or an in-process engine. A run calls
     * this once when it starts and once when it ends, after the last request, and puts the figures over
     * the run in the report's {@code engineSnapshot} section. Callable from any thread, cheap. The default
     * knows nothing: empty. A backend behind HTTP leaves it empty; the server's own metrics tell instead.
     *
     * @return the engine's figures now, or empty when the backend cannot see its engine
     */
    default Optional<EngineSnapshot> engineSnapshot() {
        return Optional.empty();
    }

    /**
     * Wall-clock seconds per second of the time this backend's latencies stand for: 1 for a real
     * server; a simulator that runs faster than real time returns its scale (0.1: ten times faster).
     * A run against a backend whose scale is not 1 reports every latency, rate and duration in the
     * backend's time (its wall-clock measurements divided by the scale), so that the figures are the
     * ones the simulated server would show, and says so in every report. The default is 1.
     *
     * @return wall seconds per second of the backend's time, finite and above 0
     */
    default double timeScale() {
        return 1.0;
    }

    /** Releases connections and threads; after this no thread of the backend keeps running. */
    @Override
    void close();
}
