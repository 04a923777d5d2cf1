package io.benchsuite.core.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.SecretMask;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.spec.RunSpec;
import io.benchsuite.core.workload.LengthDistributions;
import java.util.List;
import java.util.Optional;

/**
 * Sets a swept parameter on a run's spec, for the library's sweep and the command line's alike. Parameters named as the run flags are:
 * <ul>
 *   <li>{@code max-concurrent}: closed loop, the number of users (a steady profile); open loop, the cap on
 *       requests in flight;</li>
 *   <li>{@code rate}: open loop, a steady rate in requests/s (a closed-loop template is an error);</li>
 *   <li>{@code input-length}, {@code output-length}: a length ({@code 256}, {@code uniform:100-500}, ...);</li>
 *   <li>{@code duration}, {@code num-requests}: how long each point runs;</li>
 *   <li>{@code model}, {@code device}, {@code quantization}: the backend configuration keys of those names
 *       (device and quantization are also recorded as the run's labels);</li>
 * </ul>
 * and any other name is a backend option ({@code engine}, {@code tp}, {@code time-scale}, ...), which the
 * backend checks against its declared options when the run starts.
 */
public final class SweepParameters {
    /** The parameters that change the workload rather than the backend configuration. */
    public static final List<String> WORKLOAD_PARAMETERS = List.of("max-concurrent", "rate", "input-length", "output-length",
            "duration", "num-requests");

    private SweepParameters() {}

    /**
     * Sets one parameter on a builder: the same as {@link #apply(RunSpec, String, String)} on the builder's
     * {@link Benchmark.Builder#spec() spec}.
     *
     * @param b the point's builder (a copy of the template)
     * @param parameter the parameter's name
     * @param value its value
     * @throws IllegalArgumentException naming the parameter when the value does not fit it
     */
    public static void apply(Benchmark.Builder b, String parameter, String value) {
        notNull(b, "builder");
        b.spec(apply(b.spec(), parameter, value));
    }

    /**
     * The spec of a sweep's point: {@code spec} with one parameter set. The command line and the library's
     * {@link Sweep} derive every point this way.
     *
     * @param spec the template's spec
     * @param parameter the parameter's name
     * @param value its value
     * @return the point's spec
     * @throws IllegalArgumentException naming the parameter (and the value, unless it is secret) when the value
     *     does not fit it
     */
    public static RunSpec apply(RunSpec spec, String parameter, String value) {
        notNull(spec, "spec");
        notNull(parameter, "parameter");
        notNull(value, "value");
        Workload w = spec.workload();
        try {
            return switch (parameter) {
                case "max-concurrent" -> {
                    int n = positiveInt(value);
                    yield spec.withWorkload(w.withLoad(w.load() instanceof LoadModel.OpenLoop o
                            ? new LoadModel.OpenLoop(o.arrival(), o.rate(), n)
                            : new LoadModel.ClosedLoop(RateProfile.steady(n), ((LoadModel.ClosedLoop) w.load()).thinkTime())));
                }
                case "rate" -> {
                    double r = Double.parseDouble(value);
                    if (!(r > 0) || Double.isInfinite(r)) throw new IllegalArgumentException("expected a rate > 0 requests/s, got " + value);
                    if (!(w.load() instanceof LoadModel.OpenLoop o)) {
                        throw new IllegalArgumentException("the template is closed loop; give it an open-loop workload "
                                + "(Workload.open()) to sweep the rate, or sweep max-concurrent");
                    }
                    yield spec.withWorkload(w.withLoad(new LoadModel.OpenLoop(o.arrival(), RateProfile.steady(r), o.maxConcurrency())));
                }
                case "input-length" -> spec.withWorkload(w.withInputTokens(LengthDistributions.parse(value)));
                case "output-length" -> spec.withWorkload(w.withOutputTokens(LengthDistributions.parse(value)));
                case "duration" -> spec.withWorkload(w.withDuration(Durations.parse(value)));
                case "num-requests" -> spec.withWorkload(w.withMaxRequests(positiveInt(value)));
                default -> {
                    RunSpec.BackendSpec backend = spec.backend().orElseThrow(() -> new IllegalStateException(
                            "the backend was given as an object: its configuration cannot be swept; name it with backend(name, config)"));
                    RunSpec.Builder b = spec.toBuilder().backend(Optional.of(backend.with(parameter, value)));
                    if (parameter.equals(BackendConfig.DEVICE) || parameter.equals(BackendConfig.QUANTIZATION)) b.label(parameter, value);
                    yield b.build();
                }
            };
        } catch (NumberFormatException e) {
            // the JDK's text ("For input string: ...") says neither what was expected nor for which key
            throw new IllegalArgumentException(shown(spec, parameter, value) + ": expected a number, got '" + value + "'", e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalArgumentException(shown(spec, parameter, value) + ": " + e.getMessage(), e);
        }
    }

    /**
     * How a point's value is shown in names, directories and messages: {@code parameter=value}, or
     * {@code parameter=***} for a secret (a secret header, a key) and a URL without its user information.
     *
     * @param spec the template's spec (its backend configuration knows which headers are secret)
     * @param parameter the parameter's name
     * @param value its value
     * @return the text to show
     */
    public static String shown(RunSpec spec, String parameter, String value) {
        return parameter + "=" + shownValue(spec, parameter, value);
    }

    /** The value part of {@link #shown}. */
    public static String shownValue(RunSpec spec, String parameter, String value) {
        if (WORKLOAD_PARAMETERS.contains(parameter)) return value;
        if (spec.backendConfig().isSecret(parameter)) return SecretMask.MASK;
        return SecretMask.stripUserInfo(value);
    }

    private static int positiveInt(String value) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n > 0) return n;
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("expected a whole number > 0, got '" + value + "'");
    }
}
