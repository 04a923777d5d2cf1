package io.benchsuite.junit;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.UnknownSection;
import io.benchsuite.core.run.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Saves runs as baseline files and loads them back, so CI can compare every new run to a reference.
 *
 * <p>A baseline file is the run's {@code report.json} without its time series and listener
 * sections, plus the top-level field {@code "baselineVersion": }{@value #VERSION}. It keeps the
 * encoded lossless histograms, so a comparison of any percentile is exact. {@link #load} also
 * accepts a plain {@code report.json} (or the directory holding one) as a baseline. Both are read
 * into the report model; the version marker comes back as a field the report does not know.
 */
public final class Baselines {
    /** Version of the baseline file format; bumped on an incompatible change. */
    public static final int VERSION = 1;

    private static final String VERSION_KEY = "baselineVersion";
    private static final JsonFactory JSON = new JsonFactory();

    private Baselines() {}

    /**
     * Writes {@code result} as a baseline file at {@code file} (parent directories created, written
     * atomically) and returns the baseline.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public static Baseline save(RunResult result, Path file) {
        notNull(result, "result");
        notNull(file, "file");
        Report baseline = Report.of(result).withoutTimeSeries()
                .withSections(Map.of(VERSION_KEY, new UnknownSection(VERSION_KEY, VERSION)));
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            ReportWriters.atomicWrite(file, ReportJson.toJson(baseline) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the baseline " + file + ": " + IoErrors.reason(e, file), e);
        }
        return Baseline.of(result).at(file);
    }

    /**
     * Reads a baseline file, a {@code report.json}, or a run's output directory.
     *
     * @throws UncheckedIOException when it cannot be read
     * @throws IllegalArgumentException naming the file and the problem when it is not a baseline
     *         (not JSON, a newer version, no histograms)
     */
    public static Baseline load(Path path) {
        notNull(path, "path");
        Path file = Files.isDirectory(path) ? path.resolve(ReportWriters.REPORT_JSON) : path;
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the baseline " + file + ": " + IoErrors.reason(e, file), e);
        }
        checkHeader(text, file);
        try {
            return Baseline.of(ReportJson.parse(text, file), file);
        } catch (InvalidReportException e) {
            throw new IllegalArgumentException("baseline " + file + " " + e.problem(), e);
        }
    }

    /**
     * The checks a baseline needs before it is read as a report: valid JSON, an object, a version
     * this build reads, and the blocks a comparison uses. Reads the top level only.
     */
    private static void checkHeader(String text, Path file) {
        int version = 0;
        boolean histograms = false, requests = false;
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("baseline " + file + " is not a JSON object");
            }
            for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                JsonToken t = p.nextToken();
                if (VERSION_KEY.equals(key) && t == JsonToken.VALUE_NUMBER_INT) version = p.getIntValue();
                if ("histograms".equals(key)) histograms = t == JsonToken.START_OBJECT;
                if ("requests".equals(key)) requests = t == JsonToken.START_OBJECT;
                p.skipChildren();
            }
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("baseline " + file + " is not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the baseline " + file + ": " + IoErrors.reason(e, file), e);
        }
        if (version > VERSION) {
            throw new IllegalArgumentException("baseline " + file + " has baselineVersion " + version
                    + "; this benchsuite reads up to " + VERSION + " (upgrade benchsuite-junit or re-record the baseline)");
        }
        if (!histograms || !requests) {
            throw new IllegalArgumentException("baseline " + file
                    + " holds no 'histograms' or 'requests' block: save it with Baselines.save or give a report.json");
        }
    }
}
