package io.benchsuite.core.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class JitSettleTest {
    @Test
    void compilersWhoseTimeDoesNotMoveAreIdleAfterTheQuietLooks() {
        AtomicInteger meanwhile = new AtomicInteger();
        assertThat(new JitSettle(() -> 120).await(10_000, meanwhile::incrementAndGet)).isTrue();
        assertThat(meanwhile).as("one rehearsal before each look").hasValue(JitSettle.QUIET_CHECKS);
    }

    @Test
    void compilersStillWorkingAreWaitedForUntilTheyStop() {
        AtomicLong total = new AtomicLong();
        AtomicInteger looks = new AtomicInteger();
        // busy for the first five looks (each adds a millisecond of compile time), then idle
        JitSettle jit = new JitSettle(() -> looks.incrementAndGet() <= 6 ? total.incrementAndGet() : total.get());
        AtomicInteger meanwhile = new AtomicInteger();
        assertThat(jit.await(10_000, meanwhile::incrementAndGet)).isTrue();
        assertThat(meanwhile).hasValue(5 + JitSettle.QUIET_CHECKS);
    }

    @Test
    void compilersThatNeverRestAreWaitedForOnlyUpToTheLimit() {
        AtomicLong total = new AtomicLong();
        AtomicInteger meanwhile = new AtomicInteger();
        assertThat(new JitSettle(total::incrementAndGet).await(40, meanwhile::incrementAndGet)).isFalse();
        assertThat(meanwhile.get()).isPositive();
    }

    @Test
    void anInterruptedWaitEndsAtOnceAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();
        try {
            AtomicLong total = new AtomicLong();
            assertThat(new JitSettle(total::incrementAndGet).await(10_000, null)).isFalse();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void thisJvmReportsItsCompileTime() {
        // HotSpot does; a JVM that does not is simply not waited for (null)
        assertThat(JitSettle.ofThisJvm()).isNotNull();
    }
}
