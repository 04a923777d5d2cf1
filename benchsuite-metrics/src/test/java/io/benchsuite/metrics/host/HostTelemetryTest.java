package io.benchsuite.metrics.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.Outcome;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.result.TokenSource;
import io.benchsuite.api.workload.Window;
import io.benchsuite.metrics.TestBackendAccess;
import io.benchsuite.metrics.testing.SectionJson;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostTelemetryTest {
    @TempDir
    Path tmp;

    private void writeProc(Path proc, long utime, long stime, long minflt, long majflt, long idle, long iowait,
                           long busy, long rssKb, long retrans) throws Exception {
        Files.createDirectories(proc.resolve("self"));
        Files.createDirectories(proc.resolve("net"));
        // comm with spaces and a ')' inside, as a thread name can have
        Files.writeString(proc.resolve("self/stat"), "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 " + minflt + " 0 "
                + majflt + " 0 " + utime + " " + stime + " 0 0 20 0 30 0 12345 5000000000 30000 18446744073709551615\n");
        Files.writeString(proc.resolve("stat"), "cpu  " + busy + " 0 0 " + idle + " " + iowait + " 0 0 0 0 0\n"
                + "cpu0 1 0 0 1 0 0 0 0 0 0\nintr 1\nctxt 2\n");
        Files.writeString(proc.resolve("self/status"), "Name:\tjava\nVmPeak:\t 9000000 kB\nVmHWM:\t  " + (rssKb + 100)
                + " kB\nVmRSS:\t  " + rssKb + " kB\nThreads:\t30\n");
        Files.writeString(proc.resolve("net/snmp"), "Ip: Forwarding DefaultTTL\nIp: 1 64\n"
                + "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails EstabResets CurrEstab InSegs OutSegs RetransSegs InErrs OutRsts InCsumErrors\n"
                + "Tcp: 1 200 120000 -1 10 5 0 0 3 1000 2000 " + retrans + " 0 4 0\n"
                + "Udp: InDatagrams NoPorts\nUdp: 1 2\n");
    }

    private void writeRapl(Path sys, String zone, long uj, long range) throws Exception {
        Path z = sys.resolve("class/powercap/" + zone);
        Files.createDirectories(z);
        Files.writeString(z.resolve("energy_uj"), uj + "\n");
        Files.writeString(z.resolve("max_energy_range_uj"), range + "\n");
    }

    @Test
    void computesRatesPeaksAndEnergyFromFixtureFiles() throws Exception {
        Path proc = tmp.resolve("proc");
        Path sys = tmp.resolve("sys");
        long[] now = {0};
        HostTelemetry h = HostTelemetry.builder().procRoot(proc).sysRoot(sys).cpus(4).clock(() -> now[0]).build();
        writeProc(proc, 100, 50, 1000, 10, 10_000, 100, 5_000, 200_000, 7);
        writeRapl(sys, "intel-rapl:0", 999_000_000, 1_000_000_000); // about to wrap
        writeRapl(sys, "intel-rapl:0:0", 5, 1_000_000_000);          // sub-zone: ignored
        h.sample();
        now[0] = 2_000_000_000L; // 2 s later
        // process: +200 ticks = 2 s CPU over 2 s on 4 CPUs = 25 %; machine: +400 busy, +300 idle, +100 iowait
        writeProc(proc, 250, 100, 3000, 14, 10_300, 200, 5_400, 300_000, 12);
        writeRapl(sys, "intel-rapl:0", 4_000_000, 1_000_000_000);   // wrapped: +1 000 000 + 4 000 000 µJ = 5 J
        writeRapl(sys, "intel-rapl:0:0", 9_000_000, 1_000_000_000);
        h.sample();
        assertThat(h.processCpuPct()).isCloseTo(25.0, within(1e-9));
        assertThat(h.systemCpuPct()).isCloseTo(50.0, within(1e-9));
        assertThat(h.rssPeakBytes()).isEqualTo(300_000 * 1024.0);
        assertThat(h.fragmentationRatio()).isGreaterThan(0);

        Method json = HostTelemetry.class.getDeclaredMethod("section");
        json.setAccessible(true);
        h.onRequestFinished(record(10));
        JsonNode j = SectionJson.of(json.invoke(h));
        assertThat(j.at("/cpu/processMeanPct").asDouble()).isCloseTo(25.0, within(1e-6));
        assertThat(j.at("/cpu/systemPeakPct").asDouble()).isCloseTo(50.0, within(1e-6));
        assertThat(j.at("/memory/rssPeakBytes").asLong()).isEqualTo(300_000 * 1024L);
        assertThat(j.at("/memory/heapPeakBytes").asLong()).isPositive();
        assertThat(j.at("/pageFaults/minorPerSecond").asDouble()).isEqualTo(1000.0);
        assertThat(j.at("/pageFaults/majorPerSecond").asDouble()).isEqualTo(2.0);
        assertThat(j.get("ioWaitPct").asDouble()).isCloseTo(12.5, within(1e-6)); // 100 of 800 ticks
        assertThat(j.at("/tcp/retransmits").asLong()).isEqualTo(5);
        assertThat(j.at("/tcp/connectMs").isNull()).as("no request opened a connection yet").isTrue();
        assertThat(j.at("/unavailable/tcp.connectMs").asText()).contains("new connection");
        h.onRequestFinished(record(0, 2_000_000));
        h.onRequestFinished(record(0, 4_000_000));
        h.onRequestFinished(record(0, -1)); // reused a pooled connection: not a connect sample
        j = SectionJson.of(json.invoke(h));
        assertThat(j.at("/tcp/connectMs/count").asLong()).isEqualTo(2);
        assertThat(j.at("/tcp/connectMs/mean").asDouble()).isCloseTo(3.0, within(0.01));
        assertThat(j.at("/tcp/connectMs/max").asDouble()).isCloseTo(4.0, within(0.01));
        assertThat(j.at("/energy/joules").asDouble()).isCloseTo(5.0, within(1e-9));
        assertThat(j.at("/energy/joulesPerOutputToken").asDouble()).isCloseTo(0.5, within(1e-9));
        assertThat(j.at("/energy/source").asText()).isEqualTo("rapl");
        assertThat(j.at("/gc/pauseMs").asLong()).isGreaterThanOrEqualTo(0);
        assertThat(j.get("timeSeries")).hasSize(2);
        assertThat(j.at("/timeSeries/1/second").asLong()).isEqualTo(2);
        assertThat(j.at("/timeSeries/1/rssBytes").asLong()).isEqualTo(300_000 * 1024L);
        assertThat(j.at("/timeSeries/0/processCpuPct").isNull()).isTrue();
    }

    @Test
    void missingSourcesAreNullWithReasonsNeverZero() throws Exception {
        HostTelemetry h = HostTelemetry.builder().procRoot(tmp.resolve("no-proc")).sysRoot(tmp.resolve("no-sys"))
                .interval(Duration.ofMillis(50)).build();
        TestBackendAccess.Run run = TestBackendAccess.closedLoop("host-absent", 4, h);
        JsonNode j = SectionJson.of(run.result().sections().get("host"));
        assertThat(j.at("/memory/rssPeakBytes").isNull()).isTrue();
        assertThat(j.at("/memory/fragmentationRatio").isNull()).isTrue();
        assertThat(j.at("/pageFaults/minorPerSecond").isNull()).isTrue();
        assertThat(j.get("ioWaitPct").isNull()).isTrue();
        assertThat(j.at("/tcp/retransmits").isNull()).isTrue();
        assertThat(j.at("/energy/joules").isNull()).isTrue();
        assertThat(j.at("/energy/source").isNull()).isTrue();
        assertThat(j.at("/cpu/systemMeanPct").isNull()).isTrue();
        assertThat(j.at("/unavailable/energy").asText()).contains("RAPL");
        assertThat(j.at("/unavailable/ioWaitPct").asText()).contains("/proc/stat");
        // process CPU falls back to JMX; the JVM figures are always there
        assertThat(j.at("/memory/heapPeakBytes").asLong()).isPositive();
        assertThat(j.at("/gc/count").isNumber()).isTrue();
        assertThat(run.benchsuiteThreads()).isEmpty();
    }

    @Test
    void pauseCollectorsExcludeConcurrentCycles() {
        assertThat(HostTelemetry.isPauseCollector("G1 Young Generation")).isTrue();
        assertThat(HostTelemetry.isPauseCollector("G1 Concurrent GC")).isFalse();
        assertThat(HostTelemetry.isPauseCollector("ZGC Cycles")).isFalse();
        assertThat(HostTelemetry.isPauseCollector("ZGC Pauses")).isTrue();
    }

    private static RequestRecord record(int outputTokens) {
        return record(outputTokens, -1);
    }

    private static RequestRecord record(int outputTokens, long connectNanos) {
        return new RequestRecord(0, Window.MEASURED, -1, 0, 0, 0, 1, 2, 3,
                8, outputTokens, 8, outputTokens, outputTokens, TokenSource.values()[0], "0123456789abcdef",
                Outcome.SUCCESS, null, null, Gaps.empty(),
                connectNanos, 0);
    }

    @Test
    void realLinuxProcGivesNumbersWhenPresent() {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "not Linux");
        HostTelemetry h = HostTelemetry.builder().interval(Duration.ofMillis(50)).build();
        JsonNode j = SectionJson.of(TestBackendAccess.closedLoop("host-real", 6, h).result().sections().get("host"));
        assertThat(j.at("/memory/rssPeakBytes").asLong()).isPositive();
        assertThat(j.at("/cpu/processMeanPct").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(List.of(j.at("/pageFaults/minorPerSecond").isNumber())).containsExactly(true);
    }
}
