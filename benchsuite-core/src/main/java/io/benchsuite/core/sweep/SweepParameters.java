package io.benchsuite.core.sweep;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.RateProfile;
import io.benchsuite.core.Benchmark;
import io.benchsuite.core.workload.LengthDistributions;
import java.util.List;

/**
 * Sets a swept parameter on a benchmark template (the API's sweep; the command line re-reads the run's flags
 * instead). Parameters named as the run flags are:
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
     * Sets one parameter.
     *
     * @param b the point's builder (a copy of the template)
     * @param parameter the parameter's name
     * @param value its value
     * @throws IllegalArgumentException naming the parameter when the value does not fit it
     */
    public static void apply(Benchmark.Builder b, String parameter, String value) {
        notNull(b, "builder");
        notNull(parameter, "parameter");
        notNull(value, "value");
        try {
            switch (parameter) {
                case "max-concurrent" -> {
                    int n = positiveInt(value);
                    b.withWorkload(w -> w.withLoad(w.load() instanceof LoadModel.OpenLoop o
                            ? new LoadModel.OpenLoop(o.arrival(), o.rate(), n)
                            : new LoadModel.ClosedLoop(RateProfile.steady(n), ((LoadModel.ClosedLoop) w.load()).thinkTime())));
                }
                case "rate" -> {
                    double r = Double.parseDouble(value);
                    if (!(r > 0) || Double.isInfinite(r)) throw new IllegalArgumentException("expected a rate > 0 requests/s, got " + value);
                    b.withWorkload(w -> {
                        if (!(w.load() instanceof LoadModel.OpenLoop o)) {
                            throw new IllegalArgumentException("the template is closed loop; give it an open-loop workload "
                                    + "(Workload.open()) to sweep the rate, or sweep max-concurrent");
                        }
                        return w.withLoad(new LoadModel.OpenLoop(o.arrival(), RateProfile.steady(r), o.maxConcurrency()));
                    });
                }
                case "input-length" -> b.withWorkload(w -> w.withInputTokens(LengthDistributions.parse(value)));
                case "output-length" -> b.withWorkload(w -> w.withOutputTokens(LengthDistributions.parse(value)));
                case "duration" -> b.withWorkload(w -> w.withDuration(Durations.parse(value)));
                case "num-requests" -> b.withWorkload(w -> w.withMaxRequests(positiveInt(value)));
                default -> {
                    b.withBackendConfig(c -> c.with(parameter, value));
                    if (parameter.equals(BackendConfig.DEVICE) || parameter.equals(BackendConfig.QUANTIZATION)) b.label(parameter, value);
                }
            }
        } catch (NumberFormatException e) {
            // the JDK's text ("For input string: ...") says neither what was expected nor for which key
            throw new IllegalArgumentException(parameter + "=" + value + ": expected a number, got '" + value + "'", e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalArgumentException(parameter + "=" + value + ": " + e.getMessage(), e);
        }
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
