package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNegativeFinite;
import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positive;

import io.benchsuite.api.util.Durations;
import io.benchsuite.api.util.TextParts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A level over time: requests per second for open-loop workloads, or number of virtual users for
 * closed-loop ones. Every profile is piecewise linear, which lets the scheduler invert the
 * cumulative rate exactly instead of stepping through time.
 */
public sealed interface RateProfile {

    /**
     * The linear piece that holds at {@code offsetNanos} from the run start (offset &gt;= 0).
     *
     * @param offsetNanos the offset from the run start in nanoseconds
     * @return the linear piece that holds at {@code offsetNanos} from the run start (offset &gt;= 0)
     */
    Piece pieceAt(long offsetNanos);

    /**
     * The length the profile defines by itself (steps end), or empty when it goes on forever.
     *
     * @return the length the profile defines by itself (steps end), or empty when it goes on forever
     */
    Optional<Duration> naturalLength();

    /**
     * Canonical text form, accepted by {@link #parse}.
     *
     * @return canonical text form, accepted by {@link #parse}
     */
    String describe();

    /**
     * The level at an offset from the run start.
     *
     * @param offsetNanos the offset from the run start in nanoseconds
     * @return the level at an offset from the run start
     */
    default double levelAt(long offsetNanos) {
        return pieceAt(offsetNanos).levelAt(offsetNanos);
    }

    /**
     * The highest level the profile reaches, e.g. the peak number of users of a closed-loop run.
     *
     * @return the highest level
     */
    double max();

    /**
     * The mean level over {@code [fromNanos, toNanos)}, exact for these piecewise linear profiles:
     * e.g. the target rate of a measured window.
     *
     * @param fromNanos interval start, nanoseconds from the run start (&gt;= 0)
     * @param toNanos interval end (exclusive), nanoseconds from the run start
     * @return the mean level, or {@code NaN} for an empty interval
     */
    default double meanLevel(long fromNanos, long toNanos) {
        if (toNanos <= fromNanos) return Double.NaN;
        double area = 0;
        long t = fromNanos;
        while (t < toNanos) {
            Piece p = pieceAt(t);
            long end = Math.min(p.endNanos(), toNanos);
            area += (p.levelAt(t) + p.levelAt(end)) / 2 * ((end - t) / 1e9);
            t = end;
        }
        return area / ((toNanos - fromNanos) / 1e9);
    }

    /**
     * A linear piece of a profile, from {@code startNanos} (inclusive) to {@code endNanos}
     * (exclusive; {@link Long#MAX_VALUE} when open-ended), going from {@code startLevel} to
     * {@code endLevel}.
     */
    record Piece(long startNanos, long endNanos, double startLevel, double endLevel) {
        /**
         * The level at an offset inside this piece.
         *
         * @param offsetNanos the offset from the run start in nanoseconds
         * @return the level at an offset inside this piece
         */
        public double levelAt(long offsetNanos) {
            if (endNanos == Long.MAX_VALUE || startLevel == endLevel) return startLevel;
            double f = (double) (offsetNanos - startNanos) / (endNanos - startNanos);
            return startLevel + (endLevel - startLevel) * f;
        }

        /**
         * The first offset in {@code [fromNanos, endNanos)} at which the level is at least
         * {@code level}, or -1 when it stays below inside this piece. A closed-loop run uses it to
         * know exactly when the next user joins a rising profile.
         *
         * @param level the level to reach
         * @param fromNanos where to start looking, inside this piece
         * @return the offset in nanoseconds, or -1
         */
        public long firstAtOrAbove(double level, long fromNanos) {
            if (fromNanos >= endNanos) return -1;
            if (levelAt(fromNanos) >= level) return fromNanos;
            if (endNanos == Long.MAX_VALUE || endLevel <= startLevel || endLevel < level) return -1;
            double f = (level - startLevel) / (endLevel - startLevel);
            long t = startNanos + (long) Math.ceil(f * (endNanos - startNanos));
            while (t < endNanos && levelAt(t) < level) t++; // rounding: step to the first offset that really reaches it
            return t < endNanos ? Math.max(t, fromNanos) : -1;
        }
    }

    /**
     * A constant level forever.
     *
     * @param level the level
     * @return a constant level forever
     */
    static RateProfile steady(double level) {
        return new Steady(level);
    }

