package io.benchsuite.core.workload;

import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.util.function.LongSupplier;

/**
 * A line reader of a dataset or trace that refuses a line longer than {@link #MAX_LINE_CHARS} before
 * holding it (a file without line breaks would otherwise be read whole into one string) and says at
 * which line the text stops being UTF-8, instead of the decoder's {@code Input length = 1}.
 */
final class BoundedLineReader extends BufferedReader {
    /**
     * The longest line read: 16 M characters, above a record of the longest request allowed
     * ({@code LengthDistribution.MAX_TOKENS} tokens are about 14 MB of text).
     */
    static final int MAX_LINE_CHARS = 16 << 20;

    private final String what;
    private final int maxChars;
    private final LongSupplier firstNonUtf8Line;
    private long line;

    /**
     * @param in the decoded text (a decoder that reports malformed input)
     * @param what the input in user terms, e.g. {@code mooncake trace 'x.jsonl'}
     * @param maxChars the longest line accepted
     * @param firstNonUtf8Line finds the first line that is not UTF-8 (the decoder fails a buffer ahead of the line read)
     */
    BoundedLineReader(Reader in, String what, int maxChars, LongSupplier firstNonUtf8Line) {
        super(in, 1 << 16);
        this.what = what;
        this.maxChars = maxChars;
        this.firstNonUtf8Line = firstNonUtf8Line;
    }

    /**
     * The next line without its terminator ({@code \n}, {@code \r\n} or {@code \r}), or null at the end.
     *
     * @throws WorkloadDataException naming the line when it is too long or not UTF-8
     */
    @Override
    public String readLine() throws IOException {
        StringBuilder b = new StringBuilder(256);
        int c;
        try {
            while ((c = read()) != -1) {
                if (c == '\n') break;
                if (c == '\r') {
                    mark(1);
                    int next = read();
                    if (next != '\n' && next != -1) reset();
                    break;
                }
                if (b.length() >= maxChars) {
                    throw new WorkloadDataException(what + " line " + (line + 1) + ": longer than " + maxChars
                            + " characters, the longest line read");
                }
                b.append((char) c);
            }
        } catch (CharacterCodingException e) {
            long at = firstNonUtf8Line.getAsLong();
            throw new WorkloadDataException(what + (at > 0 ? " line " + at : "") + ": not UTF-8 text (save the file as UTF-8)");
        }
        if (c == -1 && b.length() == 0) return null;
        line++;
        return b.toString();
    }
}
