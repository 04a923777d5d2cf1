package io.benchsuite.core.internal.engine;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Waits, before a run's clock, until the JIT compilers have been idle for a moment, so that the warm-up's
 * compilations happen before the first request rather than during the first bursts.
 *
 * <p>Why: the JVM raises a method's compile threshold with the length of the compile queue (HotSpot's
 * {@code Tier3LoadFeedback}: with a hundred methods queued after start-up, a per-request method needs ten times
 * the invocations). The warm-up's few dozen requests then ran while the queue was long and did not reach the
 * raised thresholds; their methods were compiled when a replay's second burst reached them, on the client's one
 * CPU, and that burst left 5-8 ms late (JFR: 20 ms of compilations from 299 to 312 ms after the run's zero).
 * Waiting for the queue to drain first, and for the warm-up's own compilations after, moves that work before the
 * clock. Idle means: the compilers' total time did not move during {@link #QUIET_CHECKS} consecutive looks
 * {@link #LOOK_MILLIS} apart; a JVM that does not report compile time is never waited for.
 */
final class JitSettle {
    /** Milliseconds between looks at the compilers' total time. */
    static final int LOOK_MILLIS = 5;
    /** Consecutive looks with no change that count as idle. */
    static final int QUIET_CHECKS = 2;

    private final LongSupplier totalMillis;

    /** The running JVM's compilers ({@link CompilationMXBean}), or null when it does not report their time. */
    static JitSettle ofThisJvm() {
        CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        if (bean == null || !bean.isCompilationTimeMonitoringSupported()) return null;
        return new JitSettle(bean::getTotalCompilationTime);
    }

    JitSettle(LongSupplier totalMillis) {
        this.totalMillis = totalMillis;
    }

    /**
     * Returns once the compilers were idle ({@link #QUIET_CHECKS} quiet looks in a row) or {@code limitMillis}
     * passed, running {@code meanwhile} before each look (null: nothing), so methods it keeps calling stay in the
     * compile queue (HotSpot drops a queued method not called for 50 ms).
     *
     * @return whether the compilers were idle (false: the limit came first, or the thread was interrupted)
     */
    boolean await(long limitMillis, Runnable meanwhile) {
        long deadline = System.nanoTime() + limitMillis * 1_000_000L;
        long last = totalMillis.getAsLong();
        int quiet = 0;
        while (System.nanoTime() - deadline < 0) {
            if (meanwhile != null) meanwhile.run();
            try {
                Thread.sleep(LOOK_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            long now = totalMillis.getAsLong();
            quiet = now == last ? quiet + 1 : 0;
            last = now;
            if (quiet >= QUIET_CHECKS) return true;
        }
        return false;
    }
}
