package io.benchsuite.core.analysis.sweep;

/**
 * A closed-loop serving model whose sweep shape is known in closed form: B batch slots, a decode step
 * of 10 ms × (1 + b/64) with b requests in the batch, 128 output tokens, a 50 ms × (1 + b/64) prefill;
 * users beyond B wait in a queue for (c − B)/B request times. Throughput rises to 32 / 15 ms = 2133 tok/s
 * at c = B and stays there while TTFT climbs: the shape of a real concurrency sweep.
 */
public final class ServerModel {
    public static final int SLOTS = 32;

    public static double batch(double c) {
        return Math.min(c, SLOTS);
    }

    public static double stepMs(double c) {
        return 10 * (1 + batch(c) / 64);
    }

    public static double throughput(double c) {
        return batch(c) * 1000 / stepMs(c);
    }

    public static double ttftMs(double c) {
        double prefill = 50 * (1 + batch(c) / 64);
        double requestMs = 128 * stepMs(SLOTS);
        return prefill + Math.max(0, c - SLOTS) / SLOTS * requestMs;
    }

    public static SweepPoint point(double c, long errors) {
        double ttft = ttftMs(c);
        double tpot = stepMs(c);
        return new SweepPoint(c, 1000, errors, throughput(c) / 128, throughput(c), ttft, ttft, tpot, tpot,
                ttft + 127 * tpot, ttft + 127 * tpot);
    }

    public static SweepPoint point(double c) {
        return point(c, 0);
    }

    private ServerModel() {}
}
