package io.benchsuite.api.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The error rate counts cancelled requests as not succeeded; the failure rate leaves them out. */
class RequestCountsRatesTest {
    @Test
    void everyRequestCancelledIsAnErrorRateOfOneNotZero() {
        RunSummary.Counts c = new RunSummary.Counts(10, 0, 0, 10, 0, 0, 10, 0, 0);
        assertThat(c.errorRate()).isEqualTo(1.0);
        assertThat(c.failureRate()).isEqualTo(0.0);
        assertThat(c.notSent()).isZero();
    }

    @Test
    void bothRatesOfAMixedRun() {
        RunSummary.Counts c = new RunSummary.Counts(20, 0, 0, 20, 14, 4, 2, 0, 0, 5);
        assertThat(c.errorRate()).isEqualTo(0.3);
        assertThat(c.failureRate()).isEqualTo(0.2);
        assertThat(c.notSent()).isEqualTo(5);
        assertThat(new RunSummary.Counts(0, 0, 0, 0, 0, 0, 0, 0, 0).errorRate()).isZero();
    }
}
