package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.util.IoErrors;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * A dataset or trace to read as a stream: a name for messages and a way to open it from the start.
 * Files whose name ends in {@code .gz} are decompressed on the fly. Sources open their input once per
 * cursor and read it front to back, so nothing is held beyond a read buffer.
 */
public final class DataInput {
    /** Opens a fresh stream at the start of the input. */
    @FunctionalInterface
    public interface Opener {
        /**
         * A new stream at the start of the input; the caller closes it.
         *
         * @throws IOException when it cannot be opened
         */
        InputStream open() throws IOException;
    }

    private final String name;
    private final Opener opener;

    private DataInput(String name, Opener opener) {
        this.name = notNull(name, "name");
        this.opener = notNull(opener, "opener");
    }

    /**
     * A file, decompressed when its name ends in {@code .gz}.
     *
     * @param file the file
     */
    public static DataInput of(Path file) {
        notNull(file, "file");
        boolean gz = file.getFileName() != null && file.getFileName().toString().endsWith(".gz");
        return new DataInput(file.toString(), () -> {
            InputStream in = Files.newInputStream(file);
            return gz ? new GZIPInputStream(in, 1 << 16) : in;
        });
    }

    /**
     * Any stream, e.g. a resource or a generated one in a test.
     *
     * @param name the name used in messages
     * @param opener opens a fresh stream at the start
     */
    public static DataInput of(String name, Opener opener) {
        return new DataInput(name, opener);
    }

    /**
     * The name used in messages (a file's path).
     */
    public String name() {
        return name;
    }

    /**
     * Opens the raw bytes, buffered.
     *
     * @param kind what the input is, for the message, e.g. {@code "sharegpt dataset"}
     * @throws WorkloadDataException naming the input when it cannot be opened
     */
    public InputStream openStream(String kind) {
        try {
            return new BufferedInputStream(opener.open(), 1 << 16);
        } catch (NoSuchFileException e) {
            throw new WorkloadDataException(kind + " '" + name + "' does not exist");
        } catch (IOException e) {
            throw new WorkloadDataException("cannot read " + kind + " '" + name + "': " + IoErrors.reason(e), e);
        }
    }

    /**
     * Opens the input as UTF-8 text, read line by line: malformed bytes are an error naming their line,
     * not silently replaced, and a line over {@link BoundedLineReader#MAX_LINE_CHARS} is refused before it is held.
     *
     * @param kind what the input is, for the message
     * @throws WorkloadDataException naming the input when it cannot be opened
     */
    public BufferedReader openText(String kind) {
        return openText(kind, BoundedLineReader.MAX_LINE_CHARS);
    }

    /** {@link #openText(String)} with another bound on a line's length (tests). */
    BufferedReader openText(String kind, int maxLineChars) {
        return new BoundedLineReader(new InputStreamReader(openStream(kind), StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)),
                kind + " '" + name + "'", maxLineChars, () -> firstNonUtf8Line(kind));
    }

    /**
     * The first line (from 1) whose bytes are not UTF-8, or 0 when there is none or the input cannot be
     * read again: read only after a decoder failed, to say where.
     */
    long firstNonUtf8Line(String kind) {
        var utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try (InputStream in = openStream(kind)) {
            ByteArrayOutputStream lineBytes = new ByteArrayOutputStream();
            long line = 1;
            for (int b = in.read(); ; b = in.read()) {
                if (b == -1 || b == '\n') {
                    try {
                        utf8.reset().decode(ByteBuffer.wrap(lineBytes.toByteArray()));
                    } catch (CharacterCodingException e) {
                        return line;
                    }
                    if (b == -1) return 0;
                    lineBytes.reset();
                    line++;
                } else if (lineBytes.size() <= BoundedLineReader.MAX_LINE_CHARS * 4L) {
                    lineBytes.write(b);
                }
            }
        } catch (IOException | WorkloadDataException e) {
            return 0;
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
