package io.benchsuite.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * The kit fails a backend that breaks the contract, naming the test and the broken rule. The
 * broken backends are static nested classes, run here through the JUnit test kit, not by the build.
 */
class BrokenBackendsFailTheKitTest {

    /** Completes twice, keeps delivering after cancel, ignores close and throws from send after it. */
    static final class Careless implements Backend {
        private final ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "careless-backend");
            t.setDaemon(true);
            return t;
        });
        private volatile boolean closed;

        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            if (closed) throw new IllegalStateException("closed");
            listener.onSent(System.nanoTime());
            for (int i = 1; i <= request.maxTokens(); i++) {
                exec.schedule(() -> listener.onTokens(System.nanoTime(), 1, "t"), 5L * i, TimeUnit.MILLISECONDS);
            }
            exec.schedule(() -> {
                listener.onComplete(System.nanoTime(), Usage.unknown());
                listener.onComplete(System.nanoTime(), Usage.unknown());
            }, 5L * request.maxTokens() + 5, TimeUnit.MILLISECONDS);
            return () -> listener.onError(System.nanoTime(), BackendError.of(ErrorKind.CANCELLED, "cancelled"));
        }

        @Override
        public BackendInfo info() {
            return new BackendInfo("careless", "m", "in-process", Map.of());
        }

        @Override
        public void close() {
            closed = true; // the executor's thread keeps running
        }
    }

    static class CarelessBackendTest extends BackendCompatibilityKit {
        @Override
        protected Backend createBackend() {
            return new Careless();
        }

        @Override
        protected int slowMaxTokens() {
            return 40;
        }

        @Override
        protected Duration timeout() {
            return Duration.ofSeconds(2);
        }
    }

    @Test
    void aCarelessBackendFailsTheKitNamingEachBrokenRule() {
        Events tests = EngineTestKit.engine("junit-jupiter").selectors(selectClass(CarelessBackendTest.class)).execute()
                .testEvents();
        List<String> failed = new ArrayList<>();
        tests.failed().stream().forEach(e -> failed.add(e.getTestDescriptor().getDisplayName() + ": "
                + e.getPayload(TestExecutionResult.class).flatMap(r -> r.getThrowable())
                        .map(Throwable::getMessage).orElse("")));
        assertThat(failed).anySatisfy(f -> assertThat(f).startsWith("aRequestStreamsTokensAndEndsWithOneCompletion()")
                .contains("a second terminal event (onComplete)"));
        assertThat(failed).anySatisfy(f -> assertThat(f).startsWith("cancelEndsAStreamingRequestWithCancelled()")
                .contains("onTokens after the terminal event"));
        assertThat(failed).anySatisfy(f -> assertThat(f).startsWith("closeEndsRequestsInFlightAndLeavesNoThreadRunning()"));
        assertThat(failed).anySatisfy(f -> assertThat(f).startsWith("aRequestAfterCloseIsRejectedWithoutThrowing()")
                .contains("never by throwing"));
        assertThat(tests.aborted().count()).as("no failing backend given: aborted by its assumption").isEqualTo(1);
        assertThat(tests.aborted().stream().map(Event::getTestDescriptor).map(d -> d.getDisplayName()))
                .containsExactly("aFailureIsOneTypedErrorEvent()");
    }
}