    /**
     * Rises (or falls) linearly from {@code from} to {@code to} over {@code over}, then holds {@code to}.
     *
     * @param from the starting level
     * @param to the final level
     * @param over the ramp's length
     * @return rises (or falls) linearly from {@code from} to {@code to} over {@code over}, then holds {@code to}
     */
    static RateProfile ramp(double from, double to, Duration over) {
        return new Ramp(from, to, over);
    }

    /**
     * A base level with periodic spikes: each {@code period} runs at {@code base}, and its last
     * {@code spikeLength} runs at {@code peak}. A run therefore opens at the base level.
     *
     * @param base the level outside bursts
     * @param peak the level during bursts
     * @param spikeLength how long each spike lasts
     * @param period the time from one spike's start to the next
     * @return a base level with periodic spikes: each {@code period} runs at {@code base}, and its last {@code spikeLength} runs at {@code peak}
     */
    static RateProfile burst(double base, double peak, Duration spikeLength, Duration period) {
        return new Burst(base, peak, spikeLength, period);
    }

    /**
     * Each step holds its level for its duration; the profile ends after the last step.
     *
     * @param steps the steps, in order
     * @return each step holds its level for its duration; the profile ends after the last step
     */
    static RateProfile steps(List<Step> steps) {
        return new Steps(steps);
    }

    /** One level of a {@link #steps} profile. */
    record Step(double level, Duration duration) {
        /**
         * Checks the level and length.
         *
         * @param level requests per second (open loop) or users (closed loop)
         * @param duration how long the step lasts
         */
        public Step {
            notNegativeFinite(level, "step level");
            positive(duration, "step duration");
        }
    }

