package io.benchsuite.core.report.projection;

import java.util.List;

/**
 * The schema of {@code projection.json}, version {@value RunProjection#SCHEMA_VERSION}. Times in ms; NaN written as null.
 *
 * @param schemaVersion the projection schema version
 * @param measuredDir the output directory of the run on the measured device
 * @param measuredRequests its successful measured requests projected
 * @param measuredOn the measured device's figures
 * @param target the target device's figures
 * @param flopsRatio target ÷ measured FLOP/s
 * @param bandwidthRatio target ÷ measured memory bandwidth
 * @param quantPenalty the quantisation penalty q
 * @param ttftFactor (1 + q) ÷ flopsRatio
 * @param tpotFactor (1 + q) ÷ bandwidthRatio
 * @param againstDir the output directory of the run on the target compared with, or null
 * @param againstRequests its successful measured requests
 * @param rows figure × statistic: measured, projected, the target run's and the relative error projected ÷ target − 1
 * @param notes absent factors and the limits of the projection
 */
public record ProjectionDocument(int schemaVersion, String measuredDir, long measuredRequests, Device measuredOn, Device target,
                                 double flopsRatio, double bandwidthRatio, double quantPenalty, double ttftFactor, double tpotFactor,
                                 String againstDir, long againstRequests, List<Row> rows, List<String> notes) {

    /**
     * A device's figures.
     *
     * @param name its name
     * @param peakFlops dense FLOP/s (NaN when unknown)
     * @param memoryBandwidth bytes/s
     */
    public record Device(String name, double peakFlops, double memoryBandwidth) {}

    /**
     * One statistic of one figure.
     *
     * @param figure {@code ttftFromSend}, {@code tpot} or {@code e2eFromSend}
     * @param stat {@code mean}, {@code p50}, {@code p90} or {@code p99}
     * @param measuredMs on the measured device
     * @param projectedMs projected onto the target
     * @param targetRunMs the run on the target, or NaN
     * @param error projected ÷ target run − 1, or NaN
     */
    public record Row(String figure, String stat, double measuredMs, double projectedMs, double targetRunMs, double error) {}
}
