package io.benchsuite.backends.media;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.util.WavHeader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Synthetic clips are WAV files of their length and rate, the same for the same seed, and each is made once. */
class SyntheticAudioTest {
    @TempDir
    Path tmp;

    @Test
    void aClipIsAWavOfItsLengthAndRate() {
        byte[] wav = SyntheticAudio.wav(new AudioInputs.Synthetic(2_500, 16_000, 7));
        assertThat(wav).hasSize(44 + 2 * 40_000);
        WavHeader h = WavHeader.read(wav).orElseThrow();
        assertThat(h).isEqualTo(new WavHeader(16_000, 1, 16, 80_000));
        assertThat(h.seconds()).isEqualTo(2.5);
        assertThat(new String(wav, 0, 4)).isEqualTo("RIFF");
    }

    @Test
    void theSameSeedGivesTheSameBytesAnotherSeedOthers() {
        byte[] a = SyntheticAudio.wav(new AudioInputs.Synthetic(1_000, 8_000, 1));
        assertThat(SyntheticAudio.wav(new AudioInputs.Synthetic(1_000, 8_000, 1))).isEqualTo(a);
        byte[] b = SyntheticAudio.wav(new AudioInputs.Synthetic(1_000, 8_000, 2));
        assertThat(Arrays.equals(a, 44, a.length, b, 44, b.length)).isFalse();
        // not silence: the samples move
        int distinct = (int) IntStream.range(0, 100).map(i -> a[44 + 2 * i] | a[45 + 2 * i] << 8).distinct().count();
        assertThat(distinct).isGreaterThan(50);
    }

    @Test
    void aHeaderWithOtherChunksBeforeItsDataIsRead() {
        byte[] plain = SyntheticAudio.wav(new AudioInputs.Synthetic(1_000, 8_000, 3));
        // RIFF, WAVE, fmt (24 bytes), then a LIST chunk of 5 bytes (padded to 6), then data
        byte[] list = {'L', 'I', 'S', 'T', 5, 0, 0, 0, 'a', 'b', 'c', 'd', 'e', 0};
        byte[] withList = new byte[plain.length + list.length];
        System.arraycopy(plain, 0, withList, 0, 36);
        System.arraycopy(list, 0, withList, 36, list.length);
        System.arraycopy(plain, 36, withList, 36 + list.length, plain.length - 36);
        assertThat(WavHeader.read(withList).orElseThrow().seconds()).isEqualTo(1.0);
        assertThat(WavHeader.read("not a wav file at all".getBytes())).isEmpty();
    }

    @Test
    void eachDistinctClipIsMadeOnceAndAFileIsReadWithItsLength() throws Exception {
        AudioClips clips = new AudioClips(AudioClips.DEFAULT_BUDGET);
        AudioInputs.Synthetic s = new AudioInputs.Synthetic(1_000, 16_000, 9);
        AudioClips.Encoded first = clips.clip(s);
        assertThat(clips.clip(new AudioInputs.Synthetic(1_000, 16_000, 9))).isSameAs(first);
        assertThat(clips.encodings()).isEqualTo(1);
        assertThat(first.base64()).isEqualTo(Base64.getEncoder().encode(first.wav()));
        assertThat(first.format()).isEqualTo("wav");
        Path file = Files.write(tmp.resolve("clip.wav"), SyntheticAudio.wav(new AudioInputs.Synthetic(3_000, 8_000, 4)));
        AudioClips.Encoded read = clips.clip(new AudioInputs.File(file.toString()));
        assertThat(read.seconds()).isEqualTo(3.0);
        assertThat(read.wav()).hasSize(44 + 48_000);
        assertThat(clips.encodings()).isEqualTo(2);
    }
}
