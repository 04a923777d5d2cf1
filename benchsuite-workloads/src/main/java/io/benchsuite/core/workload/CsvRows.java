package io.benchsuite.core.workload;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;

/**
 * The project's one CSV reader: rows of a CSV text as arrays of strings, through Jackson's CSV parser
 * (RFC 4180: quoted fields may hold commas, quotes written {@code ""} and line breaks), streamed one
 * row at a time. Blank lines are skipped. Every CSV input (the Azure and BurstGPT traces, the columns of
 * {@code empirical:FILE#column}) is read with it, so quoting means the same everywhere.
 */
final class CsvRows implements AutoCloseable {
    private static final CsvMapper CSV = CsvMapper.builder()
            .enable(CsvParser.Feature.WRAP_AS_ARRAY)
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
            .build();

    private final MappingIterator<String[]> rows;
    private long line;

    /**
     * @param in the text, from its first row (a header is a row like any other); closed with this
     * @throws IOException when it cannot be read
     */
    CsvRows(Reader in) throws IOException {
        this.rows = CSV.readerFor(String[].class).readValues(in);
    }

    /**
     * The next row, or null at the end.
     *
     * @throws com.fasterxml.jackson.core.JsonProcessingException when the text is not valid CSV (its location names the line)
     * @throws IOException when it cannot be read
     */
    String[] next() throws IOException {
        if (!rows.hasNextValue()) return null;
        // the CSV parser counts the row a token starts on from 0
        line = rows.getParser().currentTokenLocation().getLineNr() + 1L;
        return rows.nextValue();
    }

    /** The line the row last returned starts on, from 1 at the first line of the text given. */
    long line() {
        return line;
    }

    @Override
    public void close() throws IOException {
        rows.close();
    }
}
