package io.benchsuite.sim;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.AudioSent;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.api.util.WavHeader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The length and bytes of each audio clip a request carries, as the in-process simulator counts them without
 * making or reading the clip's samples: a synthetic clip's from what defines it ({@link AudioInputs.Synthetic#header()},
 * the header its WAV file would have), a file's from its WAV header ({@link WavHeader#read(Path)}, a few dozen bytes
 * however long the file) and its size. These are the figures a client sending the clips reports and {@code serve-sim}
 * reads from what it receives, so the prefill and {@link AudioSent} are the same in process as over HTTP.
 *
 * <p>A file without a readable WAV header (an MP3, a damaged or cut file) has an unknown length, counted as
 * {@link AudioTokens#UNKNOWN_SECONDS} ({@code serve-sim} counts such a clip alike); a warning names the file and
 * what its header lacks, once per file. Each file is read once and its figures kept, for at most {@value #MAX_FILES}
 * files. Thread-safe.
 */
final class ClipLengths {
    private static final Logger LOG = LoggerFactory.getLogger(ClipLengths.class);
    /** The most files whose figures are kept. */
    static final int MAX_FILES = 65_536;

    private final ConcurrentHashMap<String, ClipFigures> files = new ConcurrentHashMap<>();

    /**
     * One clip's figures.
     *
     * @param seconds its length, -1 when its header cannot be read
     * @param bytes its file's bytes
     */
    record ClipFigures(double seconds, long bytes) {}

    /**
     * The figures of {@code clips}, in their order.
     *
     * @param clips the clips
     * @return their figures
     * @throws IOException when a file cannot be read, its message saying which and why (a file that is read but holds no
     *     WAV header is of unknown length)
     */
    List<ClipFigures> of(List<AudioInputs.Clip> clips) throws IOException {
        List<ClipFigures> out = new ArrayList<>(clips.size());
        for (AudioInputs.Clip c : clips) out.add(of(c));
        return out;
    }

    private ClipFigures of(AudioInputs.Clip clip) throws IOException {
        if (clip instanceof AudioInputs.Synthetic s) {
            WavHeader h = s.header();
            return new ClipFigures(h.seconds(), WavHeader.SIZE + h.dataBytes());
        }
        String path = ((AudioInputs.File) clip).path();
        ClipFigures m = files.get(path);
        if (m != null) return m;
        Path file = Path.of(path);
        boolean kept = files.size() < MAX_FILES;
        long bytes = -1;
        try {
            bytes = Files.size(file);
            m = new ClipFigures(WavHeader.read(file).seconds(), bytes);
        } catch (WavHeader.NotWavException e) {
            m = new ClipFigures(-1, bytes);
            if (kept) {
                LOG.warn("audio file {}; its length is unknown, counted as {} s", e.getMessage(), AudioTokens.UNKNOWN_SECONDS);
            } else {
                LOG.debug("audio file {}; its length is unknown, counted as {} s", e.getMessage(), AudioTokens.UNKNOWN_SECONDS);
            }
        } catch (IOException e) {
            throw new IOException("cannot read the audio file " + file + ": " + IoErrors.reason(e, file), e);
        }
        if (kept) files.putIfAbsent(path, m);
        return m;
    }

    /**
     * What a request carrying {@code clips} sent, in process: no body was built ({@link AudioSent#NO_BODY}).
     *
     * @param clips the clips' figures
     * @return their count, seconds together (-1 when one's is unknown) and bytes
     */
    static AudioSent sent(List<ClipFigures> clips) {
        double seconds = 0;
        long bytes = 0;
        for (ClipFigures m : clips) {
            seconds = seconds < 0 || m.seconds() < 0 ? -1 : seconds + m.seconds();
            bytes += m.bytes();
        }
        return new AudioSent(clips.size(), seconds, bytes, AudioSent.NO_BODY);
    }

    /**
     * The prompt tokens of {@code clips} under {@code rule}.
     *
     * @param clips the clips' figures
     * @param rule the audio-token rule
     * @return their tokens together, 0 without any
     */
    static int tokens(List<ClipFigures> clips, AudioTokens rule) {
        int sum = 0;
        for (ClipFigures m : clips) sum += rule.tokens(m.seconds());
        return sum;
    }
}
