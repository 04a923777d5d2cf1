package io.benchsuite.cli;

import io.benchsuite.api.util.IoErrors;
import io.benchsuite.core.analysis.projection.DatasheetDevice;
import io.benchsuite.core.analysis.projection.DatasheetDevices;
import io.benchsuite.core.analysis.projection.DeviceFigures;
import io.benchsuite.core.report.json.InvalidReportException;
import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.projection.ProjectionDocument;
import io.benchsuite.core.report.projection.RunProjection;
import io.benchsuite.sim.DeviceProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code benchsuite project <dir> --to <device>}: a finished run projected onto another device, beside a run there. */
@Command(name = "project", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 100,
        description = {"Projects a finished run onto another device: TTFT scales with 1/FLOP/s (prefill is compute-bound), TPOT with "
                + "1/memory bandwidth (decode is memory-bound), both by (1 + quantization penalty); E2E per request. Writes "
                + "projection.json and projection.html; with --against, the figures of a run on the target device (e.g. the "
                + "simulator's: benchsuite run --backend sim --device <target> with the same workload) stand beside the projection.",
            "The projection holds for runs below saturation with long prompts and small batches (docs/analysis.md section 4)."},
        footer = {"", "Devices: the simulator's profiles (benchsuite backends lists them under sim's device option) and datasheet "
                + "entries: " + "a100-80gb-sxm, h100-sxm, h200-sxm, l4, l40s, jetson-agx-orin-64gb, jetson-orin-nano-super."})
final class ProjectCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Parameters(index = "0", paramLabel = "<dir>", description = "Output directory of the run to project (report.json and requests.jsonl).")
    Path runDir;

    @Option(names = "--to", required = true, paramLabel = "<device>", description = "The target device.")
    String to;

    @Option(names = "--from", paramLabel = "<device>",
            description = "The device the run was measured on (default: the simulator's figures in the report, else the run's --device).")
    String from;

    @Option(names = "--quant-penalty", paramLabel = "<q>", defaultValue = "0",
            description = "The seed's quantization penalty q >= 0, applied as (1 + q) (default: ${DEFAULT-VALUE}; INT8 on Jetson Orin: 0.023).")
    String quantPenalty;

    @Option(names = "--against", paramLabel = "<dir>", description = "Output directory of a run on the target device to compare with.")
    Path against;

    @Option(names = "--output-dir", paramLabel = "<dir>", description = "Where to write projection.json and projection.html "
            + "(default: <dir>/projection-<device>).")
    Path outputDir;

    ProjectCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        double q;
        try {
            q = Double.parseDouble(quantPenalty.trim());
        } catch (NumberFormatException e) {
            q = Double.NaN;
        }
        if (!(q >= 0) || Double.isInfinite(q)) throw CliException.usage("--quant-penalty: must be a number >= 0, got '" + quantPenalty.trim() + "'");
        Report measured = read(runDir);
        DeviceFigures target = device("--to", to);
        DeviceFigures source = from != null ? device("--from", from) : measuredOn(measured)
                .orElseThrow(() -> CliException.usage("--from: the run in " + runDir + " does not say which device it ran on; give --from"));
        if (against != null) {
            Report b = read(against);
            String device = b.config().backend().get("device");
            if (device != null && !device.equalsIgnoreCase(target.name())) {
                ctx.err().println("warning: the --against run ran on '" + device + "', not on '" + target.name() + "'");
            }
        }
        Path out = outputDir != null ? outputDir : runDir.resolve("projection-" + target.name());
        RunProjection p;
        try {
            p = RunProjection.of(runDir, source, target, q, against);
            p.write(out);
        } catch (InvalidReportException e) {
            throw CliException.usage(e.getMessage());
        } catch (IOException e) {
            throw CliException.failure("cannot write the projection into " + out + ": " + IoErrors.reason(e, out));
        }
        print(p.document());
        ctx.out().println("wrote " + out.resolve(RunProjection.PROJECTION_JSON) + " and " + out.resolve(RunProjection.PROJECTION_HTML));
        return ExitCodes.OK;
    }

    private static Report read(Path dir) {
        try {
            return ReportJson.read(dir);
        } catch (InvalidReportException e) {
            throw CliException.usage(e.getMessage());
        }
    }

    /** The measured device: the simulator's own figures when the report carries them, else the run's device by name. */
    static Optional<DeviceFigures> measuredOn(Report r) {
        Map<String, String> details = r.backend().details();
        String name = Optional.ofNullable(details.get("device")).orElse(r.config().backend().get("device"));
        if (name == null) return Optional.empty();
        try {
            double flops = Double.parseDouble(details.getOrDefault("peak-flops", "NaN"));
            double bandwidth = Double.parseDouble(details.getOrDefault("memory-bandwidth", "NaN"));
            if (flops > 0 && bandwidth > 0) return Optional.of(new DatasheetDevice(name, flops, bandwidth, "the run's report (simulator)"));
        } catch (NumberFormatException e) {
            // not the simulator's figures: look the name up
        }
        return Optional.of(device("the run's device", name));
    }

    /** A device by name: a simulator profile, else a datasheet entry. */
    static DeviceFigures device(String flag, String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        Optional<DeviceProfile> sim = DeviceProfile.find(n);
        if (sim.isPresent()) {
            DeviceProfile p = sim.get();
            return new DatasheetDevice(p.name(), p.denseFlops(), p.memoryBandwidth(), "simulator device profile");
        }
        return DatasheetDevices.find(n).map(d -> (DeviceFigures) d).orElseThrow(() -> {
            List<String> known = new ArrayList<>(DeviceProfile.knownNames());
            DatasheetDevices.all().forEach(d -> known.add(d.name()));
            return CliException.usage(flag + ": unknown device '" + name.trim() + "'; known: " + String.join(", ", known));
        });
    }

    private void print(ProjectionDocument d) {
        ctx.out().printf(Locale.ROOT, "projection %s -> %s: TTFT x%.3f, TPOT x%.3f (%d requests)%n", d.measuredOn().name(), d.target().name(),
                d.ttftFactor(), d.tpotFactor(), d.measuredRequests());
        for (ProjectionDocument.Row r : d.rows()) {
            if (!r.stat().equals("p50") && !r.stat().equals("mean")) continue;
            ctx.out().printf(Locale.ROOT, "  %-12s %-4s measured %9.2f ms  projected %9.2f ms%s%n", r.figure(), r.stat(), r.measuredMs(),
                    r.projectedMs(), Double.isFinite(r.targetRunMs())
                            ? String.format(Locale.ROOT, "  run on target %9.2f ms  error %+.1f%%", r.targetRunMs(), r.error() * 100) : "");
        }
        d.notes().forEach(n -> ctx.out().println("  note: " + n));
    }
}
