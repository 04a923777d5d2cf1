package io.benchsuite.core.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.api.workload.LengthDistribution;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * Reads the lengths of an {@code empirical:} distribution from a file, as a stream (only the counts
 * of distinct values are kept, so a trace of millions of lines fits in a few kilobytes):
 * <ul>
 *   <li>without a field: one whole number a line; blank lines and lines starting with {@code #} are ignored;</li>
 *   <li>with a field, a JSON Lines file (its first line starts with <code>{</code>): the top-level number
 *       {@code field} of every line, e.g. {@code input_length} of a Mooncake trace;</li>
 *   <li>with a field, any other file is CSV with a header (RFC 4180, read by {@link CsvRows}): the column
 *       named {@code field} (any case), e.g. {@code ContextTokens} of an Azure trace.</li>
 * </ul>
 * Values of 0 are left out (traces mark failed requests with them); a negative or fractional value
 * is an error naming its line. Files ending in {@code .gz} are decompressed.
 */
final class EmpiricalLengths {
    private final Path file;
    private final String field;
    private final TreeMap<Integer, Long> counts = new TreeMap<>();
    private long line;

    private EmpiricalLengths(Path file, String field) {
        this.file = file;
        this.field = field;
    }

    /** The count of each distinct length in {@code file} (by {@code field}, or one a line when null). */
    static Map<Integer, Long> read(Path file, String field) {
        EmpiricalLengths r = new EmpiricalLengths(file, field);
        try (BufferedReader in = open(file)) {
            r.readAll(in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read '" + file + "': no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read '" + file + "': " + IoErrors.reason(e, file));
        }
        if (r.counts.isEmpty()) {
            throw new IllegalArgumentException("'" + file + "' holds no lengths"
                    + (field == null ? " (expected one whole number a line)" : " in field '" + field + "'"));
        }
        return r.counts;
    }

    private static BufferedReader open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (file.getFileName() != null && file.getFileName().toString().endsWith(".gz")) in = new GZIPInputStream(in);
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    private void readAll(BufferedReader in) throws IOException {
        String text = nextLine(in);
        if (text == null) return;
        if (field == null) {
            for (; text != null; text = nextLine(in)) {
                String t = text.trim();
                if (!t.startsWith("#")) add(t, "a length");
            }
        } else if (text.trim().startsWith("{")) {
            for (; text != null; text = nextLine(in)) add(jsonField(text), "field '" + field + "'");
        } else {
            readCsv(text, in);
        }
    }

    /** The column {@code field} of a CSV file whose header is {@code header} (already read) and whose rows follow in {@code in}. */
    private void readCsv(String header, BufferedReader in) throws IOException {
        long headerLine = line;
        try (CsvRows rows = new CsvRows(new StringReader(header))) {
            String[] names = rows.next();
            int column = column(names == null ? new String[0] : names, header);
            try (CsvRows body = new CsvRows(in)) {
                for (String[] row = body.next(); row != null; row = body.next()) {
                    line = headerLine + body.line();
                    if (column >= row.length) {
                        throw new IllegalArgumentException(where() + ": no column '" + field + "' (only " + row.length
                                + " fields)");
                    }
                    add(row[column].trim(), "column '" + field + "'");
                }
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("'" + file + "' line " + (headerLine + e.getLocation().getLineNr())
                    + ": not valid CSV (" + e.getOriginalMessage() + ")");
        }
    }

    /** The next non-blank line, or null at the end. */
    private String nextLine(BufferedReader in) throws IOException {
        String text;
        do {
            text = in.readLine();
            line++;
        } while (text != null && text.isBlank());
        return text;
    }

    private String where() {
        return "'" + file + "' line " + line;
    }

    private void add(String value, String what) {
        int v;
        try {
            BigDecimal d = new BigDecimal(value);
            if (d.signum() < 0 || d.stripTrailingZeros().scale() > 0) throw new NumberFormatException();
            v = d.intValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(where() + ": " + what + " must be a whole number of at least 0, got '"
                    + value + "'");
        }
        if (v > LengthDistribution.MAX_TOKENS) {
            throw new IllegalArgumentException(where() + ": " + LengthDistribution.overMaxTokens(what, v));
        }
        if (v > 0) counts.merge(v, 1L, Long::sum);
    }

    private int column(String[] names, String header) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].trim().toLowerCase(Locale.ROOT).equals(field.toLowerCase(Locale.ROOT))) return i;
        }
        throw new IllegalArgumentException(where() + ": the header has no column '" + field + "' (got " + header.trim() + ")");
    }

    /** The text of the top-level number {@code field} of a one-line JSON object. */
    private String jsonField(String text) {
        List<String> found = new ArrayList<>(1);
        int depth = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = stringEnd(text, i);
                String s = text.substring(i + 1, end);
                i = end + 1;
                int j = skipSpace(text, i);
                if (depth == 1 && j < n && text.charAt(j) == ':' && s.equals(field)) {
                    int start = skipSpace(text, j + 1);
                    int stop = start;
                    while (stop < n && "+-0123456789.eE".indexOf(text.charAt(stop)) >= 0) stop++;
                    if (stop == start) {
                        throw new IllegalArgumentException(where() + ": field '" + field + "' must be a number, got "
                                + text.substring(start, Math.min(n, start + 20)).trim());
                    }
                    found.add(text.substring(start, stop));
                    i = stop;
                }
            } else {
                if (c == '{' || c == '[') depth++;
                else if (c == '}' || c == ']') depth--;
                i++;
            }
        }
        if (found.isEmpty()) throw new IllegalArgumentException(where() + ": no field '" + field + "'");
        return found.get(0);
    }

    private int stringEnd(String text, int open) {
        for (int i = open + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') i++;
            else if (c == '"') return i;
        }
        throw new IllegalArgumentException(where() + ": a string is not closed (not one JSON object a line?)");
    }

    private static int skipSpace(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
        return i;
    }
}
