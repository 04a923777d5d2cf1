package io.benchsuite.api.util;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The reason of an I/O failure in the user's words, for messages that already name the path they
 * were about to use: {@code "cannot create the output directory /r/x: permission denied"}.
 *
 * <p>{@code java.nio.file} exceptions carry the path as their message and the operating system's
 * reason apart ({@link FileSystemException#getReason()}), and some carry no reason at all (an
 * {@link AccessDeniedException} is just the path), so {@code "... " + path + ": " + e.getMessage()}
 * says the path twice and never why. This class says why, and names the exception's own path only
 * when it is not the one the message is about (a parent directory, a temporary file).
 */
public final class IoErrors {
    private IoErrors() {}

    /**
     * Why {@code e} happened, in a few lower-case words without the path, e.g. {@code permission
     * denied}, {@code no space left on device}, {@code read-only file system}.
     *
     * @param e the failure
     * @return the reason
     */
    public static String reason(IOException e) {
        return reason(e, null);
    }

    /**
     * Why {@code e} happened, as {@link #reason(IOException)}, followed by the path the failure
     * concerned when it is not {@code subject}, e.g. {@code permission denied (/r)} while creating
     * {@code /r/x}.
     *
     * @param e the failure
     * @param subject the path the caller's message names, or null
     * @return the reason, with the exception's own path when it differs from {@code subject}
     */
    public static String reason(IOException e, Path subject) {
        Checks.notNull(e, "e");
        String file = e instanceof FileSystemException fs ? fs.getFile() : null;
        String why = words(e);
        boolean elsewhere = subject != null && file != null && !Path.of(file).equals(subject);
        return elsewhere ? why + " (" + file + ")" : why;
    }

    private static String words(IOException e) {
        if (e instanceof CharacterCodingException) return "not UTF-8 text (save the file as UTF-8)";
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof NoSuchFileException) return "no such file or directory";
        if (e instanceof FileAlreadyExistsException) return "a file of that name already exists";
        if (e instanceof NotDirectoryException) return "not a directory";
        if (e instanceof DirectoryNotEmptyException) return "directory not empty";
        if (e instanceof FileSystemLoopException) return "symbolic links form a loop";
        if (e instanceof FileSystemException fs) {
            String r = fs.getReason();
            return r != null && !r.isBlank() ? lower(r) : "file system error (" + e.getClass().getSimpleName() + ")";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : lower(m);
    }

    /** The OS says "Permission denied", "No space left on device": lower-case the first letter only. */
    private static String lower(String s) {
        String t = s.trim();
        if (t.length() > 1 && Character.isUpperCase(t.charAt(0)) && !Character.isUpperCase(t.charAt(1))) {
            return t.substring(0, 1).toLowerCase(Locale.ROOT) + t.substring(1);
        }
        return t;
    }
}
