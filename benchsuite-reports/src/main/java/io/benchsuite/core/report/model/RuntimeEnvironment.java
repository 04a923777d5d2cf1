package io.benchsuite.core.report.model;

/**
 * The report's {@code environment} block: the JVM and machine the client ran on.
 *
 * @param java {@code java.version}
 * @param javaVendor {@code java.vendor}
 * @param vm VM name and version
 * @param os OS name and version
 * @param arch {@code os.arch}
 * @param cpus available processors (0 when unknown)
 * @param maxHeapBytes the JVM's maximum heap (0 when unknown)
 */
public record RuntimeEnvironment(String java, String javaVendor, String vm, String os, String arch, int cpus,
                                 long maxHeapBytes) {
    static final RuntimeEnvironment UNKNOWN = new RuntimeEnvironment(null, null, null, null, null, 0, 0);
}
