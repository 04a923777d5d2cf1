package io.benchsuite.core.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Headless Chromium for tests: dumps a page's DOM or screenshots it; no network, a fresh profile each time. */
final class Chromium {
    /** What one invocation printed. */
    record Output(String stdout, String stderr) {}

    private Chromium() {}

    /** The Chromium binary, or null when none is installed. */
    static Path find() {
        for (String p : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (Files.isExecutable(Path.of(p))) return Path.of(p);
        }
        return null;
    }

    /** Runs Chromium on {@code page} with extra flags; fails after 90 s. */
    static Output run(Path binary, Path page, Path scratch, String... extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(scratch, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=" + profile));
        cmd.addAll(List.of(extra));
        cmd.add(page.toUri().toString());
        Path out = scratch.resolve("chromium-" + System.nanoTime() + ".out");
        Path err = scratch.resolve("chromium-" + System.nanoTime() + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("chromium did not finish within 90 s: " + Files.readString(err, StandardCharsets.UTF_8));
        }
        return new Output(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
