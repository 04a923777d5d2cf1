package io.benchsuite.core.internal.engine;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.backend.VirtualTimeBackend;
import io.benchsuite.api.run.StartGate;
import io.benchsuite.api.workload.Cancellations;
import io.benchsuite.api.workload.RequestRouting;
import io.benchsuite.core.hiccup.HiccupMeter;
import io.benchsuite.core.internal.clock.NanoClock;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * How a {@link RunEngine} runs.
 *
 * @param drainTimeout after the schedule ends, how long to wait for in-flight requests before cancelling them
 * @param secrets masks secrets in error messages before they are recorded (a second line of
 *     defence behind the backend's own masking: a plugin may forget)
 * @param retainRequests whether the result keeps every request record
 * @param clock the engine's time (not used with a {@link VirtualTimeBackend}, whose clock the engine takes)
 * @param startGate holds the start until a moment agreed with other shards ({@link StartGate#NONE}: none)
 * @param maxErrorRate stop the run once more than this share of ended requests failed (judged from
 *     the 20th on; cancelled ones not counted); {@code NaN}: no limit
 * @param clientStallThreshold a request whose window overlapped a stall of the client longer than this is flagged
 * @param hiccupMeter makes the (not started) meter of the client's own stalls; used only on the
 *     system clock, the time line the meter and the backends share
 * @param cancellations the requests the client aborts on purpose ({@link Cancellations#NONE}: none)
 * @param routing the models requests ask for and their routing headers ({@link RequestRouting#NONE}: none)
 */
public record EngineOptions(Duration drainTimeout, SecretMask secrets, boolean retainRequests, NanoClock clock,
                      StartGate startGate, double maxErrorRate, Duration clientStallThreshold,
                      Supplier<HiccupMeter> hiccupMeter, Cancellations cancellations, RequestRouting routing) {
    /** Flag requests that a client stall longer than this overlapped, unless told otherwise. */
    public static final Duration DEFAULT_CLIENT_STALL_THRESHOLD = Duration.ofMillis(5);

    public EngineOptions {
        notNull(drainTimeout, "drainTimeout");
        notNull(secrets, "secrets");
        notNull(clock, "clock");
        notNull(startGate, "startGate");
        notNull(clientStallThreshold, "clientStallThreshold");
        notNull(hiccupMeter, "hiccupMeter");
        notNull(cancellations, "cancellations");
        notNull(routing, "routing");
        if (!Double.isNaN(maxErrorRate) && !(maxErrorRate >= 0 && maxErrorRate < 1)) {
            throw new IllegalArgumentException("maxErrorRate must be from 0 to below 1 (or NaN: no limit), got " + maxErrorRate);
        }
    }

    /** Options without a model mix or routing headers. */
    public EngineOptions(Duration drainTimeout, SecretMask secrets, boolean retainRequests, NanoClock clock,
                   StartGate startGate, double maxErrorRate, Duration clientStallThreshold,
                   Supplier<HiccupMeter> hiccupMeter, Cancellations cancellations) {
        this(drainTimeout, secrets, retainRequests, clock, startGate, maxErrorRate, clientStallThreshold,
                hiccupMeter, cancellations, RequestRouting.NONE);
    }

    /** Options without cancellations by design. */
    public EngineOptions(Duration drainTimeout, SecretMask secrets, boolean retainRequests, NanoClock clock,
                   StartGate startGate, double maxErrorRate, Duration clientStallThreshold,
                   Supplier<HiccupMeter> hiccupMeter) {
        this(drainTimeout, secrets, retainRequests, clock, startGate, maxErrorRate, clientStallThreshold,
                hiccupMeter, Cancellations.NONE);
    }

    /** Options with the default stall threshold and hiccup meter. */
    public EngineOptions(Duration drainTimeout, SecretMask secrets, boolean retainRequests, NanoClock clock,
                   StartGate startGate, double maxErrorRate) {
        this(drainTimeout, secrets, retainRequests, clock, startGate, maxErrorRate, DEFAULT_CLIENT_STALL_THRESHOLD,
                HiccupMeter::create);
    }

    /** Options of a run that starts as soon as it is prepared. */
    public EngineOptions(Duration drainTimeout, SecretMask secrets, boolean retainRequests, NanoClock clock) {
        this(drainTimeout, secrets, retainRequests, clock, StartGate.NONE);
    }

    /** Options without a limit on the error rate. */
    public EngineOptions(Duration drainTimeout, SecretMask secrets, boolean retainRequests, NanoClock clock,
                   StartGate startGate) {
        this(drainTimeout, secrets, retainRequests, clock, startGate, Double.NaN);
    }
}
