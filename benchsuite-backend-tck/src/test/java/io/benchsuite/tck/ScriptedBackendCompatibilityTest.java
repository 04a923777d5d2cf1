package io.benchsuite.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.ErrorKind;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The scripted backend passes the kit it is part of, and does what its builder says. */
class ScriptedBackendCompatibilityTest extends BackendCompatibilityKit {
    @Override
    protected Backend createBackend() {
        return ScriptedBackend.builder().firstToken(Duration.ofMillis(1)).tokenInterval(Duration.ZERO).build();
    }

    @Override
    protected Backend createFailingBackend() {
        return ScriptedBackend.builder().failEvery(new BackendError(ErrorKind.HTTP_5XX, "HTTP 503", 503, null)).build();
    }

    @Override
    protected Backend createSlowBackend() {
        return ScriptedBackend.builder().firstToken(Duration.ofMillis(1)).tokenInterval(Duration.ofMillis(20)).build();
    }

    @Override
    protected boolean exactOutputLength() {
        return true;
    }

    @Test
    void failuresFollowTheScriptAndTheBackendCountsWhatItReceived() throws Exception {
        try (ScriptedBackend b = ScriptedBackend.builder().firstToken(Duration.ZERO).tokenInterval(Duration.ZERO)
                .failure(i -> i == 1 ? BackendError.of(ErrorKind.READ_TIMEOUT, "slow") : null).reportsUsage(false)
                .name("mine").model("m1").detail("device", "none").tokenText("x").build()) {
            RecordingListener ok = new RecordingListener();
            RecordingListener failed = new RecordingListener();
            b.send(request(0, 3), ok);
            b.send(request(1, 3), failed);
            ok.await().assertContractKept();
            failed.await().assertContractKept();
            assertThat(ok.text()).isEqualTo("xxx");
            assertThat(ok.usage().hasCompletionTokens()).isFalse();
            assertThat(failed.error().kind()).isEqualTo(ErrorKind.READ_TIMEOUT);
            assertThat(failed.tokens()).isZero();
            assertThat(b.sent()).isEqualTo(2);
            assertThat(b.received()).extracting(r -> r.index()).containsExactly(0L, 1L);
            assertThat(b.maxInFlight()).isBetween(1, 2);
            assertThat(b.info().name()).isEqualTo("mine");
            assertThat(b.info().model()).isEqualTo("m1");
            assertThat(b.info().details()).containsEntry("device", "none").containsKey("first-token");
        }
    }

    @Test
    void preflightFailsWhenScriptedTo() {
        try (ScriptedBackend b = ScriptedBackend.builder().preflightFailure("server down").build()) {
            Assertions.assertThatThrownBy(b::preflight).isInstanceOf(BackendException.class).hasMessage("server down");
        }
        try (ScriptedBackend b = ScriptedBackend.builder().build()) {
            b.preflight();
        }
    }

    @Test
    void eventTimesComeFromTheGivenClock() throws Exception {
        long[] now = {1_000};
        try (ScriptedBackend b = ScriptedBackend.builder().firstToken(Duration.ZERO).tokenInterval(Duration.ZERO)
                .clock(() -> now[0]++).build()) {
            RecordingListener l = new RecordingListener();
            b.send(request(0, 2), l);
            l.await().assertContractKept();
            assertThat(l.sentNanos()).isEqualTo(1_000);
            assertThat(l.tokenTimes()).containsExactly(1_001L, 1_002L);
            assertThat(l.endNanos()).isEqualTo(1_003);
        }
    }
}
