package io.benchsuite.sim;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.sim.internal.RealTimeEngine;
import io.benchsuite.sim.internal.Sequence;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The real-time engine's sends behind its adapter loads: a request that {@link AdapterLoads} holds back is handed
 * to the engine when its instant comes, by a timer thread ({@code benchsuite-sim-adapters}, a daemon, started only
 * when adapters are served); every other request goes at once. A held request cancelled, or still held when the
 * backend closes, ends with {@link ErrorKind#CANCELLED} without reaching the engine.
 */
final class HeldSends {
    private final AdapterLoads loads;
    private final RealTimeEngine engine;
    private final ScheduledExecutorService timer;
    private final Set<Held> held = ConcurrentHashMap.newKeySet();

    /** A request held back, and its timer task. */
    private final class Held {
        final ResponseListener listener;
        volatile ScheduledFuture<?> task;

        Held(ResponseListener listener) {
            this.listener = listener;
        }

        /** Ends it unsent, unless its task already ran; true when it did end here. */
        boolean drop(String why) {
            if (!held.remove(this)) return false;
            ScheduledFuture<?> t = task;
            if (t != null) t.cancel(false);
            listener.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, why));
            return true;
        }
    }

    HeldSends(AdapterLoads loads, RealTimeEngine engine) {
        this.loads = loads;
        this.engine = engine;
        this.timer = loads.none() ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "benchsuite-sim-adapters");
            t.setDaemon(true);
            return t;
        });
    }

    /** The loads' rule and counts. */
    AdapterLoads loads() {
        return loads;
    }

    /** Hands {@code s} to the engine now or when the adapter loads let it; the handle cancels it either way. */
    RequestHandle submit(String model, Sequence s, ResponseListener listener) {
        long delay = timer == null ? 0 : loads.admit(model, System.nanoTime()).readyNanos() - System.nanoTime();
        if (delay <= 0) return send(s, listener) ? () -> engine.cancel(s) : RequestHandle.NONE;
        Held h = new Held(listener);
        held.add(h);
        h.task = timer.schedule(() -> {
            if (held.remove(h)) send(s, listener);
        }, delay, TimeUnit.NANOSECONDS);
        return () -> {
            if (!h.drop("request cancelled")) engine.cancel(s);
        };
    }

    private boolean send(Sequence s, ResponseListener listener) {
        if (engine.submit(s)) return true;
        listener.onError(System.nanoTime(), BackendError.of(ErrorKind.REJECTED, "sim backend is closed"));
        return false;
    }

    /** Ends what is held with {@link ErrorKind#CANCELLED} and stops the timer. */
    void close() {
        if (timer == null) return;
        for (Held h : Set.copyOf(held)) h.drop("backend closed");
        timer.shutdownNow();
    }
}
