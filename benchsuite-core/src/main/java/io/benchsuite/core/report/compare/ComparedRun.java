package io.benchsuite.core.report.compare;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.core.report.InvalidReportException;
import io.benchsuite.core.report.Json;
import io.benchsuite.core.report.ReportJson;
import io.benchsuite.core.report.ReportWriters;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run of a comparison: its {@code report.json} tree and, when the output directory has a
 * {@code requests.jsonl}, the prompt hash of every request index (to check that runs sent the same prompts).
 *
 * @param label the name shown for the run (the directory name unless given)
 * @param dir the output directory (may be null for runs built in memory)
 * @param report the report tree
 * @param promptHashes request index to prompt hash; null when unknown
 */
public record ComparedRun(String label, Path dir, ObjectNode report, Map<Long, String> promptHashes) {
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
        ObjectNode report = ReportJson.read(dir);
        Path log = dir.resolve(ReportWriters.REQUESTS_JSONL);
        Map<Long, String> hashes = null;
        if (Files.isRegularFile(log)) {
            hashes = new TreeMap<>();
            try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
                String line;
                int n = 0;
                while ((line = in.readLine()) != null) {
                    n++;
                    if (line.isBlank()) continue;
                    JsonNode o;
                    try {
                        o = Json.MAPPER.readTree(line);
                    } catch (IOException e) {
                        // a crash can leave a torn last line; the lines before it still count
                        continue;
                    }
                    if (o.hasNonNull("index") && o.hasNonNull("promptHash")) hashes.put(o.get("index").asLong(), o.get("promptHash").asText());
                }
            } catch (IOException e) {
                throw new InvalidReportException(log, "cannot be read: " + e.getMessage(), e);
            }
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return new ComparedRun(name == null ? dir.toString() : name.toString(), dir, report, hashes);
    }

    /** The same run under another label. */
    public ComparedRun withLabel(String newLabel) {
        return new ComparedRun(newLabel, dir, report, promptHashes);
    }
}
