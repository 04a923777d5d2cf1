package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PromptNotSent;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A transcription in process: the clip's audio tokens under the configured rule plus the task tokens prefilled,
 * 3 tokens a second generated, streamed with the engine's usage or answered whole without token counts; and a
 * rerank's {@code top_n}.
 */
class TranscriptionTest {

    /** What a client hears of one request. */
    private static class Heard extends ResponseListener.Ignoring {
        final List<Integer> counts = new ArrayList<>();
        final List<String> texts = new ArrayList<>();
        final List<Object> extras = new ArrayList<>();
        Usage usage;
        BackendError error;

        @Override
        public void onTokens(long nanoTime, int tokenCount, String text) {
            counts.add(tokenCount);
            texts.add(text);
        }

        @Override
        public void onExtra(Object extra) {
            extras.add(extra);
        }

        @Override
        public void onComplete(long nanoTime, Usage usage) {
            this.usage = usage;
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            this.error = error;
        }
    }

    private static InferenceRequest clip(int millis, boolean stream) {
        return new InferenceRequest(0, "m", List.of(ChatMessage.user("a synthetic prompt of many words that is not sent")), 64, 16, true,
                0.0, 1, stream, Map.of(), null, RequestExtras.of(new AudioInputs(List.of(new AudioInputs.Synthetic(millis, 16_000, 3)))));
    }

    private static Heard run(SimEndpoint endpoint, InferenceRequest request) {
        SimulatedServer server = new SimulatedServer(SimSettings.builder().build(), Adapters.NONE, endpoint, 0);
        Heard heard = new Heard();
        server.send(request, heard, 0);
        server.drain();
        return heard;
    }

    @Test
    void aTranscriptsLengthFollowsTheClip() {
        assertThat(Transcription.of(2, AudioTokens.QWEN2_AUDIO).maxTokens()).isEqualTo(6);
        assertThat(Transcription.of(-1, AudioTokens.QWEN2_AUDIO).maxTokens()).isEqualTo(30);
        assertThat(Transcription.of(3600, AudioTokens.QWEN2_AUDIO).maxTokens()).isEqualTo(448);
        assertThat(Transcription.of(2, AudioTokens.QWEN2_AUDIO).promptTokens()).isEqualTo(50 + 4);
        assertThat(Transcription.of(2, AudioTokens.WHISPER).promptTokens()).isEqualTo(1500 + 4);
    }

    @Test
    void aStreamedTranscriptionIsItsClipsTokensNotThePromptsInEitherClock() throws InterruptedException {
        SimEndpoint endpoint = SimEndpoint.fromConfig(BackendConfig.of(Map.of("endpoint", "transcriptions")));
        Heard virtual = run(endpoint, clip(2_000, true));
        assertThat(virtual.error).isNull();
        assertThat(virtual.usage.promptTokens()).as("25 a second and the task tokens, not the text's 64").isEqualTo(54);
        assertThat(virtual.usage.completionTokens()).isEqualTo(6);
        assertThat(virtual.counts).containsExactly(1, 1, 1, 1, 1, 1);
        assertThat(virtual.extras).contains(PromptNotSent.INSTANCE);

        CountDownLatch done = new CountDownLatch(1);
        Heard real = new Heard() {
            @Override
            public void onComplete(long nanoTime, Usage usage) {
                super.onComplete(nanoTime, usage);
                done.countDown();
            }
        };
        try (SimBackend sim = new SimBackend(SimSettings.builder().timeScale(0.01).build(), Adapters.NONE, endpoint)) {
            sim.send(clip(2_000, true), real);
            assertThat(done.await(60, TimeUnit.SECONDS)).as("the real-time engine answered").isTrue();
        }
        assertThat(real.usage.promptTokens()).isEqualTo(54);
        assertThat(real.usage.completionTokens()).isEqualTo(6);
        assertThat(real.counts).containsExactly(1, 1, 1, 1, 1, 1);
    }

