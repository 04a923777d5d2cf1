package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Percentage.withPercentage;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.Quantization;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.tck.RecordingListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine in virtual time: exact times, repeatable events, no threads. */
class SimulatedServerTest {
    private static final SimSettings A100 = SimSettings.builder().build();

    static InferenceRequest request(long index, int input, int output) {
        return new InferenceRequest(index, "llama-3-8b", List.of(ChatMessage.user("question " + index)), input, output,
                true, 0, index, true, Map.of());
    }

    @Test
    void aLoneRequestsTimesAreExactlyThePhysics() {
        SimulatedServer server = new SimulatedServer(A100);
        RecordingListener r = new RecordingListener();
        server.send(request(0, 1000, 3), r, 5_000);
        assertThat(server.nextEventNanos()).isEqualTo(5_000 + (long) Math.ceil(server.physics().prefillSeconds(1000) * 1e9));
        server.drain();
        assertThat(r.violations()).isEmpty();
        assertThat(r.sentNanos()).isEqualTo(5_000);
        long prefill = (long) Math.ceil(server.physics().prefillSeconds(1000) * 1e9);
        // a decode step attends over the context plus the new token and reads the context's KV
        long decode1 = (long) Math.ceil(server.physics().cost(1, 1001, 1000).seconds() * 1e9);
        long decode2 = (long) Math.ceil(server.physics().cost(1, 1002, 1001).seconds() * 1e9);
        assertThat(r.tokenTimes()).containsExactly(5_000 + prefill, 5_000 + prefill + decode1, 5_000 + prefill + decode1 + decode2);
        assertThat(r.usage()).isEqualTo(new Usage(1000, 3));
        assertThat(server.idle()).isTrue();
        assertThat(server.nextEventNanos()).isEqualTo(Long.MAX_VALUE);
    }

