package io.benchsuite.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The fenced code blocks of the repository's README, by language, in the order they appear. */
final class ReadmeBlocks {
    private ReadmeBlocks() {}

    /** The README at the repository root (the module's parent directory). */
    static Path readme() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent().resolve("README.md");
    }

    /** Every block fenced as {@code ```language}. */
    static List<String> blocks(String language) {
        List<String> out = new ArrayList<>();
        StringBuilder block = null;
        for (String line : lines()) {
            if (block == null) {
                if (line.strip().equals("```" + language)) block = new StringBuilder();
            } else if (line.strip().equals("```")) {
                out.add(block.toString());
                block = null;
            } else {
                block.append(line).append('\n');
            }
        }
        return out;
    }

    /** The one block of {@code language} that contains {@code marker}. */
    static String blockContaining(String language, String marker) {
        List<String> found = blocks(language).stream().filter(b -> b.contains(marker)).toList();
        if (found.size() != 1) {
            throw new AssertionError("README.md: expected one ```" + language + " block containing '" + marker + "', found "
                    + found.size());
        }
        return found.get(0);
    }

    private static List<String> lines() {
        try {
            return Files.readAllLines(readme(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