    @Test
    void aWholeTranscriptionIsOneAnswerWithoutTokenCounts() {
        Heard whole = run(SimEndpoint.fromConfig(BackendConfig.of(Map.of("endpoint", "transcriptions", "audio-tokens", "whisper"))),
                clip(3_000, false));
        assertThat(whole.error).isNull();
        assertThat(whole.counts).containsExactly(0);
        assertThat(Pattern.compile("\\S+").matcher(whole.texts.get(0)).results().count()).as("9 words, one a token").isEqualTo(9);
        assertThat(whole.usage.promptTokens()).isEqualTo(Usage.UNKNOWN);
        assertThat(whole.usage.completionTokens()).isEqualTo(Usage.UNKNOWN);
    }

    @Test
    void aTranscriptionWithoutAClipIsRejected() {
        Heard none = run(SimEndpoint.fromConfig(BackendConfig.of(Map.of("endpoint", "transcriptions"))),
                new InferenceRequest(0, "m", List.of(ChatMessage.user("hi")), 1, 4, true, 0.0, 1, true, Map.of()));
        assertThat(none.error.message()).isEqualTo("a transcription request needs an audio clip (--audio-count, or \"audio\" in the dataset's lines)");
    }

    @Test
    void theAudioTokenRuleIsConfigured() {
        SimEndpoint whisper = SimEndpoint.fromConfig(BackendConfig.of(Map.of("audio-tokens", "whisper")));
        assertThat(whisper.audioTokens()).isSameAs(AudioTokens.WHISPER);
        InferenceRequest chat = new InferenceRequest(0, "m", List.of(ChatMessage.user("hello")), 100, 2, true, 0.0, 1, true, Map.of(),
                null, RequestExtras.of(new AudioInputs(List.of(new AudioInputs.Synthetic(10_000, 16_000, 1)))));
        assertThat(run(whisper, chat).usage.promptTokens()).isEqualTo(100 + 1500);
        assertThat(run(SimEndpoint.CHAT, chat).usage.promptTokens()).isEqualTo(100 + 250);
        assertThatThrownBy(() -> SimEndpoint.fromConfig(BackendConfig.of(Map.of("audio-tokens", "clap"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("backend config key 'audio-tokens': audio tokens must be qwen2-audio, whisper or a number of tokens per second "
                        + "(at least 1), got 'clap'");
    }

    @Test
    void aRerankReturnsItsTopN() {
        BatchInputs batch = new BatchInputs(List.of("a b", "c d", "e f", "g h", "i j"), List.of(2, 2, 2, 2, 2), "q", 1);
        InferenceRequest r = new InferenceRequest(0, "m", List.of(ChatMessage.user("q")), 1, 1, true, 0.0, 1, false, Map.of(), null,
                RequestExtras.of(batch));
        Map<String, String> rerank = Map.of("endpoint", "rerank", "top-n", "3");
        Heard top = run(SimEndpoint.fromConfig(BackendConfig.of(rerank)), r);
        assertThat(top.extras).contains(new BatchResult(5, 10, 3, 0));
        assertThat(top.usage.promptTokens()).as("every pair is scored").isEqualTo(5 * 3);
        Heard score = run(SimEndpoint.fromConfig(BackendConfig.of(Map.of("endpoint", "score", "top-n", "3"))), r);
        assertThat(score.extras).as("top_n is a rerank's").contains(new BatchResult(5, 10, 5, 0));
        Heard all = run(SimEndpoint.fromConfig(BackendConfig.of(Map.of("endpoint", "rerank", "top-n", "9"))), r);
        assertThat(all.extras).contains(new BatchResult(5, 10, 5, 0));
        assertThatThrownBy(() -> SimEndpoint.fromConfig(BackendConfig.of(Map.of("top-n", "-1"))))
                .hasMessage("backend config key 'top-n': topN must be >= 0, got -1");
    }
}
