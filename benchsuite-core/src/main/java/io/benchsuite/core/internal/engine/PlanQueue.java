package io.benchsuite.core.internal.engine;

import io.benchsuite.core.schedule.PlannedRequest;
import io.benchsuite.core.schedule.RequestPlanner;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Prepares request contents (prompt generation and tokenization) ahead of time on its own thread,
 * in index order, so the dispatcher never tokenizes on its timing-critical path. The queue holds at
 * most about 16M prompt tokens so long-context runs don't hold gigabytes of text.
 *
 * <p>In a virtual-time run ({@code inline}) there is no thread: each plan is made when it is taken,
 * on the caller's thread. Nothing is lost by it (the simulated clock does not move while the caller
 * tokenizes), and the run starts no thread of its own.
 */
final class PlanQueue implements AutoCloseable {
    private final RequestPlanner planner;
    private final long limit;
    private final BlockingQueue<PlannedRequest> queue;
    private final Thread thread; // null when inline
    private volatile RuntimeException failure;
    private long nextToTake;

    PlanQueue(RequestPlanner planner, long limit, int maxPromptTokens, String runName, boolean inline) {
        this.planner = planner;
        this.limit = limit == 0 ? Long.MAX_VALUE : limit;
        int capacity = (int) Math.max(2, Math.min(256, 16_000_000L / Math.max(1, maxPromptTokens)));
        this.queue = new ArrayBlockingQueue<>(capacity);
        if (inline) {
            this.thread = null;
        } else {
            this.thread = new Thread(this::produce, "benchsuite-planner-" + runName);
            this.thread.setDaemon(true);
        }
    }

    void start() {
        if (thread != null) thread.start();
    }

    /**
     * Waits (up to 30 s) until the first {@code n} requests are prepared, so the clock starts with
     * prompts ready instead of charging the first wave with tokenizer warm-up.
     */
    void awaitPrepared(int n) throws InterruptedException {
        if (thread == null) return;
        int target = (int) Math.min(Math.min(n, limit), queue.remainingCapacity() + queue.size());
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (queue.size() < target && failure == null && thread.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    private void produce() {
        try {
            for (long i = 0; i < limit; i++) {
                queue.put(planner.plan(i));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    /** The plan of the next index; blocks while the producer is behind. */
    PlannedRequest take() throws InterruptedException {
        if (thread == null) {
            if (nextToTake >= limit) throw new IllegalStateException("no plan left: the run's " + limit + " requests were taken");
            return planner.plan(nextToTake++);
        }
        while (true) {
            PlannedRequest p = queue.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
            if (p != null) {
                if (p.index() != nextToTake) throw new IllegalStateException("plan out of order: " + p.index());
                nextToTake++;
                return p;
            }
            if (failure != null) throw new IllegalStateException("preparing request " + nextToTake + " failed: "
                    + failure.getMessage(), failure);
        }
    }

    @Override
    public void close() {
        if (thread == null) return;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
