package io.benchsuite.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.AudioSent;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.PromptNotSent;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.util.WavHeader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audio figures of a request run in process: the {@link AudioSent} a client over HTTP would report (clips,
 * seconds, the clips' bytes; no body, so no payload size), in virtual and real time, and the length of a dataset's
 * WAV file read from its header, so that its prefill is its own length's, not the unknown clip's 10 s.
 */
class ClipLengthsTest {
    @TempDir
    Path tmp;

    /** What a client hears of one request. */
    static class Heard extends ResponseListener.Ignoring {
        final List<Object> extras = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);
        Usage usage;
        BackendError error;

        @Override
        public void onExtra(Object extra) {
            extras.add(extra);
        }

        @Override
        public void onComplete(long nanoTime, Usage usage) {
            this.usage = usage;
            done.countDown();
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            this.error = error;
            done.countDown();
        }

        AudioSent sent() {
            return extras.stream().filter(AudioSent.class::isInstance).map(AudioSent.class::cast).findFirst().orElse(null);
        }
    }

    /** {@code request} run to its end on a virtual-time server serving {@code endpoint}. */
    static Heard heard(SimEndpoint endpoint, InferenceRequest request) {
        SimulatedServer server = new SimulatedServer(SimSettings.builder().build(), Adapters.NONE, endpoint, 0);
        Heard heard = new Heard();
        server.send(request, heard, 0);
        server.drain();
        return heard;
    }

    private static InferenceRequest chat(AudioInputs.Clip... clips) {
        return new InferenceRequest(0, "m", List.of(ChatMessage.user("what is said")), 100, 2, true, 0.0, 1, true, Map.of(), null,
                RequestExtras.of(new AudioInputs(List.of(clips))));
    }

    /**
     * A 16-bit mono WAV file of {@code samples} samples at {@code rate}, with a {@code LIST} chunk of {@code listBytes}
     * between its {@code fmt } and {@code data} chunks, as an editor writes one.
     */
    static byte[] wavWithList(int rate, int samples, int listBytes) {
        byte[] canonical = new byte[WavHeader.SIZE + samples * 2];
        new WavHeader(rate, 1, 16, samples * 2L).write(canonical);
        byte[] out = new byte[canonical.length + 8 + listBytes];
        System.arraycopy(canonical, 0, out, 0, 36); // RIFF, WAVE and the fmt chunk
        System.arraycopy("LIST".getBytes(StandardCharsets.US_ASCII), 0, out, 36, 4);
        out[40] = (byte) listBytes;
        out[41] = (byte) (listBytes >>> 8);
        System.arraycopy(canonical, 36, out, 44 + listBytes, canonical.length - 36); // the data chunk
        int riffSize = out.length - 8;
        for (int i = 0; i < 4; i++) out[4 + i] = (byte) (riffSize >>> (8 * i));
        return out;
    }

    @Test
    void aRequestsSyntheticClipsAreReportedAsAClientReportsThemInEitherClock() throws InterruptedException {
        InferenceRequest r = chat(new AudioInputs.Synthetic(10_000, 16_000, 1), new AudioInputs.Synthetic(2_500, 8_000, 2));
        AudioSent expected = new AudioSent(2, 12.5, (44 + 160_000 * 2) + (44 + 20_000 * 2), AudioSent.NO_BODY);
        Heard virtual = heard(SimEndpoint.CHAT, r);
        assertThat(virtual.error).isNull();
        assertThat(virtual.sent()).isEqualTo(expected);
        assertThat(virtual.sent().logFields()).as("no body was built: no payload size rather than a made-up one")
                .containsExactly(Map.entry("audioClips", 2), Map.entry("audioSeconds", 12.5), Map.entry("audioBytes", 360_088L));
        assertThat(virtual.usage.promptTokens()).isEqualTo(100 + 250 + 62);

        Heard real = new Heard();
        try (SimBackend sim = new SimBackend(SimSettings.builder().timeScale(0.01).build())) {
            sim.send(r, real);
            assertThat(real.done.await(60, TimeUnit.SECONDS)).as("the real-time engine answered").isTrue();
        }
        assertThat(real.sent()).isEqualTo(expected);
        assertThat(real.usage.promptTokens()).isEqualTo(100 + 250 + 62);
    }

    @Test
    void aTranscriptionReportsItsFirstClip() {
        Heard t = heard(SimEndpoint.fromConfig(BackendConfig.of(Map.of("endpoint", "transcriptions"))),
                chat(new AudioInputs.Synthetic(2_000, 16_000, 3), new AudioInputs.Synthetic(5_000, 16_000, 4)));
        assertThat(t.error).isNull();
        assertThat(t.extras).containsExactly(new AudioSent(1, 2.0, 44 + 64_000, AudioSent.NO_BODY), PromptNotSent.INSTANCE);
        assertThat(t.usage.promptTokens()).isEqualTo(50 + Transcription.TASK_TOKENS);
    }

    @Test
    void aDatasetsWavFileCountsItsOwnLength() throws Exception {
        // 3.2 s at 16 kHz behind a LIST chunk: 320 mel frames, 160 after the convolution, 80 after pooling; 10 s would be 250
        byte[] wav = wavWithList(16_000, 51_200, 26);
        Path file = Files.write(tmp.resolve("hello.wav"), wav);
        InferenceRequest r = chat(new AudioInputs.File(file.toString()));
        Heard chat = heard(SimEndpoint.CHAT, r);
        assertThat(chat.error).isNull();
        assertThat(chat.usage.promptTokens()).isEqualTo(100 + 80);
        assertThat(chat.sent()).isEqualTo(new AudioSent(1, 3.2, wav.length, AudioSent.NO_BODY));

        Heard whisper = heard(SimEndpoint.fromConfig(BackendConfig.of(Map.of("endpoint", "transcriptions", "audio-tokens", "whisper"))), r);
        assertThat(whisper.usage.promptTokens()).isEqualTo(1500 + 4);
        assertThat(whisper.usage.completionTokens()).as("3 tokens a second of 3.2 s, not of 10 s").isEqualTo(10);
    }

    @Test
    void aFileWithoutAWavHeaderIsOfUnknownLengthAndOneThatCannotBeReadFailsItsRequest() throws Exception {
        byte[] wav = wavWithList(16_000, 51_200, 26);
        Path cut = Files.write(tmp.resolve("cut.wav"), java.util.Arrays.copyOf(wav, 60)); // cut inside the LIST chunk
        Path mp3 = Files.write(tmp.resolve("song.mp3"), "ID3 and then frames".getBytes(StandardCharsets.US_ASCII));
        for (Path p : List.of(cut, mp3)) {
            Heard h = heard(SimEndpoint.CHAT, chat(new AudioInputs.File(p.toString())));
            assertThat(h.error).as(p.toString()).isNull();
            assertThat(h.usage.promptTokens()).as("counted as 10 s").isEqualTo(100 + 250);
            assertThat(h.sent()).isEqualTo(new AudioSent(1, -1, Files.size(p), AudioSent.NO_BODY));
        }

        Path missing = tmp.resolve("missing.wav");
        Heard h = heard(SimEndpoint.CHAT, chat(new AudioInputs.Synthetic(1_000, 16_000, 1), new AudioInputs.File(missing.toString())));
        assertThat(h.error.kind()).isEqualTo(ErrorKind.BACKEND_EXCEPTION);
        assertThat(h.error.message()).isEqualTo("cannot read the audio file " + missing + ": no such file or directory");
        assertThat(h.sent()).as("nothing was sent").isNull();
    }

    @Test
    void aFilesLengthIsReadOnce() throws Exception {
        Path file = Files.write(tmp.resolve("a.wav"), wavWithList(16_000, 16_000, 4));
        ClipLengths lengths = new ClipLengths();
        List<AudioInputs.Clip> clips = List.of(new AudioInputs.File(file.toString()));
        assertThat(lengths.of(clips)).containsExactly(new ClipLengths.ClipFigures(1.0, 44 + 12 + 32_000));
        Files.write(file, new byte[] {1, 2, 3});
        assertThat(lengths.of(clips)).as("kept from the first read").containsExactly(new ClipLengths.ClipFigures(1.0, 44 + 12 + 32_000));
        assertThat(new ClipLengths().of(clips)).containsExactly(new ClipLengths.ClipFigures(-1, 3));
    }
}
