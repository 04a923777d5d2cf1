package io.benchsuite.benchmarks.sim;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.sim.SimBackend;
import io.benchsuite.sim.SimPhysics;
import io.benchsuite.sim.SimSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How closely the real-time {@code sim} backend keeps to its physics on this machine: sends
 * requests one after another (so each step's length is known exactly) and compares every TTFT and
 * every token gap with the simulated duration. A ratio below 1 would be a token earlier than the
 * physics allows (the engine never does that); above 1 is time the host took (wake-up delays,
 * descheduling), kept rather than made up. Each listener also burns {@code workMicros} of CPU on
 * every event, as a report writer would; that work runs on the delivery thread and must not move
 * the figures.
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.sim.SimRealTimeFidelityHarness [requests] [workMicros]
 * </pre>
 */
public final class SimRealTimeFidelityHarness {
    private SimRealTimeFidelityHarness() {}

    public static void main(String[] args) throws InterruptedException {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long workMicros = args.length > 1 ? Long.parseLong(args[1]) : 200;
        int prompt = 1000;
        int output = 64;
        List<Double> ttftRatio = new ArrayList<>();
        List<Double> gapRatio = new ArrayList<>();
        try (SimBackend sim = new SimBackend(SimSettings.builder().build())) {
            SimPhysics p = sim.physics();
            for (int i = 0; i < requests; i++) {
                long[] times = new long[output + 1];
                CountDownLatch done = new CountDownLatch(1);
                ResponseListener l = new ResponseListener() {
                    int n;

                    @Override
                    public void onSent(long nanoTime) {
                        times[0] = nanoTime;
                    }

                    @Override
                    public void onTokens(long nanoTime, int tokenCount, String text) {
                        times[++n] = nanoTime;
                        burn(workMicros);
                    }

                    @Override
                    public void onComplete(long nanoTime, Usage usage) {
                        done.countDown();
                    }

                    @Override
                    public void onError(long nanoTime, BackendError error) {
                        done.countDown();
                    }
                };
                sim.send(new InferenceRequest(i, "llama-3-8b", List.of(ChatMessage.user("request " + i)), prompt, output,
                        true, 0, i, true, Map.of()), l);
                if (!done.await(60, TimeUnit.SECONDS)) throw new IllegalStateException("request " + i + " did not end");
                ttftRatio.add((times[1] - times[0]) / 1e9 / p.prefillSeconds(prompt));
                for (int k = 2; k <= output; k++) {
                    gapRatio.add((times[k] - times[k - 1]) / 1e9 / p.decodeStepSeconds(1, prompt + k - 1));
                }
            }
            System.out.printf(Locale.ROOT, "%d requests of %d in / %d out, llama-3-8b on a100-80gb, listener work %d us per event%n",
                    requests, prompt, output, workMicros);
            System.out.println("TTFT / physics:      " + summary(ttftRatio));
            System.out.println("token gap / physics: " + summary(gapRatio));
            System.out.printf(Locale.ROOT, "late steps (> 1 ms): %d of %d; time lost to the host: %.1f ms%n",
                    sim.state().lateSteps(), sim.state().steps(), sim.state().lateSeconds() * 1e3);
        }
    }

    private static String summary(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return String.format(Locale.ROOT, "min %.4f  p50 %.4f  p90 %.4f  p99 %.4f  max %.4f  (n=%d)", v[0], at(v, 0.5),
                at(v, 0.9), at(v, 0.99), v[v.length - 1], v.length);
    }

    private static double at(double[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))];
    }

    private static void burn(long micros) {
        long until = System.nanoTime() + micros * 1000;
        while (System.nanoTime() < until) Thread.onSpinWait();
    }

}
