package io.benchsuite.core.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CSV file read row by row ({@link CsvRows}), its columns found by header name (case and surrounding
 * spaces ignored), so extra or reordered columns do not matter. Fields may be double-quoted (RFC 4180:
 * {@code ""} for a quote, commas and line breaks inside quotes).
 */
final class CsvTable {
    private final String where;
    private final String[] wanted;
    private CsvRows rows;
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
        try {
            if (rows == null) {
                rows = new CsvRows(in);
                readHeader();
            }
            String[] fields = rows.next();
            if (fields == null) return null;
            line = rows.line();
            if (fields.length < width) {
                throw new WorkloadDataException(where() + ": expected " + width + " fields like the header, got "
                        + fields.length);
            }
            String[] out = new String[columns.length];
            for (int i = 0; i < columns.length; i++) out[i] = fields[columns[i]].trim();
            return out;
        } catch (JsonProcessingException e) {
            throw new WorkloadDataException(where + " line " + e.getLocation().getLineNr() + ": not valid CSV ("
                    + e.getOriginalMessage() + ")");
        }
    }

    /** Where the last row read was, e.g. {@code "azure trace 'x.csv' line 7"}. */
    String where() {
        return where + " line " + line;
    }

    private void readHeader() throws IOException {
        String[] names = rows.next();
        line = 1;
        if (names == null) throw new WorkloadDataException(where + " is empty: expected a header line");
        if (names.length > 0 && !names[0].isEmpty() && names[0].charAt(0) == '\uFEFF') {
            names[0] = names[0].substring(1); // byte-order mark
        }
        width = names.length;
        columns = new int[wanted.length];
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < wanted.length; i++) {
            columns[i] = -1;
            for (int j = 0; j < names.length; j++) {
                if (names[j].trim().toLowerCase(Locale.ROOT).equals(wanted[i].toLowerCase(Locale.ROOT))) {
                    columns[i] = j;
                    break;
                }
            }
            if (columns[i] < 0) missing.add(wanted[i]);
        }
        if (!missing.isEmpty()) {
            throw new WorkloadDataException(where + " line 1: the header has no column " + String.join(", ", missing)
                    + " (expected " + String.join(",", wanted) + ", got " + String.join(",", names) + ")");
        }
    }
}
