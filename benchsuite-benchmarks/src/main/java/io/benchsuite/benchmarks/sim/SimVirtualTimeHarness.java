package io.benchsuite.benchmarks.sim;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.sim.SimEngineState;
import io.benchsuite.sim.SimSettings;
import io.benchsuite.sim.SimulatedServer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * How fast the simulated engine runs in virtual time, the engine alone (no dispatcher, no report):
 * an hour of open-loop traffic by default, 72,000 requests of 512 prompt / 256 output tokens arriving
 * as a seeded Poisson process at 20 requests/s, on the default sim settings (Llama-3-8B, A100 80GB,
 * vLLM). The listener keeps what a report needs per request (send, first-token and end times, token
 * count) in arrays. Prints the wall time, the simulated time, latency figures and the device figures,
 * and a checksum of every event time, which must be the same on every run and machine.
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.sim.SimVirtualTimeHarness \
 *     [requests] [rate] [input] [output] [key=value backend options...]
 * </pre>
 */
public final class SimVirtualTimeHarness {
    private SimVirtualTimeHarness() {}

    public static void main(String[] args) {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 72_000;
        double rate = args.length > 1 ? Double.parseDouble(args[1]) : 20;
        int input = args.length > 2 ? Integer.parseInt(args[2]) : 512;
        int output = args.length > 3 ? Integer.parseInt(args[3]) : 256;
        Map<String, String> options = new HashMap<>();
        for (int i = 4; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            options.put(kv[0], kv[1]);
        }
        SimSettings settings = SimSettings.fromConfig(BackendConfig.of(options));
        for (int round = 1; round <= 3; round++) {
            long t0 = System.nanoTime();
            Result r = run(settings, requests, rate, input, output);
            double wall = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "round %d: %d requests (%d in / %d out) at %.1f req/s on %s x %d, %s: "
                            + "%.1f s simulated in %.2f s of wall time (%.0fx real time), checksum %016x%n",
                    round, requests, input, output, rate, settings.device().name(), settings.tensorParallel(),
                    settings.engine().label(), r.simulatedSeconds, wall, r.simulatedSeconds / wall, r.checksum);
            if (round == 3) print(r);
        }
    }

    private record Result(double simulatedSeconds, long checksum, double[] ttft, double[] tpot, SimEngineState state,
                          EngineSnapshot usage) {
    }

    private static Result run(SimSettings settings, int requests, double rate, int input, int output) {
        SimulatedServer server = new SimulatedServer(settings);
        long[] sent = new long[requests];
        long[] first = new long[requests];
        long[] end = new long[requests];
        long[] checksum = {0};
        SplittableRandom arrivals = new SplittableRandom(0x5eed);
        List<ChatMessage> prompt = List.of(ChatMessage.user("harness"));
        long at = 0;
        for (int i = 0; i < requests; i++) {
            at += (long) (-Math.log(1 - arrivals.nextDouble()) / rate * 1e9);
            int index = i;
            ResponseListener l = new ResponseListener() {
                @Override
                public void onSent(long nanoTime) {
                    sent[index] = nanoTime;
                }

                @Override
                public void onTokens(long nanoTime, int tokenCount, String text) {
                    if (first[index] == 0) first[index] = nanoTime;
                    checksum[0] = checksum[0] * 31 + nanoTime;
                }

                @Override
                public void onComplete(long nanoTime, Usage usage) {
                    end[index] = nanoTime;
                }

                @Override
                public void onError(long nanoTime, BackendError error) {
                    throw new IllegalStateException("request " + index + " failed: " + error);
                }
            };
            server.send(new InferenceRequest(i, "harness", prompt, input, output, true, 0, i, true, Map.of()), l, at);
        }
        long last = server.drain();
        double[] ttft = new double[requests];
        double[] tpot = new double[requests];
        for (int i = 0; i < requests; i++) {
            ttft[i] = (first[i] - sent[i]) / 1e9;
            tpot[i] = (end[i] - first[i]) / 1e9 / (output - 1);
        }
        return new Result(last / 1e9, checksum[0], ttft, tpot, server.state(), server.engineSnapshot());
    }

    private static void print(Result r) {
        Arrays.sort(r.ttft);
        Arrays.sort(r.tpot);
        System.out.printf(Locale.ROOT, "TTFT ms p50 %.1f p99 %.1f; TPOT ms p50 %.2f p99 %.2f; steps %d, preemptions %d%n",
                1e3 * q(r.ttft, 0.5), 1e3 * q(r.ttft, 0.99), 1e3 * q(r.tpot, 0.5), 1e3 * q(r.tpot, 0.99), r.state.steps(),
                r.state.preemptions());
        EngineSnapshot u = r.usage;
        System.out.printf(Locale.ROOT, "memory peak %.1f GB of %.1f (weights %.1f); KV fragmentation mean %.3f max %.3f; "
                        + "prefix hit rate %.3f; energy %.0f kJ, %.3f J per output token, mean power %.0f W, busy %.1f %%%n",
                u.peakMemoryBytes() / 1e9, u.memoryCapacityBytes() / 1e9, u.weightBytes() / 1e9, u.meanFragmentation(),
                u.maxFragmentation(), u.prefixHitRate(), u.energyJoules() / 1e3, u.energyPerOutputToken(), u.averagePowerWatts(),
                100 * u.busyShare());
    }

    private static double q(double[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(p * sorted.length))];
    }
}
