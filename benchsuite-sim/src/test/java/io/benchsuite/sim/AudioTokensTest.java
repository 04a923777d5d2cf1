package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestExtras;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The audio token rules of the speech model families, and the in-process simulator's prefill of them. */
class AudioTokensTest {

    @Test
    void qwen2AudioGives25TokensASecond() {
        // 30 s: 3000 mel frames, (3000 - 1) / 2 + 1 = 1500 after the convolution, (1500 - 2) / 2 + 1 = 750 after pooling
        assertThat(AudioTokens.QWEN2_AUDIO.tokens(30)).isEqualTo(750);
        assertThat(AudioTokens.QWEN2_AUDIO.tokens(10)).isEqualTo(250);
        assertThat(AudioTokens.QWEN2_AUDIO.tokens(1)).isEqualTo(25);
        assertThat(AudioTokens.QWEN2_AUDIO.tokens(-1)).as("unknown: 10 s").isEqualTo(250);
    }

    @Test
    void whisperPaysAWholeWindowPerStarted30Seconds() {
        assertThat(AudioTokens.WHISPER.tokens(3)).isEqualTo(1500);
        assertThat(AudioTokens.WHISPER.tokens(30)).isEqualTo(1500);
        assertThat(AudioTokens.WHISPER.tokens(31)).isEqualTo(3000);
    }

    @Test
    void aNumberIsTokensPerSecondRoundedUp() {
        assertThat(AudioTokens.parse("50").tokens(2.01)).isEqualTo(101);
        assertThat(AudioTokens.parse("Whisper")).isSameAs(AudioTokens.WHISPER);
        assertThatThrownBy(() -> AudioTokens.parse("0")).hasMessageContaining("qwen2-audio, whisper or a number of tokens per second");
        assertThatThrownBy(() -> AudioTokens.parse("clap")).hasMessageContaining("got 'clap'");
    }

    @Test
    void theInProcessSimulatorPrefillsTheClipsWithTheText() {
        AudioInputs audio = new AudioInputs(List.of(new AudioInputs.Synthetic(10_000, 16_000, 1), new AudioInputs.Synthetic(2_000, 16_000, 2)));
        InferenceRequest plain = new InferenceRequest(0, "m", List.of(ChatMessage.user("hello")), 100, 4, true, 0.0, 1, true, Map.of());
        InferenceRequest withAudio = new InferenceRequest(0, "m", List.of(ChatMessage.user("hello")), 100, 4, true, 0.0, 1, true, Map.of(),
                null, RequestExtras.of(audio));
        assertThat(ClipLengthsTest.heard(SimEndpoint.CHAT, plain).usage.promptTokens()).isEqualTo(100);
        assertThat(ClipLengthsTest.heard(SimEndpoint.CHAT, withAudio).usage.promptTokens()).isEqualTo(100 + 250 + 50);
    }
}