    /**
     * Parses {@code steady} (uses {@code defaultLevel}), {@code steady:10}, {@code ramp:1-20/60s},
     * {@code burst:2,20,5s/30s} (base, peak, spike length / period) and {@code steps:1/30s,4/30s,8/30s}.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     * @param text the profile text
     * @param defaultLevel the level of a bare {@code steady}
     * @return the value parsed from {@code steady} (uses {@code defaultLevel}), {@code steady:10}, {@code ramp:1-20/60s}, {@code burst:2,20,5s/30s} (base, peak, spike length / period) and {@code steps:1/30s,4/30s,8/30s}
     */
    static RateProfile parse(String text, double defaultLevel) {
        Objects.requireNonNull(text, "profile text");
        String s = text.trim().toLowerCase(Locale.ROOT);
        String forms = " (expected steady, steady:10, ramp:1-20/60s, burst:2,20,5s/30s or steps:1/30s,4/30s)";
        try {
            if (s.equals("steady")) return steady(defaultLevel);
            String args;
            if ((args = TextParts.after(s, "steady")) != null) return steady(TextParts.number(args, "the level"));
            if ((args = TextParts.after(s, "ramp")) != null || (args = TextParts.after(s, "ramp-up")) != null) {
                String[] parts = TextParts.split(args, "/", 2, "levels / duration");
                String[] levels = TextParts.split(parts[0], "-", 2, "start level - end level");
                return ramp(TextParts.number(levels[0], "the ramp's start level"),
                        TextParts.number(levels[1], "the ramp's end level"),
                        TextParts.duration(parts[1], "the ramp's duration"));
            }
            if ((args = TextParts.after(s, "burst")) != null) {
                String[] parts = TextParts.split(args, "/", 2, "base,peak,spike length / period");
                String[] spike = TextParts.split(parts[0], ",", 3, "base, peak, spike length");
                return burst(TextParts.number(spike[0], "the burst's base level"),
                        TextParts.number(spike[1], "the burst's peak level"),
                        TextParts.duration(spike[2], "the spike's length"),
                        TextParts.duration(parts[1], "the burst period"));
            }
            if ((args = TextParts.after(s, "steps")) != null) {
                List<Step> steps = new ArrayList<>();
                for (String step : args.split(",", -1)) {
                    String[] parts = TextParts.split(step, "/", 2, "level / duration of a step");
                    steps.add(new Step(TextParts.number(parts[0], "a step's level"),
                            TextParts.duration(parts[1], "a step's duration")));
                }
                return steps(steps);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad workload profile '" + text + "': " + e.getMessage() + forms, e);
        }
        throw new IllegalArgumentException("unknown workload profile '" + text + "'" + forms);
    }

    /** Constant level. */
    record Steady(double level) implements RateProfile {
        /**
         * Checks the level.
         *
         * @param level requests per second (open loop) or users (closed loop)
         */
        public Steady {
            notNegativeFinite(level, "level");
        }

        @Override public Piece pieceAt(long offsetNanos) { return new Piece(0, Long.MAX_VALUE, level, level); }
        @Override public double max() { return level; }
        @Override public Optional<Duration> naturalLength() { return Optional.empty(); }
        @Override public String describe() { return "steady:" + level; }
    }

    /** Linear ramp, then hold. */
    record Ramp(double from, double to, Duration over) implements RateProfile {
        /**
         * Checks the levels and length.
         *
         * @param from the level at the start
         * @param to the level at the end
         * @param over how long the ramp takes
         */
        public Ramp {
            notNegativeFinite(from, "from");
            notNegativeFinite(to, "to");
            positive(over, "over");
        }

        @Override
        public Piece pieceAt(long offsetNanos) {
            long end = over.toNanos();
            return offsetNanos < end ? new Piece(0, end, from, to) : new Piece(end, Long.MAX_VALUE, to, to);
        }

        @Override public Optional<Duration> naturalLength() { return Optional.empty(); }
        @Override public double max() { return Math.max(from, to); }
        @Override public String describe() { return "ramp:" + from + "-" + to + "/" + Durations.format(over); }
    }

    /** Periodic spikes on a base level. */
    record Burst(double base, double peak, Duration spikeLength, Duration period) implements RateProfile {
        /**
         * Checks the levels and times.
         *
         * @param base the level between spikes
         * @param peak the level during a spike
         * @param spikeLength how long each spike lasts
         * @param period the time from one spike's start to the next
         */
        public Burst {
            notNegativeFinite(base, "base");
            notNegativeFinite(peak, "peak");
            positive(spikeLength, "spikeLength");
            positive(period, "period");
            if (spikeLength.compareTo(period) >= 0) {
                throw new IllegalArgumentException("spikeLength must be shorter than period, got spikeLength="
                        + Durations.format(spikeLength) + " period=" + Durations.format(period));
            }
        }

        @Override
        public Piece pieceAt(long offsetNanos) {
            long p = period.toNanos();
            long cycleStart = (offsetNanos / p) * p;
            long spikeStart = cycleStart + p - spikeLength.toNanos();
            return offsetNanos < spikeStart
                    ? new Piece(cycleStart, spikeStart, base, base)
                    : new Piece(spikeStart, cycleStart + p, peak, peak);
        }

        @Override public Optional<Duration> naturalLength() { return Optional.empty(); }
        @Override public double max() { return Math.max(base, peak); }

        @Override
        public String describe() {
            return "burst:" + base + "," + peak + "," + Durations.format(spikeLength) + "/" + Durations.format(period);
        }
    }

    /** A list of held levels. */
    record Steps(List<Step> steps) implements RateProfile {
        /**
         * Checks there is at least one step and copies them.
         *
         * @param steps the steps, in order
         */
        public Steps {
            notNull(steps, "steps");
            if (steps.isEmpty()) throw new IllegalArgumentException("steps must not be empty");
            steps = List.copyOf(steps);
        }

        @Override
        public Piece pieceAt(long offsetNanos) {
            long start = 0;
            for (Step step : steps) {
                long end = start + step.duration().toNanos();
                if (offsetNanos < end) return new Piece(start, end, step.level(), step.level());
                start = end;
            }
            return new Piece(start, Long.MAX_VALUE, 0, 0);
        }

        @Override
        public Optional<Duration> naturalLength() {
            return Optional.of(steps.stream().map(Step::duration).reduce(Duration.ZERO, Duration::plus));
        }

        @Override
        public double max() {
            return steps.stream().mapToDouble(Step::level).max().orElse(0);
        }

        @Override
        public String describe() {
            StringBuilder b = new StringBuilder("steps:");
            for (int i = 0; i < steps.size(); i++) {
                if (i > 0) b.append(',');
                b.append(steps.get(i).level()).append('/').append(Durations.format(steps.get(i).duration()));
            }
            return b.toString();
        }
    }
}
