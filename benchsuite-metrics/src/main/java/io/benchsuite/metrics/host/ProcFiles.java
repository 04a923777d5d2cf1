package io.benchsuite.metrics.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * Reads Linux {@code /proc} and {@code /sys} files under injectable roots, so tests run on fixture
 * files. Every reader returns "absent" (empty or null) when its file is missing, unreadable or not
 * in the expected form: other systems degrade to null figures, never to zeros or exceptions.
 */
final class ProcFiles {
    /** Clock ticks per second of {@code /proc} CPU times: {@code USER_HZ}, 100 on every mainstream Linux architecture. */
    static final long USER_HZ = 100;

    private final Path proc;
    private final Path sys;

    ProcFiles(Path procRoot, Path sysRoot) {
        this.proc = procRoot;
        this.sys = sysRoot;
    }

    /**
     * The process's counters from {@code /proc/self/stat}.
     *
     * @param cpuNanos user + system CPU time
     * @param minorFaults minor page faults
     * @param majorFaults major page faults
     */
    record ProcessStat(long cpuNanos, long minorFaults, long majorFaults) {}

    /**
     * The machine's CPU time from the {@code cpu} line of {@code /proc/stat}, in ticks.
     *
     * @param total all states
     * @param idle idle (without I/O wait)
     * @param iowait waiting for I/O
     */
    record SystemCpu(long total, long idle, long iowait) {}

    ProcessStat processStat() {
        String s = read(proc.resolve("self/stat"));
        if (s == null) return null;
        // The command name (field 2) is in parentheses and may contain spaces: count fields after the last ')'.
        int close = s.lastIndexOf(')');
        if (close < 0) return null;
        String[] f = s.substring(close + 1).trim().split("\\s+", -1);
        // f[0] is field 3 (state): field n is f[n - 3].
        if (f.length < 13) return null;
        try {
            long minflt = Long.parseLong(f[10 - 3]);
            long majflt = Long.parseLong(f[12 - 3]);
            long utime = Long.parseLong(f[14 - 3]);
            long stime = Long.parseLong(f[15 - 3]);
            return new ProcessStat((utime + stime) * (1_000_000_000L / USER_HZ), minflt, majflt);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    SystemCpu systemCpu() {
        String s = read(proc.resolve("stat"));
        if (s == null) return null;
        for (String line : s.split("\n", -1)) {
            if (!line.startsWith("cpu ")) continue;
            String[] f = line.substring(4).trim().split("\\s+", -1);
            if (f.length < 5) return null;
            try {
                long total = 0;
                // user nice system idle iowait irq softirq steal; guest times are already inside user/nice.
                for (int i = 0; i < Math.min(f.length, 8); i++) total += Long.parseLong(f[i]);
                return new SystemCpu(total, Long.parseLong(f[3]), Long.parseLong(f[4]));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /** A {@code kB} field of {@code /proc/self/status} (e.g. {@code VmRSS}, {@code VmHWM}) in bytes. */
    OptionalLong statusBytes(String field) {
        String s = read(proc.resolve("self/status"));
        if (s == null) return OptionalLong.empty();
        for (String line : s.split("\n", -1)) {
            if (!line.startsWith(field + ":")) continue;
            String[] f = line.substring(field.length() + 1).trim().split("\\s+", -1);
            try {
                long v = Long.parseLong(f[0]);
                return OptionalLong.of(f.length > 1 && f[1].equalsIgnoreCase("kB") ? v * 1024 : v);
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    /** {@code Tcp: RetransSegs} from {@code /proc/net/snmp} (a header line of names, then a line of values). */
    OptionalLong tcpRetransSegs() {
        String s = read(proc.resolve("net/snmp"));
        if (s == null) return OptionalLong.empty();
        String[] names = null;
        for (String line : s.split("\n", -1)) {
            if (!line.startsWith("Tcp:")) continue;
            String[] f = line.substring(4).trim().split("\\s+");
            if (names == null) {
                names = f;
                continue;
            }
            for (int i = 0; i < names.length && i < f.length; i++) {
                if (names[i].equals("RetransSegs")) {
                    try {
                        return OptionalLong.of(Long.parseLong(f[i]));
                    } catch (NumberFormatException e) {
                        return OptionalLong.empty();
                    }
                }
            }
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    /**
     * A RAPL energy counter.
     *
     * @param name zone directory name
     * @param microjoules current counter value
     * @param rangeMicrojoules value at which it wraps to zero
     */
    record RaplZone(String name, long microjoules, long rangeMicrojoules) {}

    /**
     * The package-level RAPL zones ({@code intel-rapl:N}, not their {@code intel-rapl:N:M}
     * sub-zones, which the package already contains). Null when none is readable (often: only
     * root may read {@code energy_uj} since 2020).
     */
    List<RaplZone> rapl() {
        Path dir = sys.resolve("class/powercap");
        if (!Files.isDirectory(dir)) return null;
        List<RaplZone> zones = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "intel-rapl:*")) {
            for (Path z : ds) {
                String name = z.getFileName().toString();
                if (name.indexOf(':') != name.lastIndexOf(':')) continue; // sub-zone
                String e = read(z.resolve("energy_uj"));
                String r = read(z.resolve("max_energy_range_uj"));
                if (e == null || r == null) continue;
                try {
                    zones.add(new RaplZone(name, Long.parseLong(e.trim()), Long.parseLong(r.trim())));
                } catch (NumberFormatException ex) {
                    // not a counter: skip the zone
                }
            }
        } catch (IOException | SecurityException e) {
            return null;
        }
        zones.sort(Comparator.comparing(RaplZone::name));
        return zones.isEmpty() ? null : zones;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | SecurityException | UncheckedIOException e) {
            return null;
        }
    }
}
