package io.benchsuite.sim.internal;

import io.benchsuite.sim.SimSettings;
import io.benchsuite.tck.RecordingListener;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/** Drives an {@link EngineCore} in virtual time: fast and exactly repeatable. Times are in nanoseconds from 0. */
final class VirtualDriver {
    final EngineCore core;
    final List<Double> stepSeconds = new ArrayList<>();
    final List<StepPlan> plans = new ArrayList<>();
    private final PriorityQueue<Arrival> arrivals = new PriorityQueue<>();
    private long now;
    private long nextId;

    private record Arrival(long at, long order, Sequence s) implements Comparable<Arrival> {
        @Override
        public int compareTo(Arrival o) {
            int c = Long.compare(at, o.at);
            return c != 0 ? c : Long.compare(order, o.order);
        }
    }

    VirtualDriver(SimSettings settings) {
        this.core = new EngineCore(settings, EventSink.DIRECT);
    }

    /** Adds a request arriving at {@code atSeconds}; the prompt is {@code words} distinct words unless given. */
    RecordingListener request(double atSeconds, int promptTokens, int maxTokens, String prompt) {
        RecordingListener l = new RecordingListener();
        long at = (long) (atSeconds * 1e9);
        Sequence s = new Sequence(nextId, l, promptTokens, maxTokens, PromptBlocks.of(prompt), nextId);
        arrivals.add(new Arrival(at, nextId++, s));
        return l;
    }

    RecordingListener request(double atSeconds, int promptTokens, int maxTokens) {
        return request(atSeconds, promptTokens, maxTokens, "request " + nextId + " " + "w ".repeat(promptTokens));
    }

    /** Runs until nothing is left; returns the virtual time at the end in seconds. */
    double run() {
        while (true) {
            while (!arrivals.isEmpty() && arrivals.peek().at <= now) {
                Arrival a = arrivals.poll();
                a.s.listener.onSent(a.at);
                core.submit(a.s, a.at);
            }
            StepPlan plan = core.planStep(now);
            if (plan == null) {
                if (arrivals.isEmpty()) return now / 1e9;
                now = arrivals.peek().at;
                continue;
            }
            plans.add(plan);
            stepSeconds.add(plan.seconds());
            now += Math.round(plan.seconds() * 1e9);
            core.completeStep(plan, now, 0);
        }
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
