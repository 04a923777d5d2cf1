package io.benchsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The live {@code ttfat} meter: a reasoning model's user waits for the first answer token, not the first token. */
class TtfatMeterTest {
    private static final long THINK_MILLIS = 30;

    /** Thinks one token at once, answers {@value #THINK_MILLIS} ms later. */
    private static final class Thinking implements Backend {
        @Override
        public RequestHandle send(InferenceRequest request, ResponseListener listener) {
            Thread t = new Thread(() -> {
                listener.onSent(System.nanoTime());
                listener.onReasoningTokens(System.nanoTime(), 1, "hmm");
                try {
                    Thread.sleep(THINK_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                listener.onTokens(System.nanoTime(), 1, "yes");
                listener.onComplete(System.nanoTime(), new Usage(request.inputTokens(), 2));
            });
            t.setDaemon(true);
            t.start();
            return RequestHandle.NONE;
        }

        @Override
        public void close() {
            // nothing held
        }

        @Override
        public BackendInfo info() {
            return new BackendInfo("thinking", "m", "in-process", Map.of());
        }
    }

    @Test
    void ttfatIsRecordedPerSuccessfulRequestAfterTheReasoning() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        BenchsuiteMetrics metrics = BenchsuiteMetrics.builder(registry).build();
        Benchmark.Builder b = Benchmark.named("reasoning").backend(new Thinking()).seed(SeedChain.fromLong(1)).preflight(false)
                .workload(Workload.closed(1).maxRequests(3).inputTokens(LengthDistribution.fixed(8))
                        .outputTokens(LengthDistribution.fixed(2)).build()).drainTimeout(Duration.ofSeconds(5));
        metrics.install(b);
        b.run();
        Timer ttft = registry.get(MetricNames.TTFT).timer();
        Timer ttfat = registry.get(MetricNames.TTFAT).timer();
        assertThat(ttfat.count()).isEqualTo(3).isEqualTo(ttft.count());
        // each answer came at least the thinking time after the request's first (reasoning) token
        assertThat(ttfat.totalTime(TimeUnit.NANOSECONDS) - ttft.totalTime(TimeUnit.NANOSECONDS))
                .isGreaterThanOrEqualTo(3 * TimeUnit.MILLISECONDS.toNanos(THINK_MILLIS));
        metrics.close();
    }
}
