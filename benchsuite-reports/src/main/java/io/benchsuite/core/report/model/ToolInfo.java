package io.benchsuite.core.report.model;

/**
 * The report's {@code tool} block: what wrote it.
 *
 * @param name always {@code benchsuite}
 * @param version benchsuite version, or {@code unknown}
 * @param commit git commit benchsuite was built from, or {@code unknown}
 */
public record ToolInfo(String name, String version, String commit) {
    static final ToolInfo UNKNOWN = new ToolInfo(null, null, null);
}
