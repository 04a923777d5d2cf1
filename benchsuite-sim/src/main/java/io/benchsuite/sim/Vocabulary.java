package io.benchsuite.sim;

import java.util.List;

/**
 * The words the simulator "generates": common English words that are one token each (with their
 * leading space) under the usual BPE tokenizers, so client-side token counts of the output agree
 * with the engine's. Public so that a front end (the HTTP server) reports the same words and token ids.
 */
public final class Vocabulary {
    private static final List<String> WORDS = List.of(
            " the", " of", " and", " to", " in", " a", " is", " that", " for", " it", " as", " with", " was",
            " on", " be", " at", " by", " this", " had", " not", " are", " but", " from", " or", " have", " an",
            " they", " which", " one", " you", " were", " her", " all", " she", " there", " would", " their",
            " we", " him", " been", " has", " when", " who", " will", " more", " no", " if", " out", " so",
            " said", " what", " up", " its", " about", " into", " than", " them", " can", " only", " other",
            " new", " some", " could", " time");

    private Vocabulary() {
    }

    /** A stable token id for a word of this vocabulary (its position, offset past the usual special tokens). */
    public static int id(String word) {
        int i = WORDS.indexOf(word);
        return i < 0 ? 0 : 1000 + i;
    }

    /**
     * Where the {@code index}-th word of a stream identified by {@code streamSeed} is in this vocabulary, in
     * {@code [0, size())}; a pure function of both. The word is {@link #wordAt} that position.
     */
    public static int position(long streamSeed, int index) {
        long h = Seeds.mix(streamSeed + 0x9E3779B97F4A7C15L * (index + 1L));
        return (int) Long.remainderUnsigned(h, WORDS.size());
    }

    /** The word at {@code position} of this vocabulary. */
    public static String wordAt(int position) {
        return WORDS.get(position);
    }

    /** The number of words. */
    public static int size() {
        return WORDS.size();
    }
}
