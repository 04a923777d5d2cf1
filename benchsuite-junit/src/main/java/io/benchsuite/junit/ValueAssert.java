package io.benchsuite.junit;

import java.util.function.DoubleFunction;
import org.assertj.core.api.AbstractAssert;

/**
 * One measured figure of a run, compared to a limit. Failure messages give the figure, the limit,
 * the sample it rests on and the report path. A figure that could not be measured ({@code NaN})
 * fails every comparison, saying so.
 *
 * @param <SELF> the concrete assertion type, for chaining
 */
public abstract class ValueAssert<SELF extends ValueAssert<SELF>> extends AbstractAssert<SELF, Double> {
    private final String label;
    private final DoubleFunction<String> format;
    private final String sample;
    private final String report;

    ValueAssert(double actual, Class<?> selfType, String label, DoubleFunction<String> format, String sample,
                String report) {
        super(actual, selfType);
        this.label = label;
        this.format = format;
        this.sample = sample;
        this.report = report;
    }

    /** The measured value, in the unit of this figure (milliseconds for latencies). */
    public double value() {
        return actual;
    }

    final SELF check(boolean holds, String relation, double limit) {
        double v = actual;
        if (Double.isNaN(v)) {
            failWithMessage("%s", label + " could not be measured (no samples), expected " + relation + " "
                    + format.apply(limit) + "\n  sample: " + sample + report);
        } else if (!holds) {
            failWithMessage("%s", label + ": expected " + relation + " " + format.apply(limit) + " but was "
                    + format.apply(v) + "\n  sample: " + sample + report);
        }
        return myself;
    }
}
