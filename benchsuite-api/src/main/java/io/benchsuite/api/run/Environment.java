package io.benchsuite.api.run;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Where a run happened, recorded in every report so that it can be repeated.
 *
 * @param toolVersion benchsuite version
 * @param toolCommit git commit benchsuite was built from, or {@code unknown}
 * @param javaVersion {@code java.version}
 * @param javaVendor {@code java.vendor}
 * @param vm {@code java.vm.name} and version
 * @param os {@code os.name} and version
 * @param arch {@code os.arch}
 * @param cpus available processors
 * @param maxHeapBytes the JVM's maximum heap
 */
public record Environment(String toolVersion, String toolCommit, String javaVersion, String javaVendor, String vm,
                          String os, String arch, int cpus, long maxHeapBytes) {

    /**
     * The environment of this JVM.
     *
     * @return the versions, platform and memory of this JVM
     */
    public static Environment current() {
        Properties build = new Properties();
        try (InputStream in = Environment.class.getResourceAsStream("/io/benchsuite/api/build.properties")) {
            if (in != null) build.load(in);
        } catch (IOException e) {
            // the build facts are optional; the report says unknown
        }
        return new Environment(
                clean(build.getProperty("version")),
                clean(build.getProperty("commit")),
                System.getProperty("java.version"),
                System.getProperty("java.vendor"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory());
    }

    private static String clean(String v) {
        return v == null || v.isBlank() || v.startsWith("${") ? "unknown" : v.trim();
    }
}
