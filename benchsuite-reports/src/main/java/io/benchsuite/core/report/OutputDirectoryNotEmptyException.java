package io.benchsuite.core.report;

import java.nio.file.Path;
import java.util.List;

/**
 * A run was given an output directory that already holds files, without leave to replace them
 * ({@code Benchmark.Builder.overwrite(true)}, {@code --overwrite}). Refused before anything runs:
 * a second run's {@code requests.jsonl} beside a first run's {@code report.json} would be read as
 * one run.
 */
public final class OutputDirectoryNotEmptyException extends IllegalStateException {
    private final Path directory;
    private final List<String> entries;

    /**
     * @param directory the output directory
     * @param entries the names it holds, sorted
     */
    public OutputDirectoryNotEmptyException(Path directory, List<String> entries) {
        super("output directory " + directory + " is not empty (it holds " + ReportWriters.names(entries)
                + "): a run there would mix its files with another run's. Use a new or empty directory, or allow "
                + "overwriting: it removes only the files benchsuite writes (" + String.join(", ", ReportWriters.OWN_FILES)
                + ") and keeps every other file");
        this.directory = directory;
        this.entries = List.copyOf(entries);
    }

    /** The output directory. */
    public Path directory() {
        return directory;
    }

    /** The names of what it holds, sorted. */
    public List<String> entries() {
        return entries;
    }
}
