package io.benchsuite.core.workload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a JSON dataset one record at a time with Jackson's streaming parser: either one top-level
 * array of objects ({@code [{...}, {...}]}, ShareGPT's shape) or objects one after another (JSON
 * Lines). Only the record at hand is held as a tree, so a dataset of any size reads in flat memory.
 */
final class JsonRecords implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String what;
    private final JsonParser parser;
    private boolean array;
    private boolean started;
    private long record;
    private long line;

    /**
     * @param what the input in user terms, e.g. {@code "sharegpt dataset 'x.json'"}
     */
    JsonRecords(String what, InputStream in) {
        this.what = what;
        try {
            this.parser = JSON.getFactory().createParser(in);
        } catch (IOException e) {
            throw new WorkloadDataException("cannot read " + what + ": " + IoErrors.reason(e), e);
        }
    }

    /** The next record (an object), or null at the end. */
    JsonNode next() {
        try {
            JsonToken t = parser.nextToken();
            if (!started) {
                started = true;
                if (t == JsonToken.START_ARRAY) {
                    array = true;
                    t = parser.nextToken();
                } else if (t != JsonToken.START_OBJECT && t != null) {
                    throw new WorkloadDataException(what + " line " + parser.currentTokenLocation().getLineNr()
                            + ": expected a JSON array of records or one JSON object a line, got " + shown(t));
                }
            }
            if (t == null || (array && t == JsonToken.END_ARRAY)) return null; // a cut-short array fails in the parser
            record++;
            line = parser.currentTokenLocation().getLineNr();
            if (t != JsonToken.START_OBJECT) {
                throw new WorkloadDataException(where() + ": expected a JSON object, got " + shown(t));
            }
            return JSON.readTree(parser);
        } catch (JsonProcessingException e) {
            throw new WorkloadDataException(what + " line " + e.getLocation().getLineNr() + ": not valid JSON ("
                    + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new WorkloadDataException("cannot read " + what + ": " + IoErrors.reason(e), e);
        }
    }

    /** The current token as it stands in the file (strings quoted). */
    private String shown(JsonToken t) throws IOException {
        return t == JsonToken.VALUE_STRING ? "\"" + parser.getText() + "\"" : parser.getText();
    }

    /** The record last read, e.g. {@code "sharegpt dataset 'x.json' record 12 (line 345)"}. */
    String where() {
        return what + " record " + record + " (line " + line + ")";
    }

    long record() {
        return record;
    }

    @Override
    public void close() {
        try {
            parser.close();
        } catch (IOException e) {
            // read-only input: nothing is lost
        }
    }
}
