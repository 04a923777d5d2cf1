package io.benchsuite.api.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * I/O failures in the user's words: the reason, never the path a second time ("cannot create the
 * output directory X: X" was the message before), and the exception's own path when it is another.
 */
class IoErrorsTest {
    @Test
    void theJavaNioExceptionsThatCarryOnlyAPathGetTheirReason() {
        Path dir = Path.of("/reports/run-1");
        assertThat(IoErrors.reason(new AccessDeniedException(dir.toString()), dir)).isEqualTo("permission denied");
        assertThat(IoErrors.reason(new NoSuchFileException(dir.toString()), dir)).isEqualTo("no such file or directory");
        assertThat(IoErrors.reason(new FileAlreadyExistsException(dir.toString()), dir))
                .isEqualTo("a file of that name already exists");
        assertThat(IoErrors.reason(new FileSystemException(dir.toString()), dir))
                .as("no reason given at all: never the path again").isEqualTo("file system error (FileSystemException)");
    }

    @Test
    void theOperatingSystemsReasonIsKeptInLowerCase() {
        Path f = Path.of("/reports/run-1/report.json");
        assertThat(IoErrors.reason(new FileSystemException(f.toString(), null, "No space left on device"), f))
                .isEqualTo("no space left on device");
        assertThat(IoErrors.reason(new FileSystemException(f.toString(), null, "Read-only file system"), f))
                .isEqualTo("read-only file system");
        assertThat(IoErrors.reason(new IOException("No space left on device"))).isEqualTo("no space left on device");
        assertThat(IoErrors.reason(new IOException())).isEqualTo("IOException");
    }

    @Test
    void thePathOfTheFailureIsNamedWhenItIsNotTheSubject() {
        Path dir = Path.of("/reports/run-1");
        assertThat(IoErrors.reason(new AccessDeniedException("/reports"), dir)).isEqualTo("permission denied (/reports)");
        assertThat(IoErrors.reason(new AccessDeniedException("/reports"))).isEqualTo("permission denied");
    }

    @Test
    void realFailuresReadAsTheyShould(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        IOException e = null;
        try {
            Files.createDirectories(file.resolve("sub"));
        } catch (IOException x) {
            e = x;
        }
        assertThat(IoErrors.reason(e, file.resolve("sub"))).as("the OS's own words").isEqualTo("not a directory");
        try {
            Files.createDirectory(file);
        } catch (IOException x) {
            e = x;
        }
        assertThat(IoErrors.reason(e, file)).isEqualTo("a file of that name already exists");
        try {
            Files.readString(tmp.resolve("missing"));
        } catch (IOException x) {
            e = x;
        }
        assertThat(IoErrors.reason(e, tmp.resolve("missing"))).isEqualTo("no such file or directory");
    }
}
