package io.benchsuite.api.accuracy;

/** A user scorer as a plugin would write one: half credit for the right first word, full for the whole answer. */
public class StartsWithScorer implements AccuracyScorer {
    @Override
    public String name() {
        return "starts-with";
    }

    @Override
    public Grade grade(String response, String reference) {
        String r = AccuracyScorers.normalise(response), ref = AccuracyScorers.normalise(reference);
        if (r.equals(ref)) return Grade.correct("whole answer");
        int space = ref.indexOf(' ');
        String first = space < 0 ? ref : ref.substring(0, space);
        return r.startsWith(first) ? new Grade(0.5, "first word") : Grade.wrong("different");
    }
}
