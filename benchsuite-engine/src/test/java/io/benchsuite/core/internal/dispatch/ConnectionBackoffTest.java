package io.benchsuite.core.internal.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.result.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The pause of a closed-loop user after connection failures: doubling, capped, jittered from the seed, reset by a success. */
class ConnectionBackoffTest {
    private static final long MS = 1_000_000;

    private static List<Long> refusedTimes(ConnectionBackoff b, int user, int n) {
        List<Long> pauses = new ArrayList<>();
        for (int i = 0; i < n; i++) pauses.add(b.pauseNanos(user, Outcome.FAILED, ErrorKind.CONNECTION_REFUSED));
        return pauses;
    }

    @Test
    void doublesFromAHundredMillisecondsUpToFiveSecondsHalvedAtMostByJitter() {
        List<Long> p = refusedTimes(new ConnectionBackoff(new SplittableRandom(3)), 0, 10);
        long[] full = {100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000};
        for (int i = 0; i < full.length; i++) {
            assertThat(p.get(i)).as("pause after failure %d", i + 1).isBetween(full[i] * MS / 2, full[i] * MS - 1);
        }
    }

    @Test
    void aSuccessResetsTheUsersPauseAndOtherUsersKeepTheirOwn() {
        ConnectionBackoff b = new ConnectionBackoff(new SplittableRandom(3));
        refusedTimes(b, 0, 5);
        b.pauseNanos(1, Outcome.FAILED, ErrorKind.CONNECT_TIMEOUT);
        assertThat(b.pauseNanos(0, Outcome.SUCCESS, null)).isZero();
        assertThat(b.pauseNanos(0, Outcome.FAILED, ErrorKind.CONNECTION_REFUSED)).as("back to the first step").isLessThan(100 * MS);
        assertThat(b.pauseNanos(1, Outcome.FAILED, ErrorKind.CONNECT_TIMEOUT)).as("user 1's second failure")
                .isBetween(100 * MS, 200 * MS);
    }

    @Test
    void answersFromTheServerCancellationsAndOpenLoopBringNoPause() {
        ConnectionBackoff b = new ConnectionBackoff(new SplittableRandom(3));
        assertThat(b.pauseNanos(0, Outcome.FAILED, ErrorKind.HTTP_5XX)).isZero();
        assertThat(b.pauseNanos(0, Outcome.FAILED, ErrorKind.STREAM_RESET)).isZero();
        assertThat(b.pauseNanos(0, Outcome.CANCELLED, ErrorKind.CANCELLED)).isZero();
        assertThat(b.pauseNanos(-1, Outcome.FAILED, ErrorKind.CONNECTION_REFUSED)).as("open loop keeps its schedule").isZero();
    }

    @Test
    void theJitterComesFromTheSeed() {
        assertThat(refusedTimes(new ConnectionBackoff(new SplittableRandom(9)), 0, 8))
                .isEqualTo(refusedTimes(new ConnectionBackoff(new SplittableRandom(9)), 0, 8))
                .isNotEqualTo(refusedTimes(new ConnectionBackoff(new SplittableRandom(10)), 0, 8));
    }
}
