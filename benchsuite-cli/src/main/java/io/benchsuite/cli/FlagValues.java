package io.benchsuite.cli;

import io.benchsuite.api.accuracy.AccuracyScorer;
import io.benchsuite.api.accuracy.AccuracyScorers;
import io.benchsuite.api.backend.Quantization;
import io.benchsuite.api.result.Slo;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.CancelAfter;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.DatasetSpec;
import io.benchsuite.core.workload.LengthDistributions;
import io.benchsuite.core.workload.Popularity;
import io.benchsuite.core.workload.SessionOptions;
import io.benchsuite.core.workload.SessionTranscript;
import io.benchsuite.core.workload.ThinkTime;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters that turn a flag's text into its typed value while the command line is parsed, with the
 * API's own parsers (durations, lengths, SLOs, seeds, ...), so that no flag is carried as text and parsed later.
 * A bad value is a usage error (exit 2) naming the flag: picocli adds the flag, the message says what was expected.
 * A scenario file's keys go through the same converters, so the file and the command line accept the same values.
 */
final class FlagValues {
    private FlagValues() {}

    /** Applies an API parser; a JDK number parser's own text ({@code For input string: "OK"}) is replaced. */
    abstract static class Parsed<T> implements ITypeConverter<T> {
        private final Function<String, T> parser;

        Parsed(Function<String, T> parser) {
            this.parser = parser;
        }

