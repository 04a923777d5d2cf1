package io.benchsuite.core.report.compare;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run of a comparison: its report and, when the output directory has a
 * {@code requests.jsonl}, the prompt hash of every request index (to check that runs sent the same prompts).
 *
 * @param label the name shown for the run (the directory name unless given)
 * @param dir the output directory (may be null for runs built in memory)
 * @param report the report
 * @param promptHashes request index to prompt hash; null when unknown
 */
public record ComparedRun(String label, Path dir, Report report, Map<Long, String> promptHashes) {
    private static final JsonFactory JSON = new JsonFactory();

    public ComparedRun {
        notNull(label, "label");
        notNull(report, "report");
        promptHashes = promptHashes == null ? null : Collections.unmodifiableMap(new TreeMap<>(promptHashes));
    }

    /**
     * Loads an output directory.
     *
     * @throws InvalidReportException naming the file when report.json or requests.jsonl cannot be read
     */
    public static ComparedRun load(Path dir) {
        notNull(dir, "dir");
        Report report = ReportJson.read(dir);
        Path log = dir.resolve(ReportWriters.REQUESTS_JSONL);
        Map<Long, String> hashes = null;
        if (Files.isRegularFile(log)) {
            hashes = new TreeMap<>();
            try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.isBlank()) continue;
                    try {
                        readPromptHash(line, hashes);
                    } catch (IOException e) {
                        // a crash can leave a torn last line; the lines before it still count
                    }
                }
            } catch (IOException e) {
                throw new InvalidReportException(log, "cannot be read: " + e.getMessage(), e);
            }
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return new ComparedRun(name == null ? dir.toString() : name.toString(), dir, report, hashes);
    }

    /** Reads the {@code index} and {@code promptHash} fields of one request line (the rest is skipped unparsed). */
    private static void readPromptHash(String line, Map<Long, String> hashes) throws IOException {
        Long index = null;
        String hash = null;
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return;
            for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                JsonToken t = p.nextToken();
                if ("index".equals(key) && t == JsonToken.VALUE_NUMBER_INT) index = p.getLongValue();
                else if ("promptHash".equals(key) && t == JsonToken.VALUE_STRING) hash = p.getText();
                else p.skipChildren();
            }
        }
        if (index != null && hash != null) hashes.put(index, hash);
    }

    /** The same run under another label. */
    public ComparedRun withLabel(String newLabel) {
        return new ComparedRun(newLabel, dir, report, promptHashes);
    }
}
