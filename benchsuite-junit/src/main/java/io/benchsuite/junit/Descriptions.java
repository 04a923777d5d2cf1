package io.benchsuite.junit;

import org.assertj.core.api.AbstractAssert;
import org.assertj.core.description.Description;

/** Carries a user's {@code as("...")} description from a run's assertion to the figure picked from it. */
final class Descriptions {
    private Descriptions() {}

    static <A extends AbstractAssert<A, ?>> A apply(A assertion, Description description) {
        if (description == null || description.value() == null || description.value().isEmpty()) return assertion;
        return assertion.as(description);
    }
}
