package io.benchsuite.cli;

import io.benchsuite.api.util.IoErrors;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The default output directory of a run ({@code reports/<backend>-<model>-<yyyyMMdd-HHmmss>}), claimed by
 * creating it: two runs started in the same second get two directories ({@code ...-2} for the second),
 * because only one of them can create a given name.
 */
final class DefaultOutputDir {
    /** How many suffixes are tried before giving up (runs started in one second on one machine). */
    static final int MAX_TRIES = 10_000;

    private DefaultOutputDir() {}

    /**
     * Creates {@code wanted}, or the first of {@code wanted-2}, {@code wanted-3}, ... that does not exist yet,
     * and returns the one this call created.
     *
     * @throws CliException (failure) naming the directory when none can be created
     */
    static Path claim(Path wanted) {
        Path parent = wanted.toAbsolutePath().getParent();
        try {
            if (parent != null) Files.createDirectories(parent);
            for (int n = 1; n <= MAX_TRIES; n++) {
                Path candidate = n == 1 ? wanted : wanted.resolveSibling(wanted.getFileName() + "-" + n);
                try {
                    Files.createDirectory(candidate);
                    return candidate;
                } catch (FileAlreadyExistsException taken) {
                    // another run (or an earlier one) has it: try the next suffix
                }
            }
        } catch (IOException e) {
            throw CliException.failure("cannot create the output directory " + wanted + ": " + IoErrors.reason(e, wanted));
        }
        throw CliException.failure("cannot create the output directory " + wanted + ": it and " + (MAX_TRIES - 1)
                + " suffixed names exist; give --output-dir");
    }
}
