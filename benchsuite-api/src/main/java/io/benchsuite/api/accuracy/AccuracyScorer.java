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
}
