package io.benchsuite.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A prompt is the same text, from the same draws, as when its words were appended one draw at a time
 * (the text is now built at its exact length after drawing): a seed's prompts, and the prompt hashes
 * and prefix blocks taken from them, do not change.
 */
class SyntheticPromptsTextTest {
    @Test
    void theSameDrawsGiveTheSameWordsAndLeaveTheGeneratorWhereItWas() {
        SyntheticPrompts prompts = new SyntheticPrompts(Tokenizers.cl100k());
        List<String> words = prompts.words();
        SplittableRandom generating = new SplittableRandom(42);
        SplittableRandom reference = new SplittableRandom(42);
        for (int tokens : new int[] {1, 2, 7, 512, 3000}) {
            StringBuilder expected = new StringBuilder();
            for (int i = 0; i < tokens; i++) {
                if (i > 0) expected.append(' ');
                expected.append(words.get(reference.nextInt(words.size())));
            }
            assertThat(prompts.generate(tokens, generating)).isEqualTo(expected.toString());
        }
        assertThat(generating.nextLong()).isEqualTo(reference.nextLong());
    }
}