        @Override
        public T convert(String text) {
            try {
                return parser.apply(text);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("expected a number, got '" + text + "'");
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A duration, zero allowed: {@code 300} (seconds), {@code 5m}, {@code 200ms}. */
    static final class NonNegativeDuration extends Parsed<Duration> {
        NonNegativeDuration() {
            super(Durations::parse);
        }
    }

    /** A duration above zero. */
    static final class PositiveDuration extends Parsed<Duration> {
        PositiveDuration() {
            super(t -> {
                Duration d = Durations.parse(t);
                if (d.isZero()) throw new IllegalArgumentException("must be > 0, got " + t.trim());
                return d;
            });
        }
    }

    /** A whole number above zero that fits an {@code int}. */
    static final class PositiveInt extends Parsed<Integer> {
        PositiveInt() {
            super(t -> {
                long v = positiveLong(t);
                if (v > Integer.MAX_VALUE) throw new IllegalArgumentException("must be at most " + Integer.MAX_VALUE + ", got " + t.trim());
                return (int) v;
            });
        }
    }

    /** A whole number above zero. */
    static final class PositiveLong extends Parsed<Long> {
        PositiveLong() {
            super(FlagValues::positiveLong);
        }
    }

    private static long positiveLong(String t) {
        long v;
        try {
            v = Long.parseLong(t.trim());
        } catch (NumberFormatException e) {
            v = 0;
        }
        if (v <= 0) throw new IllegalArgumentException("must be a whole number > 0, got " + t.trim());
        return v;
    }

    /** {@code text} as a number, NaN when it is not one (the callers say what was expected). */
    private static double number(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** A finite number above zero. */
    static final class PositiveNumber extends Parsed<Double> {
        PositiveNumber() {
            super(t -> {
                double v = number(t.trim());
                if (!(v > 0) || Double.isInfinite(v)) throw new IllegalArgumentException("must be a finite number > 0, got " + t.trim());
                return v;
            });
        }
    }

    /** A share from 0 to 1. */
    static final class Ratio extends Parsed<Double> {
        Ratio() {
            super(t -> {
                double v = number(t.trim());
                if (!(v >= 0 && v <= 1)) throw new IllegalArgumentException("expected a number from 0 to 1, got " + t.trim());
                return v;
            });
        }
    }

    /** A share of failed requests: {@code 0.5} or {@code 50%}, from 0 to below 1. */
    static final class ErrorRate extends Parsed<Double> {
        ErrorRate() {
            super(t -> {
                String s = t.trim();
                boolean percent = s.endsWith("%");
                double v = number(percent ? s.substring(0, s.length() - 1).trim() : s);
                if (percent) v /= 100;
                if (!(v >= 0 && v < 1)) {
                    throw new IllegalArgumentException("expected a share of failed requests from 0 to below 1 (e.g. 0.5) "
                            + "or a percentage below 100 (e.g. 50%), got " + s);
                }
                return v;
            });
        }
    }

    /** A TCP port, 0 for any free one. */
    static final class Port extends Parsed<Integer> {
        Port() {
            super(t -> {
                int p;
                try {
                    p = Integer.parseInt(t.trim());
                } catch (NumberFormatException e) {
                    p = -1;
                }
                if (p < 0 || p > 65535) throw new IllegalArgumentException("expected a port 0-65535, got " + t.trim());
                return p;
            });
        }
    }

    /** A length distribution: {@code 256}, {@code uniform:100-500}, {@code empirical:FILE}, ... */
    static final class Length extends Parsed<LengthDistribution> {
        Length() {
            super(LengthDistributions::parse);
        }
    }

    /** Per-request objectives, e.g. {@code ttft=200ms,tpot=50ms}. */
    static final class Objectives extends Parsed<Slo> {
        Objectives() {
            super(Slo::parse);
        }
    }

    /** A root seed: a number, 64 hex digits or {@code git:<commit>}. */
    static final class Seed extends Parsed<SeedChain> {
        Seed() {
            super(SeedChain::parse);
        }
    }

    /** An open loop's spacing: {@code poisson}, {@code constant} or {@code gamma:<burstiness>}. */
    static final class ArrivalValue extends Parsed<Arrival> {
        ArrivalValue() {
            super(Arrival::parse);
        }
    }

    /** A quantization label. */
    static final class QuantizationValue extends Parsed<Quantization> {
        QuantizationValue() {
            super(Quantization::parse);
        }
    }

    /** Where a request cancelled on purpose is aborted: {@code tokens:20}, {@code tokens:uniform:1-50}, {@code 2s}, {@code uniform:100ms-3s}. */
    static final class CancelPoint extends Parsed<CancelAfter> {
        CancelPoint() {
            super(CancelAfter::parse);
        }
    }

    /** A dataset or trace, {@code kind:path}. */
    static final class Dataset extends Parsed<DatasetSpec> {
        Dataset() {
            super(DatasetSpec::parse);
        }
    }

    /** A think time: {@code 2s}, {@code uniform:1s-5s}, {@code exponential:3s}. */
    static final class Think extends Parsed<ThinkTime> {
        Think() {
            super(ThinkTime::parse);
        }
    }

    /** How shared-prefix groups are chosen. */
    static final class PopularityValue extends Parsed<Popularity> {
        PopularityValue() {
            super(Popularity::parse);
        }
    }

    /** An accuracy scorer by name. */
    static final class Scorer extends Parsed<AccuracyScorer> {
        Scorer() {
            super(AccuracyScorers::forSpec);
        }
    }

    /** {@code send}, {@code mark} or {@code skip}. */
    static final class ContextPolicy extends Parsed<ContextLimit.Policy> {
        ContextPolicy() {
            super(t -> switch (t.trim().toLowerCase(Locale.ROOT)) {
                case "send" -> ContextLimit.Policy.SEND;
                case "mark" -> ContextLimit.Policy.MARK;
                case "skip" -> ContextLimit.Policy.SKIP;
                default -> throw new IllegalArgumentException("expected send, mark or skip, got '" + t.trim() + "'");
            });
        }
    }

    /** Which answers a session's history holds: {@code received} (or {@code actual}) or {@code recorded}. */
    static final class Answers extends Parsed<SessionTranscript.Answers> {
        Answers() {
            super(t -> switch (t.trim().toLowerCase(Locale.ROOT)) {
                case "received", "actual" -> SessionTranscript.Answers.RECEIVED;
                case "recorded" -> SessionTranscript.Answers.RECORDED;
                default -> throw new IllegalArgumentException("expected received (or actual) or recorded, got '" + t.trim() + "'");
            });
        }
    }

    /** What an open loop's cap counts with sessions: {@code requests} or {@code sessions}. */
    static final class ConcurrencyUnit extends Parsed<SessionOptions.ConcurrencyUnit> {
        ConcurrencyUnit() {
            super(t -> switch (t.trim().toLowerCase(Locale.ROOT)) {
                case "requests" -> SessionOptions.ConcurrencyUnit.REQUESTS;
                case "sessions" -> SessionOptions.ConcurrencyUnit.SESSIONS;
                default -> throw new IllegalArgumentException("expected requests or sessions, got '" + t.trim() + "'");
            });
        }
    }
}
