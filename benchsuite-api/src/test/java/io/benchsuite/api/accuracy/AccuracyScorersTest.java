package io.benchsuite.api.accuracy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AccuracyScorersTest {

    @Test
    void normalisingFoldsCaseWidthPunctuationAndSpace() {
        assertThat(AccuracyScorers.normalise("  The  Answer:\tPARIS! ")).isEqualTo("the answer paris");
        assertThat(AccuracyScorers.normalise("ｆｕｌｌ　ｗｉｄｔｈ")).isEqualTo("full width"); // NFKC
        assertThat(AccuracyScorers.normalise("don't")).isEqualTo("dont");
    }

    @Test
    void exactMatchComparesNormalisedText() {
        AccuracyScorer s = AccuracyScorers.exactMatch();
        assertThat(s.name()).isEqualTo("exact-match");
        assertThat(s.grade("Paris.", "paris")).isEqualTo(Grade.correct("equal after normalising"));
        Grade wrong = s.grade("Paris, France", "Paris");
        assertThat(wrong.score()).isZero();
        assertThat(wrong.reason()).isEqualTo("expected 'paris', got 'paris france'");
    }

    @Test
    void containsLooksForWholeWords() {
        AccuracyScorer s = AccuracyScorers.contains();
        assertThat(s.grade("The capital is Paris, of course.", "paris").isCorrect()).isTrue();
        assertThat(s.grade("The answer is 42", "4").isCorrect()).isFalse();
        assertThat(s.grade("New York City", "new york").isCorrect()).isTrue();
        assertThatThrownBy(() -> s.grade("x", "?!")).hasMessage("reference '?!' is empty after normalising");
    }

    @Test
    void numericTakesTheLastNumberAndItsTolerance() {
        AccuracyScorer exact = AccuracyScorers.numeric(AccuracyScorers.DEFAULT_TOLERANCE, AccuracyScorers.DEFAULT_TOLERANCE);
        assertThat(exact.grade("3 apples and 4 pears make 7.", "7").isCorrect()).isTrue();
        assertThat(exact.grade("the total is 1,234.50 dollars", "1234.5").isCorrect()).isTrue();
        assertThat(exact.grade("#### -12", "-12").isCorrect()).isTrue();
        assertThat(exact.grade("7 at first, then 8", "7").reason()).isEqualTo("expected 7.0, found 8.0 (|difference| 1.00 > tolerance 7.00e-09)");
        assertThat(exact.grade("I do not know", "7").reason()).isEqualTo("no number in the response");
        assertThatThrownBy(() -> exact.grade("7", "seven")).hasMessage("reference 'seven' holds no number");

        AccuracyScorer loose = AccuracyScorers.forSpec("numeric:abs=0.5, rel=0.01");
        assertThat(loose.grade("about 100.9", "100").isCorrect()).isTrue(); // rel: 1.0 allowed
        assertThat(loose.grade("about 101.1", "100").isCorrect()).isFalse();
        assertThat(loose.grade("0.4", "0").isCorrect()).isTrue(); // abs: 0.5 allowed
    }

    @Test
    void specsFindBuiltInsServiceListedAndNamedClasses() {
        assertThat(AccuracyScorers.forSpec("EXACT").name()).isEqualTo("exact-match");
        assertThat(AccuracyScorers.forSpec("contains").name()).isEqualTo("contains");
        AccuracyScorer listed = AccuracyScorers.forSpec("starts-with");
        assertThat(listed).isInstanceOf(StartsWithScorer.class);
        assertThat(listed.grade("Paris is big", "Paris France").score()).isEqualTo(0.5);
        assertThat(AccuracyScorers.forSpec("class:io.benchsuite.api.accuracy.StartsWithScorer")).isInstanceOf(StartsWithScorer.class);
    }

    @Test
    void badSpecsAreNamed() {
        assertThatThrownBy(() -> AccuracyScorers.forSpec("exakt"))
                .hasMessage("unknown accuracy scorer 'exakt'; known: contains, exact-match, numeric, starts-with, or class:<fully qualified class name>");
        assertThatThrownBy(() -> AccuracyScorers.forSpec("numeric:tol=1"))
                .hasMessage("numeric scorer option 'tol=1' must be abs=<number> or rel=<number>");
        assertThatThrownBy(() -> AccuracyScorers.forSpec("numeric:abs=x")).hasMessage("numeric scorer option abs must be a number, got 'x'");
        assertThatThrownBy(() -> AccuracyScorers.forSpec("numeric:abs=-1")).hasMessage("abs must be a finite number >= 0, got -1.0");
        assertThatThrownBy(() -> AccuracyScorers.forSpec("class:com.example.Missing"))
                .hasMessage("accuracy scorer class 'com.example.Missing' was not found");
        assertThatThrownBy(() -> AccuracyScorers.forSpec("class:java.lang.String"))
                .hasMessage("class 'java.lang.String' does not implement io.benchsuite.api.accuracy.AccuracyScorer");
        assertThatThrownBy(() -> new Grade(1.5, "x")).hasMessage("score must be in [0, 1], got 1.5");
    }

    @Test
    void aTallyAddsUpGradesFromManyThreads() throws Exception {
        AccuracyTally tally = new AccuracyTally(AccuracyScorers.forSpec("starts-with"));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            done.add(pool.submit(() -> {
                for (int i = 0; i < 250; i++) {
                    tally.grade("Paris France", "paris france"); // 1
                    tally.grade("Paris", "paris france");        // 0.5
                    tally.grade("Rome", "paris france");         // 0
                    tally.ungraded("no reference");
                }
            }));
        }
        for (Future<?> f : done) f.get();
        pool.shutdown();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        AccuracySummary s = tally.summary();
        assertThat(s.scorer()).isEqualTo("starts-with");
        assertThat(s.graded()).isEqualTo(3000);
        assertThat(s.correct()).isEqualTo(1000);
        assertThat(s.meanScore()).isEqualTo(0.5);
        assertThat(s.exactAccuracy()).isEqualTo(1.0 / 3);
        assertThat(s.ungradedReasons()).containsEntry("no reference", 1000L);
    }

    @Test
    void anUnusableReferenceCountsAsUngradedWithTheScorersReason() {
        AccuracyTally tally = new AccuracyTally(AccuracyScorers.forSpec("numeric"));
        assertThat(tally.grade("42", "forty-two")).isNull();
        assertThat(tally.grade("42", "42")).isNotNull();
        AccuracySummary s = tally.summary();
        assertThat(s.graded()).isEqualTo(1);
        assertThat(s.ungraded()).isEqualTo(1);
        assertThat(s.ungradedReasons()).containsOnlyKeys("reference 'forty-two' holds no number");
        assertThat(new AccuracyTally(AccuracyScorers.exactMatch()).summary().meanScore()).isNaN();
    }
}
