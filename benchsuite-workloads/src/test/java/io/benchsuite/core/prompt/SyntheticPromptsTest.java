package io.benchsuite.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.tokenizer.Tokenizer;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SyntheticPromptsTest {
    @Test
    void promptsHitTheRequestedLengthExactly() {
        Tokenizer cl100k = Tokenizers.cl100k();
        SyntheticPrompts prompts = new SyntheticPrompts(cl100k);
        SplittableRandom random = new SplittableRandom(11);
        for (int n : new int[] {1, 2, 7, 128, 512, 1000, 4096, 32768}) {
            String p = prompts.generate(n, random);
            assertThat(cl100k.countTokens(p)).as("tokens of a %d-token prompt", n).isEqualTo(n);
        }
    }

    @Test
    void o200kPromptsAreExactToo() {
        Tokenizer o200k = Tokenizers.o200k();
        SyntheticPrompts prompts = new SyntheticPrompts(o200k);
        String p = prompts.generate(999, new SplittableRandom(5));
        assertThat(o200k.countTokens(p)).isEqualTo(999);
    }

    /** The built-in tokenizers' one-token words are known without counting: they are what counting gives. */
    @Test
    void theKnownOneTokenWordsAreWhatTheVocabulariesCount() {
        for (Tokenizer t : new Tokenizer[] {Tokenizers.cl100k(), Tokenizers.o200k()}) {
            assertThat(new SyntheticPrompts(t).words()).as(t.name()).isEqualTo(SyntheticPrompts.oneTokenWords(t));
        }
        assertThat(SyntheticPrompts.NOT_ONE_TOKEN).containsOnlyKeys("cl100k_base", "o200k_base");
    }

    /** A virtual-time run of synthetic prompts never counts a token: it must not load the BPE ranks. */
    @Test
    void promptsForABuiltInTokenizerLoadNoVocabularyAndPreloadLoadsIt() {
        var fresh = new Tokenizers.JtokkitTokenizer(com.knuddels.jtokkit.api.EncodingType.CL100K_BASE);
        String p = new SyntheticPrompts(fresh).generate(300, new SplittableRandom(2));
        assertThat(fresh.name()).isEqualTo("cl100k_base");
        assertThat(fresh.loaded()).as("loaded by making prompts").isFalse();
        Tokenizers.preload(fresh);
        assertThat(fresh.loaded()).isTrue();
        assertThat(fresh.countTokens(p)).isEqualTo(300);
        var counted = new Tokenizers.JtokkitTokenizer(com.knuddels.jtokkit.api.EncodingType.O200K_BASE);
        assertThat(counted.countTokens("the morning")).isEqualTo(2);
        assertThat(counted.loaded()).isTrue();
    }

    /** Why the built-in tokenizers need no count per prompt: no two words of the vocabulary merge. */
    @Test
    void everyPairOfWordsIsTwoTokensUnderTheBuiltInTokenizers() {
        for (Tokenizer t : new Tokenizer[] {Tokenizers.cl100k(), Tokenizers.o200k()}) {
            SyntheticPrompts prompts = new SyntheticPrompts(t);
            for (String a : prompts.words()) {
                for (String b : prompts.words()) {
                    assertThat(t.countTokens(a + " " + b)).as("%s: '%s %s'", t.name(), a, b).isEqualTo(2);
                }
            }
        }
    }

    @Test
    void aTokenizerThatMergesAcrossWordsStillGetsExactPrompts() {
        // counts words, but "the" and the word after it as one token: prompts are corrected word by word until they fit
        Tokenizer merging = new Tokenizer() {
            @Override
            public String name() {
                return "merging";
            }

            @Override
            public int countTokens(String text) {
                int words = text.isBlank() ? 0 : text.trim().split(" +").length;
                return words - (int) Pattern.compile("(^| )the (?=\\S)").matcher(text).results().count();
            }
        };
        SyntheticPrompts prompts = new SyntheticPrompts(merging);
        SplittableRandom random = new SplittableRandom(3);
        for (int n : new int[] {5, 100, 2000}) {
            String p = prompts.generate(n, random);
            assertThat(merging.countTokens(p)).isEqualTo(n);
            if (n == 2000) assertThat(p.split(" ").length).as("words of a prompt with merges").isGreaterThan(n);
        }
    }

    @Test
    void sameSeedSamePrompt() {
        SyntheticPrompts prompts = new SyntheticPrompts(Tokenizers.cl100k());
        assertThat(prompts.generate(300, new SplittableRandom(9))).isEqualTo(prompts.generate(300, new SplittableRandom(9)));
        assertThat(prompts.generate(300, new SplittableRandom(9))).isNotEqualTo(prompts.generate(300, new SplittableRandom(10)));
    }

    @Test
    void unknownTokenizerListsKnownOnes() {
        assertThatThrownBy(() -> Tokenizers.named("gpt2")).hasMessageContaining("cl100k_base").hasMessageContaining("gpt2");
    }
}
