package io.benchsuite.core.workload;

import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CSV file read row by row, its columns found by header name (case and surrounding spaces
 * ignored), so extra or reordered columns do not matter. Fields may be double-quoted (RFC 4180,
 * {@code ""} for a quote); a record does not span lines.
 */
final class CsvTable {
    private final String where;
    private final String[] wanted;
    private int[] columns;
    private int width;
    private long line;

    /**
     * @param where the file, for messages, e.g. {@code "azure trace 'x.csv'"}
     * @param wanted the columns to read, by header name
     */
    CsvTable(String where, String... wanted) {
        this.where = where;
        this.wanted = wanted;
    }

    /** The wanted fields of the next row, in the order asked for, or null at the end of the file. */
    String[] next(BufferedReader in) throws IOException {
        if (columns == null) readHeader(in);
        String text;
        do {
            text = in.readLine();
            line++;
            if (text == null) return null;
        } while (text.isBlank());
        List<String> fields = split(text);
        if (fields.size() < width) {
            throw new WorkloadDataException(where() + ": expected " + width + " fields like the header, got "
                    + fields.size());
        }
        String[] out = new String[columns.length];
        for (int i = 0; i < columns.length; i++) out[i] = fields.get(columns[i]).trim();
        return out;
    }

    /** Where the last row read was, e.g. {@code "azure trace 'x.csv' line 7"}. */
    String where() {
        return where + " line " + line;
    }

    private void readHeader(BufferedReader in) throws IOException {
        String header = in.readLine();
        line++;
        if (header == null) throw new WorkloadDataException(where + " is empty: expected a header line");
        if (!header.isEmpty() && header.charAt(0) == '\uFEFF') header = header.substring(1); // byte-order mark
        List<String> names = split(header);
        width = names.size();
        columns = new int[wanted.length];
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < wanted.length; i++) {
            columns[i] = -1;
            for (int j = 0; j < names.size(); j++) {
                if (names.get(j).trim().toLowerCase(Locale.ROOT).equals(wanted[i].toLowerCase(Locale.ROOT))) {
                    columns[i] = j;
                    break;
                }
            }
            if (columns[i] < 0) missing.add(wanted[i]);
        }
        if (!missing.isEmpty()) {
            throw new WorkloadDataException(where + " line 1: the header has no column " + String.join(", ", missing)
                    + " (expected " + String.join(",", wanted) + ", got " + header.trim() + ")");
        }
    }

    static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }
}
