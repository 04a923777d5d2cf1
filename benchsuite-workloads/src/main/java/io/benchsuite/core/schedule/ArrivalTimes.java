package io.benchsuite.core.schedule;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.RateProfile;
import java.util.random.RandomGenerator;

/**
 * The scheduled send instants of an open-loop run, as nanosecond offsets from the run start.
 *
 * <p>Gaps are drawn from the {@link Arrival} process in operational time (mean 1) and mapped onto
 * wall time by inverting the cumulative rate Λ(t) = ∫ rate of the {@link RateProfile}
 * (time-rescaling). Profiles are piecewise linear, so the inversion is exact per piece: a constant
 * piece gives Δt = g / r, a linear one solves r₀τ + kτ²/2 = g. Each instant is computed from the
 * previous exact instant, never from "now", so no drift accumulates. The first request is at
 * offset 0 (or, for a shard of a split run, a given part of a gap later).
 */
public final class ArrivalTimes {
    private static final double NANOS = 1e9;

    private final Arrival arrival;
    private final RateProfile profile;
    private final RandomGenerator random;
    private final double firstUnits;
    private double seconds = Double.NaN;

    /**
     * @param arrival gap process
     * @param profile rate over time, requests per second
     * @param random the arrival stream's generator (seeded from the scenario's {@code arrivals} stream)
     */
    public ArrivalTimes(Arrival arrival, RateProfile profile, RandomGenerator random) {
        this(arrival, profile, random, 0);
    }

    /**
     * A schedule whose first arrival comes {@code firstUnits} mean gaps (of cumulative rate) after
     * the first instant the rate is above zero, instead of at that instant: a shard of a split run
     * starts this way so that the shards' streams interleave ({@code Shard.firstArrivalUnits}).
     *
     * @param arrival gap process
     * @param profile rate over time, requests per second
     * @param random the arrival stream's generator
     * @param firstUnits where the first arrival falls, in mean gaps (&gt;= 0)
     */
    public ArrivalTimes(Arrival arrival, RateProfile profile, RandomGenerator random, double firstUnits) {
        this.arrival = notNull(arrival, "arrival");
        this.profile = notNull(profile, "profile");
        this.random = notNull(random, "random");
        if (!(firstUnits >= 0) || Double.isInfinite(firstUnits)) {
            throw new IllegalArgumentException("firstUnits must be a finite number >= 0, got " + firstUnits);
        }
        this.firstUnits = firstUnits;
    }

    /**
     * The next scheduled offset in nanoseconds, or {@link Long#MAX_VALUE} when the rate stays at zero
     * forever (no more arrivals).
     */
    public long next() {
        if (Double.isNaN(seconds)) {
            seconds = firstNonZeroRateInstant(0);
            if (firstUnits > 0 && seconds != Double.POSITIVE_INFINITY) seconds = advance(seconds, firstUnits);
        } else if (seconds != Double.POSITIVE_INFINITY) {
            seconds = advance(seconds, arrival.nextUnitGap(random));
        }
        return seconds == Double.POSITIVE_INFINITY || seconds * NANOS >= Long.MAX_VALUE
                ? Long.MAX_VALUE : Math.round(seconds * NANOS);
    }

    /** The instant, from {@code t} on, where the rate is first above zero (a run may open on a zero-rate step). */
    private double firstNonZeroRateInstant(double t) {
        while (true) {
            RateProfile.Piece p = profile.pieceAt(toNanos(t));
            double r0 = p.levelAt(toNanos(t));
            if (r0 > 0) return t;
            if (p.endNanos() == Long.MAX_VALUE) {
                return p.endLevel() > 0 ? t : Double.POSITIVE_INFINITY;
            }
            if (p.endLevel() > 0) return t; // a ramp up from zero: integrate from here
            t = p.endNanos() / NANOS;
        }
    }

    /** Moves forward from {@code t} until {@code g} units of cumulative rate have passed. */
    private double advance(double t, double g) {
        while (g > 0) {
            long tn = toNanos(t);
            RateProfile.Piece p = profile.pieceAt(tn);
            double r0 = p.levelAt(tn);
            if (p.endNanos() == Long.MAX_VALUE) {
                if (r0 <= 0) return Double.POSITIVE_INFINITY;
                return t + g / r0;
            }
            double end = p.endNanos() / NANOS;
            double len = end - t;
            if (len <= 0) { // numeric edge exactly on a boundary
                t = Math.nextUp(end);
                continue;
            }
            double r1 = p.endLevel();
            double k = (r1 - r0) / len; // slope in requests/s per second over the rest of the piece
            double area = (r0 + r1) / 2 * len;
            // "<=": an arrival landing exactly on the end of a piece belongs to the next instant
            // where the rate is positive (a zero-rate step must stay empty).
            if (area <= g) {
                g -= area;
                t = end;
                continue;
            }
            double tau;
            if (Math.abs(k) < 1e-12) {
                tau = g / r0;
            } else {
                double disc = r0 * r0 + 2 * k * g;
                tau = (-r0 + Math.sqrt(Math.max(0, disc))) / k;
            }
            return t + Math.min(Math.max(tau, 0), len);
        }
        return firstNonZeroRateInstant(t); // the gap ended exactly on a boundary
    }

    private static long toNanos(double seconds) {
        return (long) Math.floor(seconds * NANOS);
    }
}
