package io.benchsuite.api.accuracy;

/**
 * Grades one response against its reference answer. Implementations must be stateless or thread-safe:
 * a run grades responses from many threads at once.
 *
 * <p>Built-ins come from {@link AccuracyScorers}. A scorer of your own is found by name when its jar
 * lists it in {@code META-INF/services/io.benchsuite.api.accuracy.AccuracyScorer} (it then needs a public
 * no-argument constructor), or by class name with the spec {@code class:com.example.MyScorer}.
 */
public interface AccuracyScorer {

    /**
     * The scorer's name, unique among the scorers found, e.g. {@code exact-match}.
     *
     * @return the name
     */
    String name();

    /**
     * Grades a response.
     *
     * @param response the text the model answered
     * @param reference the reference answer
     * @return the grade, its score in [0, 1]
     * @throws IllegalArgumentException when the reference cannot be used by this scorer (a numeric scorer given
     *     a reference that is not a number); the message names the reference
     */
    Grade grade(String response, String reference);

    /**
     * Whether a request without a reference answer can be graded; false for scorers that judge the
     * answer against what the request carried (a response format's schema, the tools offered). The
     * default says a reference is needed.
     *
     * @return whether a reference answer is needed
     */
    default boolean needsReference() {
        return true;
    }

    /**
     * Grades an answer with what the request carried and the response reported. The default grades the
     * text against the reference with {@link #grade(String, String)}.
     *
     * @param answer the answer, its reference and extras
     * @return the grade, its score in [0, 1]
     * @throws IllegalArgumentException when the answer cannot be graded by this scorer (no reference, no
     *     schema); the message says why
     */
    default Grade grade(Answer answer) {
        String reference = answer.reference().orElseThrow(() -> new IllegalArgumentException("no reference answer"));
        return grade(answer.text(), reference);
    }
}
