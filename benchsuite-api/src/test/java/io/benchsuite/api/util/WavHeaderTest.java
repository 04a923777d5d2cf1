package io.benchsuite.api.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.AudioInputs;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A WAV file's header read from the file, chunk by chunk, without its samples; and what a bad one lacks. */
class WavHeaderTest {
    @TempDir
    Path tmp;

    /** A chunk: its tag, its size, its bytes and the pad byte of an odd size. */
    private static void chunk(ByteArrayOutputStream out, String tag, int declared, byte[] body) {
        out.writeBytes(tag.getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 4; i++) out.write(declared >>> (8 * i));
        out.writeBytes(body);
        if ((body.length & 1) == 1) out.write(0);
    }

    /** RIFF/WAVE with {@code chunks} after its 12 header bytes (the RIFF size left 0: readers do not need it). */
    private static byte[] riff(byte[] chunks) {
        byte[] out = new byte[12 + chunks.length];
        System.arraycopy("RIFF\0\0\0\0WAVE".getBytes(StandardCharsets.US_ASCII), 0, out, 0, 12);
        System.arraycopy(chunks, 0, out, 12, chunks.length);
        return out;
    }

    /** The fmt chunk's 16 bytes of a PCM format. */
    private static byte[] fmt(int rate, int channels, int bits) {
        byte[] canonical = new byte[WavHeader.SIZE];
        new WavHeader(rate, channels, bits, 0).write(canonical);
        return Arrays.copyOfRange(canonical, 20, 36);
    }

    @Test
    void aFilesHeaderIsReadPastOtherChunks() throws Exception {
        ByteArrayOutputStream c = new ByteArrayOutputStream();
        chunk(c, "fmt ", 16, fmt(16_000, 1, 16));
        chunk(c, "LIST", 27, new byte[27]); // odd: padded to 28
        chunk(c, "data", 102_400, new byte[102_400]);
        byte[] wav = riff(c.toByteArray());
        Path file = Files.write(tmp.resolve("list.wav"), wav);
        WavHeader h = WavHeader.read(file);
        assertThat(h).isEqualTo(new WavHeader(16_000, 1, 16, 102_400));
        assertThat(h.seconds()).isEqualTo(3.2);
        assertThat(WavHeader.read(wav)).contains(h);
    }

    @Test
    void aSyntheticClipsHeaderIsTheOneItsFileHas() throws Exception {
        AudioInputs.Synthetic clip = new AudioInputs.Synthetic(1_001, 44_100, 7);
        WavHeader h = clip.header();
        assertThat(h).isEqualTo(new WavHeader(44_100, 1, 16, 2 * 44_144L));
        assertThat(h.seconds()).as("its samples over its rate, not its 1.001 s asked").isEqualTo(44_144 / 44_100.0);
        byte[] wav = new byte[(int) (WavHeader.SIZE + h.dataBytes())];
        h.write(wav);
        assertThat(WavHeader.read(Files.write(tmp.resolve("s.wav"), wav))).isEqualTo(h);
    }

    @Test
    void samplesCutShortAreTheOnesTheFileHolds() throws Exception {
        byte[] full = new byte[WavHeader.SIZE + 32_000];
        new WavHeader(16_000, 1, 16, 32_000).write(full);
        Path file = Files.write(tmp.resolve("cut.wav"), Arrays.copyOf(full, WavHeader.SIZE + 8_000));
        assertThat(WavHeader.read(file).seconds()).isEqualTo(0.25);
    }

    @Test
    void aFileWithoutAHeaderSaysWhatItLacks() throws Exception {
        Path text = Files.writeString(tmp.resolve("a.wav"), "not a wav file at all");
        assertThatThrownBy(() -> WavHeader.read(text)).isInstanceOf(WavHeader.NotWavException.class)
                .hasMessage(text + ": not a RIFF/WAVE file (no RIFF/WAVE header)");
        Path tiny = Files.write(tmp.resolve("b.wav"), new byte[] {'R', 'I', 'F', 'F'});
        assertThatThrownBy(() -> WavHeader.read(tiny)).hasMessage(tiny + ": not a RIFF/WAVE file (4 bytes)");

        ByteArrayOutputStream c = new ByteArrayOutputStream();
        chunk(c, "data", 4, new byte[4]);
        chunk(c, "fmt ", 16, fmt(16_000, 1, 16));
        Path dataFirst = Files.write(tmp.resolve("c.wav"), riff(c.toByteArray()));
        assertThatThrownBy(() -> WavHeader.read(dataFirst)).hasMessage(dataFirst + ": no fmt chunk before its data chunk");

        byte[] zeroRate = fmt(16_000, 1, 16);
        Arrays.fill(zeroRate, 4, 8, (byte) 0);
        c.reset();
        chunk(c, "fmt ", 16, zeroRate);
        chunk(c, "data", 4, new byte[4]);
        Path badFmt = Files.write(tmp.resolve("d.wav"), riff(c.toByteArray()));
        assertThatThrownBy(() -> WavHeader.read(badFmt)).hasMessage(badFmt + ": its fmt chunk says 0 Hz, 1 channels, 16 bits");

        c.reset();
        chunk(c, "fmt ", 16, fmt(16_000, 1, 16));
        chunk(c, "LIST", 1_000, new byte[10]); // declares more than the file holds
        byte[] cut = riff(c.toByteArray());
        Path noData = Files.write(tmp.resolve("e.wav"), cut);
        assertThatThrownBy(() -> WavHeader.read(noData)).hasMessage(noData + ": no data chunk in its " + cut.length + " bytes");
        assertThat(WavHeader.read(cut)).as("the bytes' reader agrees").isEmpty();

        Path missing = tmp.resolve("missing.wav");
        assertThatThrownBy(() -> WavHeader.read(missing)).isInstanceOf(NoSuchFileException.class)
                .isNotInstanceOf(WavHeader.NotWavException.class);
    }
}
