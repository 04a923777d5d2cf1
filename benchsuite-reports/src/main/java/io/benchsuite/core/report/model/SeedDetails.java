package io.benchsuite.core.report.model;

/**
 * The report's {@code seed} block: everything needed to send the same requests again.
 *
 * @param source how the root seed was given, e.g. {@code long:42} or {@code git:<commit>}
 * @param root the root seed in hex
 * @param scenario the scenario name the run's seed was derived for
 * @param scenarioSeed the scenario seed in hex
 */
public record SeedDetails(String source, String root, String scenario, String scenarioSeed) {
    static final SeedDetails UNKNOWN = new SeedDetails(null, null, null, null);
}
