package io.benchsuite.sim.internal;

import io.benchsuite.sim.Seeds;
import io.benchsuite.sim.SimPhysics;
import io.benchsuite.sim.Vocabulary;
import java.util.Arrays;

/**
 * A prompt cut into blocks for the prefix cache. The simulator has no tokenizer of its own, so it
 * cuts the text into blocks of {@link SimPhysics#BLOCK_TOKENS} whitespace-separated words: that cut
 * is stable under appending (a multi-turn session's growing prompt keeps its earlier blocks), which
 * a proportional cut of the token count would not be. Matched words are converted back to tokens
 * with the prompt's own tokens-per-word ratio.
 *
 * @param chainedHashes one hash per full block, each covering all text before it too
 * @param words words in the prompt
 * @param tailBlock the hash of the words after the last full block (0 when none)
 * @param tailWords how many words follow the last full block ({@code words % BLOCK_TOKENS})
 */
public record PromptBlocks(long[] chainedHashes, int words, long tailBlock, int tailWords) {
    private static final long CHAIN_START = 0x6A09E667F3BCC908L;
    private static final long FNV_START = 0xCBF29CE484222325L;
    private static final long FNV_PRIME = 0x100000001B3L;
    /** The odd multiplier of a block's polynomial over its words (2^64 / phi): distinct word sequences stay distinct. */
    private static final long WORD_STEP = 0x9E3779B97F4A7C15L;
    /**
     * {@link #wordHash} of each word of the {@link Vocabulary}, by its position: each is one word (a space and
     * letters), so the engine adds its generated words to a chain with {@link Chain#addWord}.
     */
    static final long[] VOCABULARY_HASHES = vocabularyHashes();

    /** Cuts {@code prompt} into chained block hashes. */
    public static PromptBlocks of(String prompt) {
        Chain c = new Chain();
        c.add(prompt);
        return c.blocks();
    }

    /**
     * The chain continued past this prompt: what a sequence's generated text adds, so that the blocks of
     * prompt and output together are keyed as a later prompt that holds both (the next turn of a session,
     * whose history holds this answer) is cut.
     */
    Chain extend() {
        return new Chain(this);
    }

    /**
     * A growing chain of block hashes over whitespace-separated words; {@link #of} is one over a whole
     * prompt. Not thread-safe.
     */
    static final class Chain {
        private long[] hashes;
        private int blocks;
        private int words;
        private long chain = CHAIN_START;
        private long block;
        private int inBlock;

        Chain() {
            this.hashes = new long[16];
        }

        Chain(PromptBlocks start) {
            this.hashes = Arrays.copyOf(start.chainedHashes, Math.max(16, start.chainedHashes.length * 2));
            this.blocks = start.chainedHashes.length;
            this.words = start.words;
            this.chain = blocks == 0 ? CHAIN_START : start.chainedHashes[blocks - 1];
            this.block = start.tailBlock;
            this.inBlock = start.tailWords;
        }

        /** Adds the words of {@code text} (a word cut by the end of one call and the start of the next counts twice). */
        void add(String text) {
            int i = 0;
            int n = text.length();
            while (i < n) {
                while (i < n && isWhitespace(text.charAt(i))) i++;
                if (i >= n) break;
                long w = FNV_START; // FNV-1a over the word's chars
                while (i < n && !isWhitespace(text.charAt(i))) {
                    w = (w ^ text.charAt(i)) * FNV_PRIME;
                    i++;
                }
                addWord(w);
            }
        }

        /**
         * Adds one word whose chars hash to {@code wordHash} ({@link #wordHash}): the same as {@link #add} of a text
         * that holds that one word, without reading its chars again.
         */
        void addWord(long wordHash) {
            words++;
            // a polynomial over the block's words, mixed once when the block is full: mixing after every word put two
            // more multiplications on the chain each word waits for (55 M words in a simulated hour, prompts and output)
            block = block * WORD_STEP + wordHash;
            if (++inBlock == SimPhysics.BLOCK_TOKENS) {
                chain = Seeds.mix(chain ^ block);
                if (blocks == hashes.length) hashes = Arrays.copyOf(hashes, blocks * 2);
                hashes[blocks++] = chain;
                block = 0;
                inBlock = 0;
            }
        }

        /** Full blocks so far. */
        int blockCount() {
            return blocks;
        }

        /** The hash of full block {@code j} ({@code j < blockCount()}). */
        long hash(int j) {
            return hashes[j];
        }

        PromptBlocks blocks() {
            return new PromptBlocks(Arrays.copyOf(hashes, blocks), words, block, inBlock);
        }
    }

    /** The hash {@link Chain#add} gives a word: FNV-1a over its chars, whitespace skipped. */
    static long wordHash(String word) {
        long w = FNV_START;
        for (int i = 0; i < word.length(); i++) {
            if (!isWhitespace(word.charAt(i))) w = (w ^ word.charAt(i)) * FNV_PRIME;
        }
        return w;
    }

    private static long[] vocabularyHashes() {
        long[] hashes = new long[Vocabulary.size()];
        for (int v = 0; v < hashes.length; v++) {
            String word = Vocabulary.wordAt(v);
            if (of(word).words() != 1) throw new IllegalStateException("not one word: '" + word + "'");
            hashes[v] = wordHash(word);
        }
        return hashes;
    }

    /**
     * {@link Character#isWhitespace(char)}, answered without its table lookup for ASCII: the server cuts
     * every prompt it receives (a replay's 8.3M tokens), and a 350 KB prompt took 2.6-2.8 ms instead of
     * 3.4-3.6 ms with the launcher's quick compiler (1.1 instead of 1.2-1.4 ms with the full one).
     */
    static boolean isWhitespace(char c) {
        // a letter, the common case, in two comparisons
        if (c > ' ') return c >= 0x80 && Character.isWhitespace(c);
        return c == ' ' || (c >= '\t' && c <= '\r') || c >= 0x1C;
    }

    /**
     * Prompt tokens covered by the first {@code matchedBlocks} blocks, for a prompt of
     * {@code promptTokens} tokens: whole token blocks only, and never the last prompt token (an
     * engine always computes it to get the first output's logits).
     */
    public int cachedTokens(int matchedBlocks, int promptTokens) {
        if (matchedBlocks <= 0 || words == 0) return 0;
        double tokensPerWord = (double) promptTokens / words;
        long tokens = (long) Math.floor(matchedBlocks * (double) SimPhysics.BLOCK_TOKENS * tokensPerWord);
        // Like vLLM: at most promptTokens - 1 can hit, and hits are whole blocks.
        tokens = Math.min(tokens, promptTokens - 1L);
        return (int) Math.max(0, tokens / SimPhysics.BLOCK_TOKENS * SimPhysics.BLOCK_TOKENS);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PromptBlocks p && p.words == words && p.tailBlock == tailBlock && p.tailWords == tailWords
                && Arrays.equals(p.chainedHashes, chainedHashes);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(chainedHashes) + words) + Long.hashCode(tailBlock);
    }

    @Override
    public String toString() {
        return "PromptBlocks[blocks=" + chainedHashes.length + ", words=" + words + "]";
    }
}
