package io.benchsuite.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.tokenizer.Tokenizer;
import java.util.SplittableRandom;
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
