package io.benchsuite.core.report;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.model.Report;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a run's {@code requests.jsonl} holds, read line by line without keeping the lines: how many
 * request records, which runs wrote them ({@code runId}), optionally the prompt hash of every index,
 * and what is wrong with it: a last line cut short (the run was killed while writing it), lines
 * that are not request records, an index on two lines (within a shard, in a merged log whose lines
 * carry a {@code shard} field: each shard numbers its requests from 0). {@link #disagreementsWith(Report)} adds what
 * does not match its {@code report.json}: the number of requests and the run's identity.
 */
public final class RequestLogScan {
    private static final JsonFactory JSON = new JsonFactory();
    /** Line numbers named in a problem before "and N more". */
    private static final int LINES_SHOWN = 5;

    private final Path file;
    private final long requests;
    private final Set<String> runIds;
    private final long withoutRunId;
    private final List<String> problems;
    private final Map<Long, String> promptHashes;

    private RequestLogScan(Path file, long requests, Set<String> runIds, long withoutRunId, List<String> problems,
                           Map<Long, String> promptHashes) {
        this.file = file;
        this.requests = requests;
        this.runIds = Collections.unmodifiableSet(runIds);
        this.withoutRunId = withoutRunId;
        this.problems = List.copyOf(problems);
        this.promptHashes = promptHashes == null ? null : Collections.unmodifiableMap(promptHashes);
    }

    /**
     * Reads a {@code requests.jsonl}.
     *
     * @param file the file
     * @param promptHashes whether to keep every index's prompt hash ({@link #promptHashes()})
     * @throws InvalidReportException naming the file and the reason when it cannot be read
     */
    public static RequestLogScan read(Path file, boolean promptHashes) {
        notNull(file, "file");
        Map<Long, String> hashes = promptHashes ? new TreeMap<>() : null;
        Set<String> runIds = new TreeSet<>();
        List<Long> garbage = new ArrayList<>();
        Map<Integer, BitSet> seen = new HashMap<>(); // by shard (-1: not a merged log)
        List<Long> duplicated = new ArrayList<>();
        long requests = 0, withoutRunId = 0, lineNo = 0;
        boolean lastLineCut = false;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            boolean unterminated = !endsWithNewline(file);
            String line = in.readLine();
            while (line != null) {
                lineNo++;
                String next = in.readLine();
                Line l = parse(line);
                if (l == null) {
                    if (next == null && unterminated) lastLineCut = true;
                    else garbage.add(lineNo);
                } else {
                    requests++;
                    if (l.runId == null) withoutRunId++;
                    else runIds.add(l.runId);
                    if (l.index <= Integer.MAX_VALUE) {
                        BitSet shardSeen = seen.computeIfAbsent(l.shard, k -> new BitSet());
                        if (shardSeen.get((int) l.index)) duplicated.add(l.index);
                        shardSeen.set((int) l.index);
                    }
                    if (hashes != null && l.promptHash != null) hashes.put(l.index, l.promptHash);
                }
                line = next;
            }
        } catch (IOException e) {
            throw new InvalidReportException(file, "cannot be read: " + IoErrors.reason(e, file), e);
        }
        List<String> problems = new ArrayList<>();
        if (lastLineCut) {
            problems.add("its last line (" + lineNo + ") is cut short: the run was killed while writing it");
        }
        if (!garbage.isEmpty()) {
            problems.add(garbage.size() + " line(s) are not request records (line " + shown(garbage) + ")");
        }
        if (!duplicated.isEmpty()) {
            problems.add(duplicated.size() + " request index(es) appear on more than one line (index " + shown(duplicated) + ")");
        }
        if (runIds.size() > 1) {
            problems.add("it holds the requests of " + runIds.size() + " runs (" + String.join(", ", runIds) + ")");
        }
        return new RequestLogScan(file, requests, runIds, withoutRunId, problems, hashes);
    }

    private static String shown(List<Long> numbers) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(LINES_SHOWN, numbers.size()); i++) b.append(i == 0 ? "" : ", ").append(numbers.get(i));
        if (numbers.size() > LINES_SHOWN) b.append(" and ").append(numbers.size() - LINES_SHOWN).append(" more");
        return b.toString();
    }

    private static boolean endsWithNewline(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            if (f.length() == 0) return true;
            f.seek(f.length() - 1);
            return f.read() == '\n';
        }
    }

    private record Line(int shard, long index, String runId, String promptHash) {}

    /** The fields of a request line, or null when it is not one JSON object with an integer {@code index}. */
    private static Line parse(String line) {
        Long index = null;
        int shard = -1;
        String runId = null, hash = null;
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return null;
            for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                JsonToken t = p.nextToken();
                if ("index".equals(key) && t == JsonToken.VALUE_NUMBER_INT) index = p.getLongValue();
                else if ("shard".equals(key) && t == JsonToken.VALUE_NUMBER_INT) shard = p.getIntValue();
                else if (RequestLogWriter.RUN_ID.equals(key) && t == JsonToken.VALUE_STRING) runId = p.getText();
                else if ("promptHash".equals(key) && t == JsonToken.VALUE_STRING) hash = p.getText();
                else p.skipChildren();
            }
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) return null;
        } catch (IOException e) {
            return null;
        }
        return index == null || index < 0 ? null : new Line(shard, index, runId, hash);
    }

    /** The file read. */
    public Path file() {
        return file;
    }

    /** The lines that are request records. */
    public long requests() {
        return requests;
    }

    /** The run ids the lines name. */
    public Set<String> runIds() {
        return runIds;
    }

    /** What is wrong with the file by itself; empty when nothing is. */
    public List<String> problems() {
        return problems;
    }

    /** Each index's prompt hash, when asked for; else null. */
    public Map<Long, String> promptHashes() {
        return promptHashes;
    }

    /**
     * Whether this log and {@code report} may be of different runs: the report has a run id and a
     * line names another or none, or the report has none (an older benchsuite wrote it) while the
     * lines name one. Logs and reports both from before run ids existed cannot be told apart: null.
     *
     * @return what differs, or null when they are of the same run as far as can be told
     */
    public String otherRunThan(Report report) {
        String id = notNull(report, "report").run().id();
        String started = report.run().startedAt() == null ? "" : ", started " + report.run().startedAt();
        if (id == null) {
            return runIds.isEmpty() ? null
                    : "report.json has no run id (an older benchsuite wrote it) but requests.jsonl holds the requests of run "
                            + String.join(", ", runIds);
        }
        if (requests == 0 || (withoutRunId == 0 && runIds.equals(Set.of(id)))) return null;
        Set<String> others = new TreeSet<>(runIds);
        others.remove(id);
        String theirs = others.isEmpty() ? "" : "run " + String.join(", ", others);
        if (withoutRunId > 0) theirs += (theirs.isEmpty() ? "" : " and ") + withoutRunId + " line(s) without a run id";
        return "report.json is run " + id + started + " but requests.jsonl holds " + theirs;
    }

    /**
     * Everything that does not match {@code report}: another run (see {@link #otherRunThan}) or another number of requests.
     *
     * @return the disagreements; empty when none
     */
    public List<String> disagreementsWith(Report report) {
        List<String> out = new ArrayList<>();
        String other = otherRunThan(report);
        if (other != null) out.add(other);
        long counted = report.requests().scheduled();
        if (counted != requests) {
            out.add("it holds " + requests + " request record(s) where report.json counts " + counted);
        }
        return out;
    }
}
