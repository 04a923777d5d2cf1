package io.benchsuite.sim.calibration;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.SimulatedServer;
import java.util.List;
import java.util.Map;

/** Benchmark shapes of the published measurements, run on the simulator in virtual time. */
final class VirtualRuns {
    private VirtualRuns() {
    }

    /** The times of one request, simulated seconds from its send. */
    record Timing(double ttft, double e2e, double decodeSeconds, int tokens) {
        /** Tokens per second after the first (the decode speed benchmarks report at batch 1). */
        double decodeRate() {
            return (tokens - 1) / decodeSeconds;
        }

        /** Mean time per output token after the first, seconds. */
        double tpot() {
            return decodeSeconds / (tokens - 1);
        }
    }

    static InferenceRequest request(long index, int input, int output) {
        return new InferenceRequest(index, "calibration", List.of(ChatMessage.user("calibration request " + index)), input,
                output, true, 0, index, true, Map.of());
    }

    private static final class Times implements ResponseListener {
        long sent = -1;
        long first = -1;
        long last = -1;
        long end = -1;
        int tokens;
        Runnable onEnd = () -> { };

        @Override
        public void onSent(long nanoTime) {
            sent = nanoTime;
        }

        @Override
        public void onTokens(long nanoTime, int tokenCount, String text) {
            if (first < 0) first = nanoTime;
            last = nanoTime;
            tokens += tokenCount;
        }

        @Override
        public void onComplete(long nanoTime, Usage usage) {
            end = nanoTime;
            onEnd.run();
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            throw new IllegalStateException("calibration request failed: " + error);
        }
    }

    /** One request alone. */
    static Timing single(SimSettings settings, int input, int output) {
        SimulatedServer server = new SimulatedServer(settings);
        Times t = new Times();
        server.send(request(0, input, output), t, 0);
        server.drain();
        return new Timing((t.first - t.sent) / 1e9, (t.end - t.sent) / 1e9, (t.last - t.first) / 1e9, t.tokens);
    }

    /** {@code n} requests sent at once (an offline or infinite-rate benchmark): output tokens per second over the whole run. */
    static double offlineOutputRate(SimSettings settings, int n, int input, int output) {
        SimulatedServer server = new SimulatedServer(settings);
        for (int i = 0; i < n; i++) server.send(request(i, input, output), new Times(), 0);
        long end = server.drain();
        return (double) n * output / (end / 1e9);
    }

    /** {@code n} requests sent at once: seconds until the last one ends. */
    static double batchSeconds(SimSettings settings, int n, int input, int output) {
        SimulatedServer server = new SimulatedServer(settings);
        for (int i = 0; i < n; i++) server.send(request(i, input, output), new Times(), 0);
        return server.drain() / 1e9;
    }

    /** {@code users} closed-loop users sending {@code perUser} requests each, back to back: output tokens per second. */
    static double closedLoopOutputRate(SimSettings settings, int users, int perUser, int input, int output) {
        SimulatedServer server = new SimulatedServer(settings);
        long[] next = {0};
        for (int u = 0; u < users; u++) sendChain(server, next, perUser, input, output);
        long end = server.drain();
        return (double) users * perUser * output / (end / 1e9);
    }

    private static void sendChain(SimulatedServer server, long[] next, int remaining, int input, int output) {
        if (remaining == 0) return;
        Times t = new Times();
        t.onEnd = () -> sendChain(server, next, remaining - 1, input, output);
        server.send(request(next[0]++, input, output), t, server.now());
    }
}
