package io.benchsuite.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class PeriodicTaskTest {

    @Test
    void startHereTakesTheFirstSampleOnTheCallingThreadAndTheNextOnlyAPeriodLater() {
        List<String> runs = new CopyOnWriteArrayList<>();
        PeriodicTask t = new PeriodicTask("benchsuite-test-sampler", Duration.ofHours(1),
                () -> runs.add(Thread.currentThread().getName()));
        t.startHere();
        assertThat(runs).as("samples when startHere returned").containsExactly(Thread.currentThread().getName());
        t.stop();
        assertThat(runs).as("no second sample within the period").hasSize(1);
    }

    @Test
    void startTakesTheFirstSampleOnItsOwnThread() throws InterruptedException {
        List<String> runs = new CopyOnWriteArrayList<>();
        PeriodicTask t = new PeriodicTask("benchsuite-test-sampler", Duration.ofHours(1),
                () -> runs.add(Thread.currentThread().getName()));
        t.start();
        t.stop(); // the first sample is taken even when stop comes first
        assertThat(runs).containsExactly("benchsuite-test-sampler");
    }
}