    private static List<String> events(SimSettings settings) {
        SimulatedServer server = new SimulatedServer(settings);
        List<String> log = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            int index = i;
            server.send(request(i, 100 + 37 * i, 20 + i), new ResponseListener() {
                @Override
                public void onSent(long t) {
                    log.add(index + " sent " + t);
                }

                @Override
                public void onTokens(long t, int n, String text) {
                    log.add(index + " token " + t + text);
                }

                @Override
                public void onComplete(long t, Usage usage) {
                    log.add(index + " done " + t + " " + usage);
                }

                @Override
                public void onError(long t, BackendError error) {
                    log.add(index + " error " + t + " " + error);
                }
            }, i * 20_000_000L);
        }
        server.drain();
        return log;
    }

    @Test
    void theSameSettingsAndSendsGiveTheSameEventsAtTheSameInstants() {
        SimSettings jittered = SimSettings.builder().seed(42).jitter(0.1).build();
        List<String> a = events(jittered);
        assertThat(a).hasSize(50 * 2 + (20 + 69) * 50 / 2 * 1 + 0).isEqualTo(events(jittered));
        assertThat(events(SimSettings.builder().seed(43).jitter(0.1).build())).isNotEqualTo(a);
    }

    @Test
    void requestsSentWhileAStepRunsJoinTheNextStep() {
        SimulatedServer server = new SimulatedServer(A100);
        RecordingListener first = new RecordingListener();
        RecordingListener second = new RecordingListener();
        server.send(request(0, 1000, 5), first, 0);
        long prefillEnd = server.nextEventNanos();
        server.send(request(1, 10, 5), second, prefillEnd / 2); // mid-prefill
        server.drain();
        // the second one's prefill is in the step after the first's prefill, with the first's decode
        assertThat(second.firstTokenNanos()).isEqualTo(first.tokenTimes().get(1));
        assertThatThrownBy(() -> server.advanceTo(server.now() - 1)).hasMessageContaining("time must not go back");
        assertThatThrownBy(() -> server.send(request(2, 1, 1), new RecordingListener(), server.now() - 1))
                .hasMessageContaining("time must not go back");
    }

    @Test
    void aListenerMaySendTheNextRequestAtItsInstantButNotMoveTime() {
        SimulatedServer server = new SimulatedServer(A100);
        RecordingListener second = new RecordingListener();
        List<Throwable> problems = new ArrayList<>();
        server.send(request(0, 100, 2), new ResponseListener.Ignoring() {
            @Override
            public void onError(long t, BackendError error) {
                problems.add(new AssertionError(error.toString()));
            }

            @Override
            public void onComplete(long t, Usage usage) {
                server.send(request(1, 100, 2), second, t); // a closed-loop user's next request
                try {
                    server.advanceTo(t + 1);
                } catch (IllegalStateException e) {
                    problems.add(e);
                }
                try {
                    server.send(request(2, 1, 1), new RecordingListener(), t + 1);
                } catch (IllegalArgumentException e) {
                    problems.add(e);
                }
            }
        }, 0);
        server.drain();
        assertThat(second.violations()).isEmpty();
        assertThat(second.usage()).isEqualTo(new Usage(100, 2));
        assertThat(problems).hasSize(2);
        assertThat(problems.get(0)).hasMessageContaining("inside a listener event");
        assertThat(problems.get(1)).hasMessageContaining("at the event's instant");
    }

    @Test
    void cancelAndRejectionHappenAtTheVirtualInstant() {
        SimulatedServer server = new SimulatedServer(A100);
        RecordingListener tooLong = new RecordingListener();
        server.send(request(0, 9000, 10), tooLong, 1_000);
        assertThat(tooLong.error().kind()).isEqualTo(ErrorKind.REJECTED);
        assertThat(tooLong.endNanos()).isEqualTo(1_000);
        RecordingListener r = new RecordingListener();
        var handle = server.send(request(1, 100, 1000), r, 2_000);
        server.advanceTo(500_000_000L);
        handle.cancel();
        server.drain();
        assertThat(r.error().kind()).isEqualTo(ErrorKind.CANCELLED);
        assertThat(r.endNanos()).isEqualTo(500_000_000L);
        assertThat(r.tokens()).isBetween(10, 100);
        assertThat(server.state().kvCacheUsage()).isZero();
    }

    @Test
    void llama3_70bRunsOnFourH100sWithTensorParallel() {
        SimSettings tp4 = SimSettings.fromConfig(BackendConfig.of(Map.of("model", "meta-llama/Meta-Llama-3-70B-Instruct",
                "device", "h100", "tp", "4")));
        assertThat(tp4.tensorParallel()).isEqualTo(4);
        SimulatedServer server = new SimulatedServer(tp4);
        List<RecordingListener> rs = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            RecordingListener r = new RecordingListener();
            rs.add(r);
            server.send(request(i, 1000, 64), r, i * 100_000_000L);
        }
        server.drain();
        for (RecordingListener r : rs) {
            assertThat(r.violations()).isEmpty();
            assertThat(r.tokens()).isEqualTo(64);
        }
        // a decode step: 35.3 GB of weights per device at 2.68 TB/s = 13.2 ms, 160 all-reduces of ~9.7 us = 1.5 ms
        double tpot = (rs.get(15).endNanos() - rs.get(15).firstTokenNanos()) / 1e9 / 63;
        assertThat(tpot).isBetween(0.0147, 0.02);
        EngineSnapshot u = server.engineSnapshot();
        assertThat(u.devices()).isEqualTo(4);
        assertThat(u.weightBytes()).isCloseTo(141.1e9, withPercentage(0.1));
        assertThat(u.memoryCapacityBytes()).isEqualTo(320e9);
        assertThat(u.peakMemoryBytes()).isGreaterThan(u.weightBytes()).isLessThan(u.memoryCapacityBytes());
        assertThat(server.info().details()).containsEntry("devices", "4").containsEntry("interconnect", "nvlink4");
        // on one H100 it does not fit, and the message says why
        assertThatThrownBy(() -> new SimulatedServer(SimSettings.builder().model("llama-3-70b").device(DeviceProfile.H100).build()))
                .hasMessageContaining("does not fit on device 'h100' x 1").hasMessageContaining("141.11 GB of weights");
    }

    @Test
    void theSeedsEdgeTargetRunsA4BitModel() {
        SimSettings nano = SimSettings.builder().model("llama-3.1-8b").device(DeviceProfile.JETSON_ORIN_NANO_SUPER)
                .quantization(Quantization.AWQ).engine(EnginePreset.LLAMA_CPP).build();
        SimulatedServer server = new SimulatedServer(nano);
        RecordingListener r = new RecordingListener();
        server.send(request(0, 200, 50), r, 0);
        server.drain();
        double rate = 49 / ((r.endNanos() - r.firstTokenNanos()) / 1e9);
        // 4.17 GB of weights at 102 GB/s x 0.55: about 13 tokens/s (the calibration table compares the published 19)
        assertThat(rate).isBetween(10.0, 16.0);
        EngineSnapshot u = server.engineSnapshot();
        // 25 W board: idle 3.75 W, so energy per token is between 3.75 / rate and 25 / rate joules
        assertThat(u.energyPerOutputToken()).isBetween(3.75 / rate, 25 / rate);
        assertThatThrownBy(() -> new SimulatedServer(SimSettings.builder().model("llama-3-70b").device(DeviceProfile.JETSON_ORIN_NANO_SUPER)
                .quantization(Quantization.AWQ).build())).hasMessageContaining("does not fit");
    }

    @Test
    void deviceUsageMatchesHandArithmetic() {
        SimulatedServer server = new SimulatedServer(A100);
        RecordingListener r = new RecordingListener();
        server.send(request(0, 1000, 2), r, 0);
        server.drain();
        SimPhysics p = server.physics();
        EngineSnapshot u = server.engineSnapshot();
        // the prefill step holds 63 blocks (1000 positions) and 1000 tokens of activations plus one row of logits
        double kv = 63 * 16 * 131_072.0;
        assertThat(u.peakMemoryBytes()).isCloseTo(p.weightBytes() + kv + p.activationBytesPerDevice(1000, 1), withPercentage(1e-6));
        assertThat(u.memoryPerSecond()).containsExactly(u.peakMemoryBytes());
        assertThat(u.kvBytesInUse()).isZero();
        assertThat(u.memoryBytes()).isEqualTo(p.weightBytes());
        // energy: each step at idle + utilisation x (TDP - idle), no idle time
        SimPhysics.StepCost prefill = p.cost(1000, SimPhysics.causalPairs(0, 1000), 0);
        SimPhysics.StepCost decode = p.cost(1, 1001, 1000);
        DeviceProfile d = DeviceProfile.A100_80GB;
        double joules = d.powerWatts(prefill.utilisation()) * prefill.seconds() + d.powerWatts(decode.utilisation()) * decode.seconds();
        assertThat(u.energyJoules()).isCloseTo(joules, withPercentage(1e-6));
        assertThat(u.energyPerOutputToken()).isCloseTo(joules / 2, withPercentage(1e-6));
        assertThat(u.busySeconds()).isCloseTo(u.elapsedSeconds(), withPercentage(1e-6));
        assertThat(u.meanUtilisation()).isCloseTo((prefill.utilisation() * prefill.seconds() + decode.utilisation() * decode.seconds())
                / u.elapsedSeconds(), withPercentage(1e-3));
        assertThat(u.peakPowerWatts()).isEqualTo(Math.max(d.powerWatts(prefill.utilisation()), d.powerWatts(decode.utilisation())));
        assertThat(u.powerWatts()).as("idle now").isEqualTo(d.idleWatts());
        // ten idle seconds later the idle power (60 W) has added 600 J
        server.advanceTo(server.now() + 10_000_000_000L);
        assertThat(server.engineSnapshot().energyJoules()).isCloseTo(joules + 600, withPercentage(1e-6));
        assertThat(server.engineSnapshot().memoryPerSecond()).hasSize(11);
        assertThat(u.prefixQueryTokens()).isEqualTo(1000);
    }

    @Test
    void asABackendItSendsAtTheClocksNow() throws InterruptedException {
        long[] clock = {0};
        SimulatedServer server = new SimulatedServer(A100);
        Backend backend = server.asBackend(() -> clock[0]);
        RecordingListener a = new RecordingListener();
        clock[0] = 1_000_000;
        backend.send(request(0, 100, 1000), a);
        assertThat(a.sentNanos()).isEqualTo(1_000_000);
        clock[0] = 2_000_000_000L;
        server.advanceTo(clock[0]);
        backend.close();
        assertThat(a.error().kind()).isEqualTo(ErrorKind.CANCELLED);
        assertThat(a.endNanos()).isEqualTo(2_000_000_000L);
        RecordingListener late = new RecordingListener();
        backend.send(request(1, 1, 1), late);
        assertThat(late.error().kind()).isEqualTo(ErrorKind.REJECTED);
        assertThat(backend.info().details()).containsEntry("clock", "virtual");
        assertThat(a.awaitDone(Duration.ZERO)).isTrue();
    }
}
