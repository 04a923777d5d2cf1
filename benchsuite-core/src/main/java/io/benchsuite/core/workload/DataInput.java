package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.util.IoErrors;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
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
     * Opens the input as UTF-8 text; malformed bytes are an error, not silently replaced.
     *
     * @param kind what the input is, for the message
     * @throws WorkloadDataException naming the input when it cannot be opened
     */
    public BufferedReader openText(String kind) {
        return new BufferedReader(new InputStreamReader(openStream(kind), StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), 1 << 16);
    }

    @Override
    public String toString() {
        return name;
    }
}
