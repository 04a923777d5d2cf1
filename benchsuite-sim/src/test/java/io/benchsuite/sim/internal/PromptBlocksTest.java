package io.benchsuite.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.sim.SimPhysics;
import io.benchsuite.sim.Vocabulary;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The prefix cache's cut of a prompt: whitespace as Java defines it, blocks stable under appending. */
class PromptBlocksTest {

    @Test
    void whitespaceIsJavasForEveryChar() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            assertThat(PromptBlocks.isWhitespace((char) c)).as("U+%04X", c).isEqualTo(Character.isWhitespace((char) c));
        }
    }

    @Test
    void blocksCountWordsAcrossEveryKindOfWhitespaceAndStayStableUnderAppending() {
        Random r = new Random(7);
        String[] gaps = {" ", "  ", "\t", "\n", "\r\n", "\u001f", "\u2003", "\u3000", " \u00a0"};
        String[] words = {"alpha", "b\u00e9ta", "\u4e2d\u6587", "x", "\ud83d\ude00", "a\u00a0b"};
        StringBuilder text = new StringBuilder();
        int wordCount = 0;
        for (int i = 0; i < 3 * SimPhysics.BLOCK_TOKENS + 5; i++) {
            text.append(words[r.nextInt(words.length)]).append(gaps[r.nextInt(gaps.length)]);
            wordCount++;
        }
        PromptBlocks all = PromptBlocks.of(text.toString());
        // a no-break space joins a word ("a\u00a0b", " \u00a0" before the next word): not a separator in Java
        assertThat(all.words()).isLessThanOrEqualTo(wordCount).isGreaterThan(wordCount / 2);
        assertThat(all.chainedHashes()).hasSize(all.words() / SimPhysics.BLOCK_TOKENS);
        PromptBlocks longer = PromptBlocks.of(text + " more words appended at the end");
        assertThat(longer.chainedHashes()).startsWith(all.chainedHashes());
        assertThat(PromptBlocks.of("  lead and trail  ").words()).isEqualTo(3);
        assertThat(PromptBlocks.of("").words()).isZero();
    }

    @Test
    void aGeneratedWordAddedByItsHashKeysTheSameBlocksAsItsText() {
        PromptBlocks prompt = PromptBlocks.of("a prompt of some words ".repeat(7));
        PromptBlocks.Chain byText = prompt.extend();
        PromptBlocks.Chain byHash = prompt.extend();
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 5_000; i++) {
            long seed = r.nextLong();
            int index = r.nextInt(4096);
            int position = Vocabulary.position(seed, index);
            assertThat(position).isBetween(0, Vocabulary.size() - 1);
            byText.add(Vocabulary.wordAt(position));
            byHash.addWord(PromptBlocks.VOCABULARY_HASHES[position]);
            assertThat(byHash.blocks()).isEqualTo(byText.blocks());
        }
        assertThat(byHash.blockCount()).isEqualTo((prompt.words() + 5_000) / SimPhysics.BLOCK_TOKENS);
        for (int v = 0; v < Vocabulary.size(); v++) {
            String word = Vocabulary.wordAt(v);
            assertThat(PromptBlocks.VOCABULARY_HASHES[v]).as(word).isEqualTo(PromptBlocks.wordHash(word))
                    .isNotEqualTo(PromptBlocks.wordHash(word + "x"));
        }
    }

    @Test
    void blocksOfOtherWordsOrTheSameWordsInAnotherOrderKeyApart() {
        // 20,000 blocks of 16 words drawn from a vocabulary of 8: repeats among them are the same draws only
        String[] words = {"a", "b", "c", "the", "of", "and", "model", "token"};
        SplittableRandom r = new SplittableRandom(11);
        Map<Long, String> byHash = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            StringBuilder block = new StringBuilder();
            for (int w = 0; w < SimPhysics.BLOCK_TOKENS; w++) block.append(words[r.nextInt(words.length)]).append(' ');
            String text = block.toString();
            long hash = PromptBlocks.of(text).chainedHashes()[0];
            String before = byHash.putIfAbsent(hash, text);
            assertThat(before == null || before.equals(text)).as("'%s' and '%s' share a key", before, text).isTrue();
        }
        PromptBlocks swapped = PromptBlocks.of("b a c d e f g h i j k l m n o p");
        assertThat(swapped.chainedHashes()[0]).isNotEqualTo(PromptBlocks.of("a b c d e f g h i j k l m n o p").chainedHashes()[0]);
    }
}
