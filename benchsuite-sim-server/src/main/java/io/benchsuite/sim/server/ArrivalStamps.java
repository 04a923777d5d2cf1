package io.benchsuite.sim.server;

import java.util.concurrent.Executor;

/**
 * The JDK server's executor, wrapped to stamp each request when the server's I/O thread hands it to a
 * worker: the moment the server saw the request's first bytes, before a worker thread is scheduled and
 * reads its headers. On a busy machine a worker can wait milliseconds for a CPU; the request had
 * arrived all the same, and its arrival is what a client's send timing is checked against
 * ({@link RequestLog}) and what the server's TTFT counts from.
 */
final class ArrivalStamps implements Executor {
    private static final ThreadLocal<Long> SEEN = new ThreadLocal<>();

    private final Executor workers;

    ArrivalStamps(Executor workers) {
        this.workers = workers;
    }

    @Override
    public void execute(Runnable exchange) {
        long seen = System.nanoTime();
        workers.execute(() -> {
            SEEN.set(seen);
            try {
                exchange.run();
            } finally {
                SEEN.remove();
            }
        });
    }

    /**
     * When the request the calling worker serves was handed to it; now, when the caller is not a worker
     * of this executor (or asks a second time).
     */
    static long arrival() {
        Long seen = SEEN.get();
        SEEN.remove();
        return seen != null ? seen : System.nanoTime();
    }
}
