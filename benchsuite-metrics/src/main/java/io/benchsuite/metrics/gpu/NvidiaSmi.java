package io.benchsuite.metrics.gpu;

import static io.benchsuite.api.util.Checks.notNull;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Samples GPUs with {@code nvidia-smi --query-gpu=utilization.gpu,memory.used,power.draw
 * --format=csv,noheader,nounits}: one line per GPU, memory in MiB, power in watts.
 */
public final class NvidiaSmi implements GpuSource {
    /** The arguments after the executable. */
    public static final List<String> QUERY = List.of("--query-gpu=utilization.gpu,memory.used,power.draw",
            "--format=csv,noheader,nounits");

    /** Runs a command and returns its standard output; tests substitute canned output. */
    @FunctionalInterface
    public interface CommandRunner {
        String run(List<String> command, Duration timeout) throws IOException;
    }

    private final String executable;
    private final CommandRunner runner;
    private final Duration timeout;

    /**
     * @param executable path or name of {@code nvidia-smi}
     * @param runner how to run it
     * @param timeout how long one query may take
     */
    public NvidiaSmi(String executable, CommandRunner runner, Duration timeout) {
        this.executable = notNull(executable, "executable");
        this.runner = notNull(runner, "runner");
        this.timeout = notNull(timeout, "timeout");
    }

    /** {@code nvidia-smi} as found on {@code PATH}, run as a process; empty when it is not there. */
    public static Optional<NvidiaSmi> onPath() {
        return find(System.getenv("PATH")).map(p -> new NvidiaSmi(p.toString(), NvidiaSmi::runProcess, Duration.ofSeconds(5)));
    }

    static Optional<Path> find(String path) {
        if (path == null) return Optional.empty();
        for (String dir : path.split(File.pathSeparator, -1)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, "nvidia-smi");
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    @Override
    public String name() {
        return "nvidia-smi";
    }

    @Override
    public GpuReading read() throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable);
        cmd.addAll(QUERY);
        return parse(runner.run(cmd, timeout));
    }

    /**
     * Parses the CSV lines; {@code [N/A]} or {@code [Not Supported]} fields are NaN.
     *
     * @throws IOException when no line has three fields
     */
    static GpuReading parse(String csv) throws IOException {
        int gpus = 0;
        double util = 0, mem = 0, power = 0;
        int utilN = 0, memN = 0, powerN = 0;
        for (String line : csv.split("\\R", -1)) {
            if (line.isBlank()) continue;
            String[] f = line.split(",", -1);
            if (f.length < 3) throw new IOException("unexpected nvidia-smi output line: '" + line.strip() + "'");
            gpus++;
            double u = number(f[0]), m = number(f[1]), p = number(f[2]);
            if (!Double.isNaN(u)) { util += u; utilN++; }
            if (!Double.isNaN(m)) { mem += m * 1024 * 1024; memN++; }
            if (!Double.isNaN(p)) { power += p; powerN++; }
        }
        if (gpus == 0) throw new IOException("nvidia-smi listed no GPU");
        return new GpuReading(gpus, utilN == 0 ? Double.NaN : util / utilN, memN == 0 ? Double.NaN : mem,
                powerN == 0 ? Double.NaN : power);
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static String runProcess(List<String> command, Duration timeout) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            // The output is a few lines, well inside the pipe buffer: wait first so a hung nvidia-smi cannot block a read.
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException("nvidia-smi did not finish within " + timeout.toMillis() + " ms");
            }
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readNBytes(1 << 20);
            }
            String text = new String(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException("nvidia-smi exited " + p.exitValue() + ": " + text.strip().lines().findFirst().orElse(""));
            }
            return text;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running nvidia-smi", e);
        } finally {
            p.destroyForcibly();
        }
    }
}
