package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.util.WavHeader;
import io.benchsuite.sim.AudioTokens;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** What the server reads of the audio a request carries: chat input_audio parts and a transcription's form. */
class AudioPartsTest {

    /** A WAV file of {@code seconds} of silence at 16 kHz, 16-bit mono. */
    private static byte[] wav(int seconds) {
        byte[] b = new byte[WavHeader.SIZE + seconds * 32_000];
        new WavHeader(16_000, 1, 16, seconds * 32_000L).write(b);
        return b;
    }

    @Test
    void chatInputAudioPartsAreDecodedAndTimedFromTheirHeaders() throws Exception {
        String data = Base64.getEncoder().encodeToString(wav(3));
        String messages = "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"},"
                + "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"" + data + "\",\"format\":\"wav\"}},"
                + "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"@@not base64@@\",\"format\":\"wav\"}}]}]";
        AudioParts p = AudioParts.read(new ObjectMapper().readTree(messages));
        assertThat(p.clips()).containsExactly(new AudioParts.Clip("wav", 3.0, 44 + 96_000), new AudioParts.Clip("wav", -1, -1));
        assertThat(p.seconds()).as("one clip's length unknown").isEqualTo(-1);
        assertThat(p.tokens(AudioTokens.QWEN2_AUDIO)).isEqualTo(75 + 250);
        assertThat(p.logFields(325)).isEqualTo(",\"audioClips\":2,\"audioSeconds\":-1.0,\"audioBytes\":96044,\"audioTokens\":325");
    }

    @Test
    void aTranscriptionFormIsReadIntoItsFileAndFields() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(("--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.wav\"\r\nContent-Type: audio/wav\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        byte[] clip = wav(1);
        b.writeBytes(clip);
        b.writeBytes("\r\n--xyz\r\nContent-Disposition: form-data; name=\"stream\"\r\n\r\ntrue\r\n--xyz--\r\n".getBytes(StandardCharsets.US_ASCII));
        FormData f = FormData.parse("multipart/form-data; boundary=xyz", b.toByteArray());
        assertThat(f.file("file")).isEqualTo(clip);
        assertThat(f.fileType("file")).isEqualTo("wav");
        assertThat(f.field("stream")).isEqualTo("true");
        assertThat(f.field("model")).isNull();
        assertThatThrownBy(() -> FormData.parse("application/json", new byte[0])).hasMessageContaining("expected a multipart/form-data body");
        assertThatThrownBy(() -> FormData.parse("multipart/form-data", new byte[0])).hasMessageContaining("without a boundary");
    }
}
