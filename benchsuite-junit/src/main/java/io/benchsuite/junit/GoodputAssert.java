package io.benchsuite.junit;

import io.benchsuite.api.result.RunSummary;
import io.benchsuite.junit.internal.AssertionNumbers;
import org.assertj.core.description.Description;

/**
 * Goodput figures of a run: the share and rate of requests that met every SLO. Without SLOs goodput
 * is undefined and every comparison fails saying so.
 */
public final class GoodputAssert {
    private final Subject subject;
    private final Description description;

    GoodputAssert(Subject subject, Description description) {
        this.subject = subject;
        this.description = description;
    }

    /** Met / measured, a number in [0, 1]: {@code goodput().fraction().isGreaterThan(0.95)}. */
    public NumberValueAssert fraction() {
        RunSummary.Goodput g = subject.result().summary().goodput();
        return Descriptions.apply(new NumberValueAssert(g.fraction(), label("fraction"),
                v -> AssertionNumbers.number(v) + " (" + AssertionNumbers.percent(v) + ")", sample(g), subject.reportLine()), description);
    }

    /** Requests meeting every SLO per second of the measured window. */
    public NumberValueAssert requestsPerSecond() {
        RunSummary.Goodput g = subject.result().summary().goodput();
        return Descriptions.apply(new NumberValueAssert(g.requestsPerSecond(), label("requests/s"),
                v -> AssertionNumbers.number(v) + " requests/s", sample(g), subject.reportLine()), description);
    }

    private String label(String what) {
        RunSummary.Goodput g = subject.result().summary().goodput();
        String slo = g.slo().isEmpty() ? "no SLO set: call slo(...) on the benchmark" : "SLO " + g.slo().describe();
        return "goodput " + what + " of run '" + subject.name() + "' (" + slo + ")";
    }

    private String sample(RunSummary.Goodput g) {
        return g.met() + " of " + Samples.requests(subject) + " met the SLO";
    }
}
