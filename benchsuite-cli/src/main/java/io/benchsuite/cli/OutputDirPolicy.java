package io.benchsuite.cli;

import io.benchsuite.core.report.OutputDirectoryNotEmptyException;
import io.benchsuite.core.report.ReportWriters;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Whether a run may write into its output directory: a non-empty one is refused without {@code --overwrite}
 * (two runs' files are never mixed), and with it the console says which files are kept (benchsuite never
 * deletes what it did not write). Checked before anything starts.
 */
final class OutputDirPolicy {
    private OutputDirPolicy() {}

    /**
     * Checks {@code dir}.
     *
     * @param ctx where the note on kept files goes
     * @param dir the output directory
     * @param overwrite whether {@code --overwrite} was given
     * @param safe masks secrets in a message
     * @throws CliException usage (exit 2) for a non-empty directory without {@code --overwrite}, failure for an unreadable one
     */
    static void check(CliContext ctx, Path dir, boolean overwrite, UnaryOperator<String> safe) {
        try {
            ReportWriters.checkUsable(dir, overwrite);
            if (!overwrite) return;
            List<String> kept = ReportWriters.foreignEntries(dir);
            if (!kept.isEmpty()) {
                ctx.err().println("benchsuite run: --overwrite: replacing benchsuite's files in " + dir + "; keeping "
                        + kept.size() + " entr" + (kept.size() == 1 ? "y" : "ies") + " it did not write: " + firstFive(kept));
            }
        } catch (OutputDirectoryNotEmptyException e) {
            throw CliException.usage("--output-dir: " + dir + " is not empty (it holds " + firstFive(e.entries())
                    + "): a new run there would mix its files with another run's. Choose a new or empty directory, or add "
                    + "--overwrite to replace the files benchsuite writes (" + String.join(", ", ReportWriters.OWN_FILES)
                    + "); other files are never deleted");
        } catch (UncheckedIOException e) {
            throw CliException.failure(safe.apply(e.getMessage()));
        }
    }

    private static String firstFive(List<String> entries) {
        return String.join(", ", entries.size() <= 5 ? entries : entries.subList(0, 5)) + (entries.size() > 5 ? ", ..." : "");
    }
}
